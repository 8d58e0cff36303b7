import XCTest

@testable import APODCore

final class ServiceErrorBodyTests: CoreTestCase, @unchecked Sendable {
    private func error(_ status: Int, _ body: String, html: Bool = false, secret: String? = nil) -> APODError {
        let response = HTTPResponse(
            status: status, headers: html ? ["content-type": "text/html"] : [:],
            body: Data(body.utf8), url: URL(string: "http://127.0.0.1/")!)
        return ServiceErrorBody.error(for: response, redacting: secret)
    }

    func testReadsAllThreeShapes() {
        XCTAssertEqual(ServiceErrorBody(Data(ScienceFixtures.noRoute.utf8))?.code, "rest_no_route")
        XCTAssertEqual(
            ServiceErrorBody(Data(LegacyFixtures.backendBadDate.utf8))?.message,
            "time data 'banana' does not match format '%Y-%m-%d'")
        XCTAssertEqual(ServiceErrorBody(Data(LegacyFixtures.backendBadDate.utf8))?.code, "400")
        XCTAssertEqual(ServiceErrorBody(Data(LegacyFixtures.gatewayRateLimit.utf8))?.code, "OVER_RATE_LIMIT")
        XCTAssertNil(ServiceErrorBody(Data(LegacyFixtures.outagePage.utf8)))
    }

    func testMapsStatusesAndCodesToErrors() {
        XCTAssertEqual(error(429, LegacyFixtures.gatewayRateLimit), .rateLimited)
        XCTAssertEqual(error(403, LegacyFixtures.gatewayKeyInvalid), .keyRefused)
        XCTAssertEqual(error(403, LegacyFixtures.gatewayKeyMissing), .keyRefused)
        XCTAssertEqual(error(500, LegacyFixtures.backendServerError), .serviceError(status: 500))
        XCTAssertEqual(error(503, LegacyFixtures.outagePage, html: true), .serviceError(status: 503))
        XCTAssertEqual(error(504, ""), .serviceError(status: 504))
        XCTAssertEqual(
            error(400, LegacyFixtures.backendBadDate),
            .requestRejected(status: 400, message: "time data 'banana' does not match format '%Y-%m-%d'"))
        XCTAssertEqual(error(200, LegacyFixtures.outagePage, html: true), .serviceError(status: 200))
    }

    func testRedactsTheKeyFromServiceMessages() {
        let echoed = #"{"code":400,"msg":"Bad Request: api_key s3cr3t is malformed"}"#
        let mapped = error(400, echoed, secret: "s3cr3t")
        XCTAssertFalse(mapped.message.contains("s3cr3t"))
        XCTAssertTrue(mapped.message.contains("api_key … is malformed"))
    }
}
