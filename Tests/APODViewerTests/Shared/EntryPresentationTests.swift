import APODCore
import XCTest

@testable import APODViewer

final class EntryPresentationTests: XCTestCase {
    private let picture = URL(string: "https://apod.nasa.gov/apod/image/2012/conjunction_960.jpg")!
    private let hd = URL(string: "https://apod.nasa.gov/apod/image/2012/conjunction_4000.png")!
    private let poster = URL(string: "https://img.youtube.com/vi/abc/0.jpg")!

    private func entry(_ media: MediaType = .image, title: String = "The Great Conjunction") -> APODEntry {
        APODEntry(
            date: APODDay("2020-12-17")!, title: title, copyright: "Ada", mediaType: media,
            imageURL: media == .image ? picture : nil, hdImageURL: media == .image ? hd : nil,
            thumbnailURL: media == .video ? poster : nil,
            videoURL: media == .video ? URL(string: "https://www.youtube.com/embed/abc") : nil)
    }

    func testPicturesChosenForEachPlace() {
        XCTAssertEqual(entry().displayPictureURL, picture)
        XCTAssertEqual(entry().thumbnailSourceURL, picture)
        XCTAssertEqual(entry().detailPictureSources.map(\.url), [hd, picture])
        XCTAssertEqual(entry(.video).displayPictureURL, poster)
        XCTAssertEqual(entry(.video).detailPictureSources.map(\.url), [poster])
        XCTAssertEqual(entry(.video).playableURL?.absoluteString, "https://www.youtube.com/embed/abc")
        XCTAssertNil(entry(.other).displayPictureURL)
        XCTAssertTrue(entry(.other).detailPictureSources.isEmpty)
        XCTAssertNil(entry().playableURL)
    }

    func testWebPageFallsBackToTheArchivePage() {
        XCTAssertEqual(entry().webPageURL.absoluteString, "https://apod.nasa.gov/apod/ap201217.html")
    }

    func testCopyrightLine() {
        XCTAssertEqual(entry().copyrightLine, "© Ada")
        var free = entry()
        free.copyright = nil
        XCTAssertNil(free.copyrightLine)
        free.copyright = ""
        XCTAssertNil(free.copyrightLine)
    }

    func testSuggestedFileNameIsDateTitleAndExtension() {
        XCTAssertEqual(entry().suggestedFileName, "2020-12-17-the-great-conjunction.png")
        XCTAssertEqual(
            entry(title: "Stars & <b>Gas</b>: M16/Eagle?").suggestedFileName, "2020-12-17-stars-b-gas-b-m16-eagle.png")
        XCTAssertEqual(entry(title: "Ça va, Öland!").suggestedFileName, "2020-12-17-ca-va-oland.png")
        XCTAssertEqual(entry(title: "Łódź, Øresund, Straße").suggestedFileName, "2020-12-17-lodz-oresund-strasse.png")
        XCTAssertEqual(entry(title: "***").suggestedFileName, "2020-12-17-apod.png")
        XCTAssertEqual(entry(.video).suggestedFileName, "2020-12-17-the-great-conjunction.jpg")
        let long = entry(title: String(repeating: "nebula ", count: 30)).suggestedFileName
        XCTAssertLessThanOrEqual(long.count, "2020-12-17-".count + 60 + ".png".count)
        XCTAssertFalse(long.contains("-.png"))
    }
}
