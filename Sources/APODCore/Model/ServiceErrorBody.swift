import Foundation

/// The error bodies the services send, read into one shape:
/// - WordPress: `{"code": "rest_no_route", "message": "…", "data": {"status": 404}}`
/// - legacy backend: `{"code": 400, "msg": "…", "service_version": "v1"}`
/// - api.nasa.gov gateway: `{"error": {"code": "OVER_RATE_LIMIT", "message": "…"}}`
/// Outage pages are HTML and read as no body at all.
struct ServiceErrorBody: Equatable {
    var code: String?
    var message: String?

    init?(_ data: Data) {
        guard let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] else { return nil }
        let fields: JSONFields
        if let nested = object["error"] as? [String: Any] {
            fields = JSONFields(object: nested)
        } else {
            fields = JSONFields(object: object)
        }
        code = fields.text("code")
        message = (fields.text("message") ?? fields.text("msg")).map(HTMLText.plainText)
        if code == nil && message == nil { return nil }
    }

    /// The error a response means when it is not a usable answer. A 404 is not handled here:
    /// what it means depends on the request.
    static func error(for response: HTTPResponse, redacting secret: String? = nil) -> APODError {
        let body = ServiceErrorBody(response.body)
        let code = body?.code?.uppercased()
        if response.status == 429 || code == "OVER_RATE_LIMIT" { return .rateLimited }
        if code == "API_KEY_INVALID" || code == "API_KEY_MISSING" || code == "API_KEY_DISABLED" { return .keyRefused }
        if response.status >= 500 { return .serviceError(status: response.status) }
        if response.status == 403 { return body == nil ? .serviceError(status: 403) : .keyRefused }
        if (400..<500).contains(response.status) {
            var message = body?.message ?? "HTTP \(response.status)"
            if let secret, !secret.isEmpty { message = message.replacingOccurrences(of: secret, with: "…") }
            return .requestRejected(status: response.status, message: message)
        }
        if response.isHTML { return .serviceError(status: response.status) }
        return .malformedResponse(detail: "unexpected HTTP \(response.status)")
    }
}
