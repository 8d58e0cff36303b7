import XCTest

@testable import APODCore

final class APODDayLinkTests: CoreTestCase, @unchecked Sendable {
    func testLinksToAnAPODDayNameThatDay() {
        let table: [(String, String)] = [
            ("https://apod.nasa.gov/apod/ap240101.html", "2024-01-01"),
            ("http://apod.nasa.gov/apod/ap951231.html", "1995-12-31"),
            ("https://www.apod.nasa.gov/apod/ap000229.html", "2000-02-29"),
            ("HTTPS://APOD.NASA.GOV/apod/AP200610.HTML", "2020-06-10"),
            ("https://apod.nasa.gov/apod/ap990101.htm", "1999-01-01"),
            ("ap220704.html", "2022-07-04"),
            ("./ap950616.html", "1995-06-16"),
            ("https://science.nasa.gov/apod/2024/01/01/aurora-and-moon/", "2024-01-01"),
            ("https://science.nasa.gov/apod/2026/11/28/", "2026-11-28"),
            ("https://www.science.nasa.gov/apod/2019/03/05/slug", "2019-03-05"),
            ("https://science.nasa.gov/apod/201217", "2020-12-17"),
        ]
        for (address, day) in table {
            XCTAssertEqual(APODDayLink.day(of: address)?.description, day, address)
        }
    }

    func testOtherLinksNameNoDay() {
        let table = [
            "https://apod.nasa.gov/apod/archivepix.html",
            "https://apod.nasa.gov/apod/image/2401/moon.jpg",
            "https://apod.nasa.gov/apod/ap240230.html",
            "https://apod.nasa.gov/apod/ap950615.html",
            "https://apod.nasa.gov/ap240101.html",
            "https://example.com/apod/ap240101.html",
            "https://apod.nasa.gov.example.com/apod/ap240101.html",
            "ftp://apod.nasa.gov/apod/ap240101.html",
            "https://science.nasa.gov/apod/",
            "https://science.nasa.gov/mission/hubble/",
            "https://science.nasa.gov/apod/2024/13/01/x/",
            "https://science.nasa.gov/apod/24/01/01/",
            "ap2401011.html",
            "image/ap240101.html",
            "ap24o101.html",
            "",
        ]
        for address in table {
            XCTAssertNil(APODDayLink.day(of: address), address)
        }
    }

    func testAbsoluteURLsAndRelativeOnesResolvedAgainstTheArchive() throws {
        let resolved = try XCTUnwrap(URL(string: "ap240101.html", relativeTo: APODDayLink.archiveBase)?.absoluteURL)
        XCTAssertEqual(APODDayLink.day(of: resolved), APODDay(year: 2024, month: 1, day: 1))
    }
}
