import Foundation

/// Decodes HTML character references the way HTML5 does in text: every named reference of
/// the standard (`table`, generated from WHATWG's list), the legacy names it accepts without
/// `;` (`&amp`, `&copy`), and numeric ones with its repairs (windows-1252 for 0x80–0x9F,
/// U+FFFD for `&#0;`, surrogates and code points beyond Unicode). Anything else stays as written.
public enum HTMLEntities {
    /// The longest name in the table, `;` included (`&CounterClockwiseContourIntegral;`).
    static let longestName = 32

    /// - Parameter inAttribute: decode as in an attribute value, where HTML5 leaves a legacy name
    ///   followed by `=` or a letter or digit alone, so `?a=1&copy=2` in a link stays as it is.
    public static func decode(_ text: String, inAttribute: Bool = false) -> String {
        guard text.utf8.contains(UInt8(ascii: "&")) else { return text }
        let bytes = Array(text.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "&"),
                let (replacement, end) = reference(in: bytes, at: index, inAttribute: inAttribute)
            {
                output.append(contentsOf: replacement.utf8)
                index = end
            } else {
                output.append(bytes[index])
                index += 1
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// The text a reference starting at `start` (an `&`) stands for, and the index after it.
    private static func reference(in bytes: [UInt8], at start: Int, inAttribute: Bool) -> (String, Int)? {
        let bodyStart = start + 1
        guard bodyStart < bytes.count else { return nil }
        if bytes[bodyStart] == UInt8(ascii: "#") { return numeric(in: bytes, from: bodyStart + 1) }
        return named(in: bytes, from: bodyStart, inAttribute: inAttribute)
    }

    /// `name;` if it is in the table, else the longest legacy name that starts the run of letters
    /// and digits (HTML5 reads `&copy2026` in text as "©2026").
    private static func named(in bytes: [UInt8], from start: Int, inAttribute: Bool) -> (String, Int)? {
        var end = start
        while end < bytes.count, end - start < longestName, isAlphanumeric(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        if end < bytes.count, bytes[end] == UInt8(ascii: ";"),
            let replacement = table[String(decoding: bytes[start...end], as: UTF8.self)]
        {
            return (replacement, end + 1)
        }
        var length = end - start
        while length > 0 {
            if let replacement = table[String(decoding: bytes[start..<start + length], as: UTF8.self)] {
                let next = start + length < bytes.count ? bytes[start + length] : nil
                if inAttribute, let next, next == UInt8(ascii: "=") || isAlphanumeric(next) { return nil }
                return (replacement, start + length)
            }
            length -= 1
        }
        return nil
    }

    /// `&#123;` or `&#x7B;` (the `;` may be missing, as HTML5 allows); `nil` without digits.
    private static func numeric(in bytes: [UInt8], from start: Int) -> (String, Int)? {
        var index = start
        var radix: UInt32 = 10
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x") {
            radix = 16
            index += 1
        }
        let digitsStart = index
        var value: UInt32 = 0
        while index < bytes.count, let digit = digitValue(bytes[index], radix: radix) {
            // Past Unicode's end the exact value no longer matters: it becomes U+FFFD.
            value = min(value * radix + digit, 0x11_0000)
            index += 1
        }
        guard index > digitsStart else { return nil }
        if index < bytes.count, bytes[index] == UInt8(ascii: ";") { index += 1 }
        return (String(Character(scalar(for: value))), index)
    }

    /// HTML5's repairs of a numeric reference's value.
    static func scalar(for value: UInt32) -> Unicode.Scalar {
        if let remapped = windows1252[value] { return remapped }
        guard value != 0, let scalar = Unicode.Scalar(value) else { return "\u{FFFD}" }
        return scalar
    }

    /// What pages written in windows-1252 meant by `&#128;`–`&#159;` (HTML5's table).
    private static let windows1252: [UInt32: Unicode.Scalar] = [
        0x80: "\u{20AC}", 0x82: "\u{201A}", 0x83: "\u{0192}", 0x84: "\u{201E}", 0x85: "\u{2026}",
        0x86: "\u{2020}", 0x87: "\u{2021}", 0x88: "\u{02C6}", 0x89: "\u{2030}", 0x8A: "\u{0160}",
        0x8B: "\u{2039}", 0x8C: "\u{0152}", 0x8E: "\u{017D}", 0x91: "\u{2018}", 0x92: "\u{2019}",
        0x93: "\u{201C}", 0x94: "\u{201D}", 0x95: "\u{2022}", 0x96: "\u{2013}", 0x97: "\u{2014}",
        0x98: "\u{02DC}", 0x99: "\u{2122}", 0x9A: "\u{0161}", 0x9B: "\u{203A}", 0x9C: "\u{0153}",
        0x9E: "\u{017E}", 0x9F: "\u{0178}",
    ]

    private static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func digitValue(_ byte: UInt8, radix: UInt32) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where radix == 16: return UInt32(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F") where radix == 16: return UInt32(byte - UInt8(ascii: "A")) + 10
        default: return nil
        }
    }
}
