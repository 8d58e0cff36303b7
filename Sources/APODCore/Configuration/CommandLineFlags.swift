/// Takes known flags out of a command line, leaving every other argument in order. Shared by
/// everything that reads flags of its own before a command sees the rest (`SourceConfiguration`,
/// `DataFolder`), so `--flag VALUE`, `--flag=VALUE` and `--` mean the same everywhere.
struct CommandLineFlags {
    /// The flags found, by name; a switch maps to "". A flag given twice keeps the last value.
    let values: [String: String]
    /// Every argument that is not one of the flags, in order; `--` and all after it stay.
    let remaining: [String]

    /// - Parameters:
    ///   - valued: flags that take a value, as `--flag VALUE` or `--flag=VALUE`.
    ///   - switches: flags that take none.
    /// - Throws: `APODError.invalidArgument` when a valued flag ends the command line.
    init(_ arguments: [String], valued: Set<String>, switches: Set<String> = []) throws {
        var values: [String: String] = [:]
        var remaining: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if argument == "--" {
                remaining.append(contentsOf: arguments[(index - 1)...])
                break
            }
            if switches.contains(argument) {
                values[argument] = ""
                continue
            }
            let parts = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            guard valued.contains(name) else {
                remaining.append(argument)
                continue
            }
            if parts.count == 2 {
                values[name] = String(parts[1])
            } else if index < arguments.count {
                values[name] = arguments[index]
                index += 1
            } else {
                throw APODError.invalidArgument(tr("{flag} needs a value.", ["flag": name]))
            }
        }
        self.values = values
        self.remaining = remaining
    }
}
