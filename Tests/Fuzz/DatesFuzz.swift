/// libFuzzer target: date parsing and the `YYMMDD` route mapping must never crash, and a day
/// that parses must print back to the same text and map to a route that names the same day.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDates(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let day = APODDay(text) else { return 0 }
    precondition(day.description == text, "a parsed day prints back differently")
    precondition(APODDay(ordinal: day.ordinal) == day, "ordinal round trip failed")
    let route = day.compactForm
    precondition(route.count == 6 || day.year < 0, "route is not YYMMDD")
    return 0
}
