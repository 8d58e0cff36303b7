internal import CSoup
import Foundation

/// The text of an HTML page whose bytes may be UTF-8 or Big5, often with no charset in the
/// HTTP header: a charset the header or a `<meta>` names is honoured, else bytes that are valid
/// UTF-8 are UTF-8, else they are read as Big5 (old pages of the Taiwanese mirror) through
/// GLib's iconv. A byte Big5 cannot read becomes U+FFFD rather than losing the page.
public enum PageEncoding {
    public enum Charset: Equatable, Sendable {
        case utf8
        case big5
    }

    /// `data` as text; `headerCharset` is the `charset=` of the Content-Type header, if any.
    public static func decode(_ data: Data, contentType: String? = nil) -> String {
        switch charset(of: data, contentType: contentType) {
        case .utf8: return String(decoding: data, as: UTF8.self)
        case .big5: return big5(data)
        }
    }

    /// The charset the page is read in.
    public static func charset(of data: Data, contentType: String? = nil) -> Charset {
        if let named = contentType.flatMap(charsetName(inContentType:)).flatMap(Charset.init(name:)) { return named }
        if let named = metaCharset(data).flatMap(Charset.init(name:)) { return named }
        return String(validatingUTF8: data) != nil ? .utf8 : .big5
    }

    /// `charset=NAME` in a Content-Type value.
    static func charsetName(inContentType value: String) -> String? {
        guard let range = value.range(of: "charset=", options: .caseInsensitive) else { return nil }
        let name = value[range.upperBound...].prefix { $0 != ";" && !$0.isWhitespace && $0 != "\"" && $0 != "'" }
        let trimmed = name.trimmingCharacters(in: CharacterSet(charactersIn: "\"' "))
        return trimmed.isEmpty ? nil : trimmed
    }

    /// The charset a `<meta charset=…>` or `<meta http-equiv=… content="…; charset=…">` in the
    /// page's first 4 KB names (where HTML says it must be).
    static func metaCharset(_ data: Data) -> String? {
        let head = String(decoding: data.prefix(4096).map { $0 < 0x80 ? $0 : 0x20 }, as: UTF8.self)
        var rest = head[...]
        while let meta = rest.range(of: "<meta", options: .caseInsensitive) {
            rest = rest[meta.upperBound...]
            let tag = rest.prefix { $0 != ">" }
            if let charset = tag.range(of: "charset=", options: .caseInsensitive) {
                let name = tag[charset.upperBound...].drop { $0 == "\"" || $0 == "'" }
                    .prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
                if !name.isEmpty { return String(name) }
            }
        }
        return nil
    }

    /// Big5 bytes as text, with Microsoft's extensions (CP950, what such pages were written
    /// with); an illegal sequence becomes U+FFFD and reading goes on. Read in pieces of about
    /// 8 KB that end after an ASCII byte (never inside a two-byte character), so a page of bad
    /// bytes costs linear time.
    static func big5(_ data: Data) -> String {
        let bytes = [UInt8](data)
        var output = ""
        var start = 0
        while start < bytes.count {
            var end = min(bytes.count, start + 8192)
            while end < bytes.count, end > start, bytes[end - 1] >= 0x80 { end -= 1 }
            if end == start { end = min(bytes.count, start + 8192) }
            output += big5Piece(bytes[start..<end])
            start = end
        }
        return output
    }

    private static func big5Piece(_ bytes: ArraySlice<UInt8>) -> String {
        var output = ""
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let (text, convertedCount) = bytes[start...].withUnsafeBufferPointer { buffer -> (String?, Int) in
                var bytesRead: gsize = 0
                var written: gsize = 0
                var error: UnsafeMutablePointer<GError>?
                let converted = buffer.baseAddress!.withMemoryRebound(to: gchar.self, capacity: buffer.count) {
                    g_convert($0, gssize(buffer.count), "UTF-8", "CP950", &bytesRead, &written, &error)
                }
                if let error { g_error_free(error) }
                defer { g_free(converted) }
                return (converted.map { String(cString: $0) }, Int(bytesRead))
            }
            if let text {
                output += text
                // A character cut off at the end is left out by iconv: it is unreadable too.
                if convertedCount < bytes.endIndex - start { output += "\u{FFFD}" }
                break
            }
            // What came before the byte that could not be read, then U+FFFD for that byte.
            if convertedCount > 0 { output += big5Piece(bytes[start..<(start + convertedCount)]) }
            output += "\u{FFFD}"
            start += convertedCount + 1
        }
        return output
    }
}

extension PageEncoding.Charset {
    init?(name: String) {
        switch name.lowercased() {
        case "utf-8", "utf8": self = .utf8
        case "big5", "big-5", "cp950", "big5-hkscs", "x-x-big5", "windows-950": self = .big5
        default: return nil
        }
    }
}

extension String {
    /// The text of `data` if it is valid UTF-8.
    fileprivate init?(validatingUTF8 data: Data) {
        var iterator = data.makeIterator()
        var decoder = UTF8()
        var valid = true
        loop: while true {
            switch decoder.decode(&iterator) {
            case .scalarValue: continue
            case .emptyInput: break loop
            case .error:
                valid = false
                break loop
            }
        }
        guard valid else { return nil }
        self = String(decoding: data, as: UTF8.self)
    }
}
