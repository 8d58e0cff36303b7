import Foundation

/// Forgiving access to one decoded JSON object: a field that is missing, null, empty,
/// whitespace or of an unexpected type reads as absent instead of failing the entry.
struct JSONFields {
    let object: [String: Any]

    /// The field as text: strings as they are, numbers printed, anything else absent.
    /// Blank strings count as absent.
    func text(_ key: String) -> String? {
        let value: String
        switch object[key] {
        case let string as String: value = string
        case let number as NSNumber where !(number is Bool): value = number.stringValue
        case let number as Int: value = String(number)
        case let number as Double: value = String(number)
        default: return nil
        }
        return value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty ? nil : value
    }

    /// The entry's day; the date must come first (`2020-12-17` or `2020-12-17T00:00:00`).
    func day(_ key: String = "date") -> APODDay? {
        guard let raw = text(key)?.trimmingCharacters(in: .whitespacesAndNewlines) else { return nil }
        return APODDay(String(raw.prefix(10)))
    }

    /// What every entry must have, from either service: its day and a title that is not empty
    /// once cleaned, and its media type (a picture unless said otherwise).
    /// - Throws: `APODError.unusableEntry` naming the day when it can be read.
    func entryEssentials() throws -> (date: APODDay, title: String, mediaType: MediaType) {
        guard let date = day() else { throw APODError.unusableEntry(date: text("date")) }
        guard let rawTitle = text("title"), case let title = EntryText.title(rawTitle), !title.isEmpty else {
            throw APODError.unusableEntry(date: date.description)
        }
        return (date, title, text("media_type").map(MediaType.init(rawValue:)) ?? .image)
    }

    /// Parses a body holding one object or an array of objects. Anything else is malformed,
    /// including an array holding anything but objects (`[1, 2, 3]`): read leniently, it would
    /// pass for an empty list and so for "no picture that day".
    static func objects(in data: Data) throws -> [[String: Any]] {
        guard let parsed = try? JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) else {
            throw APODError.malformedResponse(detail: "not JSON")
        }
        if let object = parsed as? [String: Any] { return [object] }
        if let array = parsed as? [Any] {
            let objects = array.compactMap { $0 as? [String: Any] }
            guard objects.count == array.count else {
                throw APODError.malformedResponse(detail: "an array holding something else than objects")
            }
            return objects
        }
        throw APODError.malformedResponse(detail: "JSON that is neither an object nor an array")
    }
}
