import XCTest

@testable import APODCore

final class JSONFieldsTests: CoreTestCase, @unchecked Sendable {
    private func objects(_ json: String) throws -> [[String: Any]] {
        try JSONFields.objects(in: Data(json.utf8))
    }

    func testObjectAndArrayOfObjects() throws {
        XCTAssertEqual(try objects(#"{"a":1}"#).count, 1)
        XCTAssertEqual(try objects(#"[{"a":1},{"b":2}]"#).count, 2)
        XCTAssertEqual(try objects("[]").count, 0)
    }

    func testArrayHoldingAnythingButObjectsIsMalformed() {
        for json in ["[1,2,3]", #"["a"]"#, "[null]", #"[{"a":1}, 2]"#, "[[]]"] {
            XCTAssertThrowsError(try objects(json), json) {
                guard case .malformedResponse? = $0 as? APODError else { return XCTFail("\(json): \($0)") }
            }
        }
    }

    func testNumbersReadAsTextAndOtherShapesAsAbsent() {
        let fields = JSONFields(object: ["n": 42, "d": 2.5, "b": true, "a": ["x"], "o": ["k": "v"], "s": "  "])
        XCTAssertEqual(fields.text("n"), "42")
        XCTAssertEqual(fields.text("d"), "2.5")
        XCTAssertNil(fields.text("b"))
        XCTAssertNil(fields.text("a"))
        XCTAssertNil(fields.text("o"))
        XCTAssertNil(fields.text("s"))
    }
}
