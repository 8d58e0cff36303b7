import APODCore
import Foundation
import XCTest

extension GUITestCase {
    /// The offline sample's entries (`data/sample/entries.json`), pictures served over HTTP:
    /// what screenshots show, so they look like the real thing.
    func sampleEntries() throws -> [APODEntry] {
        let file = PictureServer.sampleDirectory.deletingLastPathComponent().appendingPathComponent("entries.json")
        let data = try XCTUnwrap(try? Data(contentsOf: file), "data/sample/entries.json is missing")
        let objects = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        return objects.compactMap { object in
            guard let date = (object["date"] as? String).flatMap(APODDay.init), let title = object["title"] as? String,
                let picture = (object["url"] as? String).flatMap({ $0.hasPrefix("images/") ? $0 : nil })
                    ?? (object["thumbnail_url"] as? String)
            else { return nil }
            let media = MediaType(rawValue: object["media_type"] as? String ?? "image")
            var item = entry(
                date.description, title: title, picture: "/sample/" + picture.dropFirst("images/".count),
                copyright: object["copyright"] as? String, media: media)
            item.explanation = object["explanation"] as? String ?? ""
            return item
        }
    }
}
