import Foundation

/// libFuzzer target: raw bytes through both services' decoders. Decoding may refuse input with
/// an `APODError`, but must never crash, and whatever it accepts must be normalised.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzEntryDecoding(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    guard let objects = try? JSONFields.objects(in: bytes) else { return 0 }
    for object in objects {
        for decode in [
            { try ScienceEntryDecoder.entry(from: $0) },
            { try LegacyEntryDecoder.entry(from: $0) },
        ] as [([String: Any]) throws -> APODEntry] {
            guard let entry = try? decode(object) else { continue }
            precondition(!entry.title.isEmpty, "accepted an entry without a title")
            precondition(entry.title == entry.title.trimmingCharacters(in: .whitespacesAndNewlines))
            for url in [entry.imageURL, entry.hdImageURL, entry.thumbnailURL, entry.videoURL, entry.pageURL] {
                if let scheme = url?.scheme?.lowercased() {
                    precondition(scheme == "http" || scheme == "https", "kept a \(scheme): URL")
                }
            }
        }
    }
    return 0
}
