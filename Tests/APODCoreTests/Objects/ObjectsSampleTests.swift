import TestSupport
import XCTest

@testable import APODCore

/// Recall and precision of the sky objects over the real 2019 archive (`SampleFolder`, outside
/// the repository; skipped when absent), the way the issue states the targets: for
/// well-known objects, the index must find at least 95 % of the entries whose title names the
/// object by any of its names, and at least 97 % of what it finds must name the object in its
/// title or explanation.
///
/// The truth comes from this test's own alias lists, matched with regular expressions (any
/// case, whole words, a plural allowed), not from the app's catalogue or finder.
final class ObjectsSampleTests: CoreTestCase, @unchecked Sendable {

    /// An object as a reader names it: its aliases, and longer names that contain one of them
    /// but name something else (the Ghost of Jupiter is a nebula, a Saturn V a rocket).
    private struct Truth {
        let id: String
        private let aliases: NSRegularExpression
        private let others: NSRegularExpression?

        init(id: String, aliases: [String], others: [String] = []) {
            self.id = id
            self.aliases = Self.expression(aliases)!
            self.others = Self.expression(others)
        }

        func isNamed(in text: String) -> Bool {
            let range = NSRange(text.startIndex..., in: text)
            let text = others?.stringByReplacingMatches(in: text, range: range, withTemplate: "") ?? text
            return aliases.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }

        /// Any of the names as whole words, in any case, with spaces or hyphens between their
        /// words and a plural ending allowed.
        private static func expression(_ names: [String]) -> NSRegularExpression? {
            guard !names.isEmpty else { return nil }
            let alternatives = names.map { name in
                name.split(separator: " ").map { NSRegularExpression.escapedPattern(for: String($0)) }.joined(
                    separator: "[\\s-]+")
            }
            let pattern = "(?<![\\p{L}\\p{N}])(?:" + alternatives.joined(separator: "|") + ")(?:s|e)?(?![\\p{L}\\p{N}])"
            return try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        }
    }

    private let truths: [Truth] = [
        Truth(id: "M31", aliases: ["M31", "M 31", "Messier 31", "NGC 224", "Andromeda Galaxy", "Andromeda Nebula"]),
        Truth(id: "M42", aliases: ["M42", "M 42", "Messier 42", "NGC 1976", "Orion Nebula", "Great Nebula in Orion"]),
        Truth(id: "M45", aliases: ["M45", "Messier 45", "Pleiades", "Seven Sisters"], others: ["Southern Pleiades"]),
        Truth(id: "M33", aliases: ["M33", "Messier 33", "NGC 598", "Triangulum Galaxy"]),
        Truth(id: "M101", aliases: ["M101", "Messier 101", "NGC 5457", "Pinwheel Galaxy"]),
        Truth(id: "M104", aliases: ["M104", "Messier 104", "NGC 4594", "Sombrero Galaxy"]),
        Truth(id: "M16", aliases: ["M16", "Messier 16", "NGC 6611", "Eagle Nebula", "Pillars of Creation"]),
        Truth(id: "M27", aliases: ["M27", "Messier 27", "NGC 6853", "Dumbbell Nebula"]),
        Truth(id: "M8", aliases: ["M8", "Messier 8", "NGC 6523", "Lagoon Nebula"]),
        Truth(
            id: "Barnard 33", aliases: ["Barnard 33", "B33", "Horsehead Nebula", "Horsehead"],
            others: ["Blue Horsehead"]),
        Truth(id: "NGC 3372", aliases: ["NGC 3372", "Carina Nebula", "Eta Carinae Nebula", "Great Nebula in Carina"]),
        Truth(id: "NGC 7000", aliases: ["NGC 7000", "North America Nebula"]),
        Truth(id: "IC 1805", aliases: ["IC 1805", "Heart Nebula"]),
        Truth(
            id: "Large Magellanic Cloud",
            aliases: [
                "Large Magellanic Cloud", "LMC", "Large Cloud of Magellan",
                "Large and Small Magellanic Cloud",
            ]),
        Truth(id: "C/2018 Y1", aliases: ["C/2018 Y1", "Comet Iwamoto"]),
        Truth(id: "Jupiter", aliases: ["Jupiter"], others: ["Ghost of Jupiter"]),
        Truth(id: "Saturn", aliases: ["Saturn"], others: ["Saturn Nebula", "Saturn V"]),
        Truth(id: "Mars", aliases: ["Mars"]),
        Truth(id: "Mercury", aliases: ["Mercury"]),
        Truth(id: "Venus", aliases: ["Venus"]),
        Truth(id: "Pluto", aliases: ["Pluto"]),
    ]

    func testWellKnownObjectsOfTheRealYearAreFoundWithTheirTargets() throws {
        guard let sample = SampleFolder.locate(), let data = try? Data(contentsOf: SampleFolder.entriesFile(in: sample))
        else {
            throw XCTSkip("no real sample (shared/apod-sample) above the package")
        }
        let entries = try JSONFields.objects(in: data).map { try LegacyEntryDecoder.entry(from: $0) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "objects-sample-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let index = try ArchiveIndex.open(in: folder, partition: "sample")
        try index.store(entries)

        var report = ["object                 titles found recall precision  missed / not named"]
        var titlesTotal = 0
        var recalledTotal = 0
        var foundTotal = 0
        var namedTotal = 0
        for truth in truths {
            let inTitles = Set(entries.filter { truth.isNamed(in: $0.title) }.map(\.date))
            let named = Set(entries.filter { truth.isNamed(in: $0.title + "\n" + $0.explanation) }.map(\.date))
            let found = Set(try index.entries(of: SkyObject(id: truth.id)).map(\.date))
            let recalled = found.intersection(inTitles)
            let correct = found.intersection(named)
            let recall = inTitles.isEmpty ? 1 : Double(recalled.count) / Double(inTitles.count)
            let precision = found.isEmpty ? 1 : Double(correct.count) / Double(found.count)
            let missed = inTitles.subtracting(found).map(\.description).sorted()
            let wrong = found.subtracting(named).map(\.description).sorted()
            report.append(
                truth.id.padding(toLength: 22, withPad: " ", startingAt: 0)
                    + String(format: " %6d %5d  %5.3f     %5.3f  ", inTitles.count, found.count, recall, precision)
                    + (missed + wrong.map { "!" + $0 }).joined(separator: " "))
            XCTAssertFalse(inTitles.isEmpty, "\(truth.id) is named in a 2019 title: the test measures it")
            XCTAssertGreaterThanOrEqual(recall, 0.95, "\(truth.id) missed \(missed)")
            XCTAssertGreaterThanOrEqual(precision, 0.97, "\(truth.id) found without being named: \(wrong)")
            titlesTotal += inTitles.count
            recalledTotal += recalled.count
            foundTotal += found.count
            namedTotal += correct.count
        }
        report.append(
            String(
                format: "all %d objects          %6d %5d  %5.3f     %5.3f", truths.count, titlesTotal, foundTotal,
                Double(recalledTotal) / Double(titlesTotal), Double(namedTotal) / Double(foundTotal)))
        print(report.joined(separator: "\n"))
    }

    /// The cap on objects per entry (`SkyObjectFinder.maxObjectsPerEntry`) stays far above what
    /// any real entry names: the most of the 2019 archive is printed and said in
    /// docs/reliability.md.
    func testNoRealEntryComesNearTheObjectCap() throws {
        guard let sample = SampleFolder.locate(), let data = try? Data(contentsOf: SampleFolder.entriesFile(in: sample))
        else {
            throw XCTSkip("no real sample (shared/apod-sample) above the package")
        }
        let entries = try JSONFields.objects(in: data).map { try LegacyEntryDecoder.entry(from: $0) }
        let finder = SkyObjectFinder()
        let counts = entries.map {
            (day: $0.date, count: finder.objects(title: $0.title, explanation: $0.explanation).count)
        }
        let most = try XCTUnwrap(counts.max { $0.count < $1.count })
        print("most objects in one real entry: \(most.count) on \(most.day) of \(entries.count) entries")
        XCTAssertLessThanOrEqual(most.count * 4, SkyObjectFinder.maxObjectsPerEntry)
    }
}
