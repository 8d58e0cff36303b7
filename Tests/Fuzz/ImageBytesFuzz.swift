import Foundation

/// libFuzzer target: the checks every downloaded picture passes before it is cached or saved
/// (format by first bytes, completeness by end marker) never crash, and what they accept has a
/// known format.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageBytes(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let format = ImageValidation.format(of: bytes)
    if let accepted = try? ImageValidation.requireImage(bytes) {
        precondition(accepted == format, "accepted bytes of another format than detected")
    }
    // Framed for the disk cache and read back, the bytes are unchanged.
    precondition(CacheEntryFormat.unframe(CacheEntryFormat.frame(bytes)) == bytes, "cache framing changed the bytes")
    return 0
}
