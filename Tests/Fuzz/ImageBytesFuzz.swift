import Foundation

/// libFuzzer target: the checks every downloaded picture passes before it is cached or saved
/// (format by first bytes, size by header, completeness by structure) never crash, and agree:
/// what they accept has a known format and a size within the limit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let format = ImageValidation.format(of: bytes)
    let header = ImageHeader.read(bytes)
    precondition(format != nil || header == nil, "a size read from bytes of no known format")
    if let header {
        precondition(header.width >= 0 && header.height >= 0, "a negative side")
    }
    // A header is read from the first bytes only: a prefix gives the same size or none.
    if let partial = ImageHeader.read(bytes.prefix(size / 2)) {
        precondition(partial == header, "a cut file announced another size")
    }
    do {
        let accepted = try ImageValidation.requireImage(bytes)
        precondition(accepted == format, "accepted bytes of another format than detected")
        precondition(header?.isTooLarge != true, "accepted a picture over the pixel limit")
    } catch let error as APODError {
        if header?.isTooLarge == true {
            precondition(error == header!.tooLargeError, "a bomb refused for another reason: \(error)")
        }
    } catch {
        preconditionFailure("not an APODError: \(error)")
    }
    // Framed for the disk cache and read back, the bytes are unchanged.
    precondition(
        CacheEntryFormat.unframe(CacheEntryFormat.header(for: bytes) + bytes) == bytes,
        "cache framing changed the bytes")
    return 0
}
