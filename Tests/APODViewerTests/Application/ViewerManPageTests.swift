import APODCore
import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// `apod-viewer.1` names every option `apod-viewer --help` prints, for this version.
final class ViewerManPageTests: XCTestCase {
    func testTheManPageNamesEveryOptionOfTheHelp() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..")
            .standardized
        let page = try String(contentsOf: root.appendingPathComponent("docs/man/apod-viewer.1"), encoding: .utf8)
            .replacingOccurrences(of: "\\-", with: "-")
        let options = UsageWords.options(in: ViewerOptions.usage)
        XCTAssertTrue(options.isSuperset(of: ["--date", "--random", "--background", "--version"]), "\(options)")
        for option in options {
            XCTAssertTrue(page.contains(option), "apod-viewer.1 lacks \(option)")
        }
        XCTAssertTrue(page.contains("\"apod-viewer \(AppVersion.current)\""), "apod-viewer.1 is for this version")
    }
}
