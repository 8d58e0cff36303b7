import XCTest

@testable import APODCore

final class HTMLEntitiesTests: CoreTestCase, @unchecked Sendable {
    /// WHATWG's list as committed in data/ (the source scripts/generate-entities reads).
    private func entitiesJSON() throws -> [String: String] {
        let file = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("data/html5-entities.json")
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [String: [String: Any]]
        return try XCTUnwrap(object).mapValues { try XCTUnwrap($0["characters"] as? String) }
    }

    func testGeneratedTableMatchesEntitiesJSON() throws {
        let json = try entitiesJSON()
        XCTAssertEqual(json.count, 2_231)
        XCTAssertEqual(Set(HTMLEntities.table.keys), Set(json.keys.map { String($0.dropFirst()) }))
        for (name, characters) in json {
            XCTAssertEqual(HTMLEntities.table[String(name.dropFirst())], characters, name)
        }
        XCTAssertEqual(
            json.keys.map(\.count).max(), HTMLEntities.longestName + 1, "the look-ahead fits the longest name")
    }

    func testDecodesEveryNameInEntitiesJSON() throws {
        for (name, characters) in try entitiesJSON() {
            XCTAssertEqual(HTMLEntities.decode("<\(name)>"), "<\(characters)>", name)
        }
    }

    func testNamesFromRealEntries() {
        XCTAssertEqual(
            HTMLEntities.decode("Pozna&nacute; &ncaron;&Ccaron;&eth;&Alpha;&oelig;&Atilde;"), "Poznań ňČðΑœÃ")
        XCTAssertEqual(HTMLEntities.decode("&CounterClockwiseContourIntegral;"), "\u{2233}")
    }

    func testLegacyNamesWithoutSemicolonDecodeAsHTML5Does() {
        XCTAssertEqual(HTMLEntities.decode("R&amp D, &copy 2020, &lt&gt, &eacutex"), "R& D, © 2020, <>, éx")
        XCTAssertEqual(HTMLEntities.decode("&notit; &notin;"), "\u{00AC}it; \u{2209}")
        XCTAssertEqual(
            HTMLEntities.decode("R&D and &unknown; and & alone and &nacute"),
            "R&D and &unknown; and & alone and &nacute")
    }

    func testAttributeValuesKeepLegacyNamesBeforeEqualsOrAlphanumerics() {
        XCTAssertEqual(
            HTMLEntities.decode("embed/x?a=1&copy=2&amp;b=3&notit", inAttribute: true), "embed/x?a=1&copy=2&b=3&notit")
        XCTAssertEqual(HTMLEntities.decode("x&copy y&amp", inAttribute: true), "x© y&")
        XCTAssertEqual(HTMLEntities.decode("a=1&copy=2"), "a=1©=2", "in text HTML5 decodes it")
    }

    func testNumericReferencesFollowHTML5() {
        XCTAssertEqual(HTMLEntities.decode("a&#150;b&#146;s &#x80; &#x9f;"), "a\u{2013}b\u{2019}s \u{20AC} \u{0178}")
        XCTAssertEqual(HTMLEntities.decode("&#129;"), "\u{0081}", "0x81 has no windows-1252 meaning: kept")
        XCTAssertEqual(
            HTMLEntities.decode("&#0;|&#xD800;|&#xDFFF;|&#x110000;|&#99999999999999999999999;"),
            "\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}|\u{FFFD}")
        XCTAssertEqual(HTMLEntities.decode("&#8217;&#x2019;&#X2019;&#65"), "\u{2019}\u{2019}\u{2019}A")
        XCTAssertEqual(HTMLEntities.decode("&#; &#x; &#a; &"), "&#; &#x; &#a; &")
    }
}
