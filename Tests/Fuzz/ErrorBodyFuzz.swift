import Foundation

/// libFuzzer target: any error body, under any status, becomes an `APODError` without crashing,
/// and its message never carries the API key, however the service echoes it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzErrorBody(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let key = "FUZZKEY4242"
    let statuses = [200, 302, 400, 403, 404, 429, 500, 502, 503, 504]
    let status = statuses[Int(data[0]) % statuses.count]
    let body = Data(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let headers = data[0] & 0x80 != 0 ? ["content-type": "text/html"] : ["content-type": "application/json"]
    let response = HTTPResponse(
        status: status, headers: headers, body: body, url: URL(string: "https://api.nasa.gov/planetary/apod")!)
    let error = ServiceErrorBody.error(for: response, redacting: key)
    precondition(!error.message.contains(key), "the key leaked into: \(error.message)")
    return 0
}
