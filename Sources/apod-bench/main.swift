import Foundation

/// `apod-bench [--count N] [--json] [--sample DIR]`: how fast and light the image pipeline
/// fills a grid, against the naive way. See README "Performance".
let usage = """
usage: apod-bench [--count N] [--json] [--sample DIR] [--latency-ms MS] [--rate MB_PER_S]
  --count N        pictures in the grid (default 100)
  --json           print the result as JSON instead of a table
  --sample DIR     serve the real pictures of DIR/image (e.g. ../shared/apod-sample), upscaled to HD
  --latency-ms MS  emulated wait before each answer's first byte (default 40; 0 = raw loopback)
  --rate MB        emulated megabytes per second per connection (default 20; 0 = unlimited)
"""

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("apod-bench: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == RowArguments.flag {
    guard let settings = RowArguments.parse(arguments) else { fail("bad row arguments") }
    do {
        let measurement = try RowProcess.measure(settings)
        FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
        exit(0)
    } catch {
        fail("\(settings.kind.rawValue) \(settings.flavour.rawValue): \(error)")
    }
}

if arguments.first == WaitCPU.flag {
    guard arguments.count == 2, let url = URL(string: arguments[1]) else { fail("bad wait-cpu arguments") }
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var measurement: WaitCPU.Measurement?
    Task.detached {
        measurement = await WaitCPU.measure(url)
        finished.signal()
    }
    finished.wait()
    FileHandle.standardOutput.write(try JSONEncoder().encode(measurement!))
    exit(0)
}

var options = BenchPlan.Options()
var remaining = arguments[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--count":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else { fail("--count needs a positive number\n\(usage)") }
        options.count = value
    case "--latency-ms":
        guard let value = remaining.popFirst().flatMap(Double.init), value >= 0 else { fail("--latency-ms needs a number\n\(usage)") }
        options.network.latency = value / 1000
    case "--rate":
        guard let value = remaining.popFirst().flatMap(Double.init), value >= 0 else { fail("--rate needs a number\n\(usage)") }
        options.network.bytesPerSecond = Int(value * 1_000_000)
    case "--json":
        options.json = true
    case "--sample":
        guard let path = remaining.popFirst() else { fail("--sample needs a folder\n\(usage)") }
        guard FileManager.default.fileExists(atPath: path) else { fail("no sample at \(path)") }
        options.sample = URL(fileURLWithPath: path, isDirectory: true)
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument)\n\(usage)")
    }
}

do {
    let report = try BenchPlan.run(options)
    if options.json {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        let pictures = options.sample.map { "sample \($0.path), upscaled" } ?? "generated 3000×2000 JPEGs"
        print(BenchTable.render(report, source: pictures + "; " + options.network.summary))
    }
} catch {
    fail("\(error)")
}
