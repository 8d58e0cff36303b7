/// libFuzzer target: the HTML-to-text cleaner and the field normalisers never crash, finish
/// within scripts/fuzz's per-input time-out (2 s for inputs up to 128 KB, so a quadratic pass
/// fails), and their output is trimmed with single spaces and free of controls, whatever the markup.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTMLText(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let html = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    for text in [
        HTMLText.plainText(html), EntryText.title(html), EntryText.explanation(html),
        EntryText.credit(html) ?? "",
    ] {
        precondition(
            text.first?.isWhitespace != true && text.last?.isWhitespace != true,
            "output not trimmed")
        precondition(!text.contains("  "), "whitespace run left")
        precondition(
            !text.unicodeScalars.contains { ControlCharacters.isUnsafe($0, keepingLayout: false) },
            "control or bidi override left")
    }
    return 0
}
