import APODCore
import Foundation
import LoopbackServer

/// A whole archive's worth of science.nasa.gov `apod-basic` bodies, one per day from
/// 1995-06-16 to today but the 84 days a replay of the real service lacks (`ArchiveGaps`:
/// month ends, runs of 12 and 23 days), with text as long as the real archive's: titles
/// of 3–6 words, explanations of 110–170 words (about 950 characters; 2019's average 918), HTML
/// credits. Words are drawn unevenly from a large vocabulary, as in prose, with a seeded
/// generator so every run indexes the same text. About 3.5 % of the days are videos (~400, as
/// in the real archive), whose player is only in the entry's `basic_html` page.
struct SyntheticArchive {
    static let gaps = Set(ArchiveGaps.replay)
    /// Videos per thousand days.
    static let videosPerMille = 35

    /// Words a search may look for; they appear often enough to match many entries.
    static let themes = [
        "galaxy", "nebula", "eclipse", "aurora", "comet", "moon", "saturn", "jupiter", "mars",
        "supernova", "cluster", "milky", "orion", "andromeda", "meteor", "venus", "pleiades",
        "hubble", "webb", "spitzer", "solar", "sunspot", "quasar", "pulsar", "horsehead",
        "rosette", "lagoon", "trifid", "crab", "whirlpool", "sombrero", "dust", "star", "planet",
    ]
    static let places = ["Poznań", "Tromsø", "Atacama", "Mauna Kea", "La Palma", "Namibia", "Yellowstone", "Kraków"]

    /// Day (`YYYY-MM-DD`) to its JSON body (the fields `ScienceEntryDecoder.fields` asks
    /// for; no `basic_html`), ascending by day.
    let bodies: [(day: APODDay, json: String)]
    let videoDays: Set<APODDay>
    /// Days of a real year (`init(through:pictureBase:realYear:)`).
    private(set) var realDays = 0
    /// The sky objects the text names, and where.
    let sky: SyntheticSky

    /// - Parameter pictureBase: where the `hdurl`s point; the viewer rows give a loopback server
    ///   so that a grid of these entries never reaches the real CDN.
    init(through today: APODDay, pictureBase: String = "https://assets.science.nasa.gov") {
        var random = SeededGenerator(seed: 0xA90D)
        let vocabulary = Self.vocabulary(using: &random)
        var bodies: [(APODDay, String)] = []
        var videoDays = Set<APODDay>()
        var sky = SyntheticSky()
        var day = ArchiveCalendar.firstDay
        while day <= today {
            if !Self.gaps.contains(day.description) {
                let isVideo = Self.isVideo(day)
                if isVideo { videoDays.insert(day) }
                bodies.append(
                    (
                        day,
                        Self.body(
                            for: day, isVideo: isVideo, vocabulary: vocabulary, pictureBase: pictureBase,
                            random: &random, sky: &sky)
                    ))
            }
            day = day.adding(days: 1)
        }
        self.bodies = bodies
        self.videoDays = videoDays
        self.sky = sky
    }

    /// The same with the days of a real year in place of the synthetic ones: `realYear` is the
    /// real sample's entries file (NASA's v1 answer, `apod-2019.json`), whose titles,
    /// explanations, credits and media types the service then answers with, its pictures
    /// still on `pictureBase`.
    init(through today: APODDay, pictureBase: String, realYear file: URL) throws {
        let synthetic = SyntheticArchive(through: today, pictureBase: pictureBase)
        let objects = try JSONSerialization.jsonObject(with: Data(contentsOf: file)) as? [[String: Any]] ?? []
        var real: [APODDay: String] = [:]
        var realVideos = Set<APODDay>()
        for object in objects {
            guard let date = object["date"] as? String, let day = APODDay(date), day <= today else { continue }
            let isVideo = (object["media_type"] as? String) == "video"
            if isVideo { realVideos.insert(day) }
            let copyright = (object["copyright"] as? String)?.trimmingCharacters(in: .whitespacesAndNewlines)
            let body: [String: String] = [
                "date": date, "title": object["title"] as? String ?? "", "media_type": isVideo ? "video" : "image",
                "explanation": object["explanation"] as? String ?? "",
                "credit": copyright.map { "<strong>Image Credit &amp; Copyright:</strong> \($0)" } ?? "",
                "copyright": "", "alt": "", "permalink": "https://science.nasa.gov/apod/\(date)/",
                "url": "https://science.nasa.gov/apod/\(date)/",
                "hdurl": "\(pictureBase)/dynamicimage/assets/science/apod/\(date).jpg?w=2000&h=1333&fit=clip",
            ]
            real[day] = String(
                decoding: try JSONSerialization.data(withJSONObject: body, options: [.sortedKeys]), as: UTF8.self)
        }
        let years = Set(real.keys.map(\.year))
        var bodies = synthetic.bodies.filter { !years.contains($0.day.year) }
        bodies += real.map { ($0.key, $0.value) }
        self.bodies = bodies.sorted { $0.day < $1.day }
        videoDays = synthetic.videoDays.filter { !years.contains($0.year) }.union(realVideos)
        sky = synthetic.sky
        realDays = real.count
    }

    /// Drawn from the day itself (not the text's generator), so adding videos left every
    /// entry's words as they were.
    private static func isVideo(_ day: APODDay) -> Bool {
        var mixer = SeededGenerator(seed: UInt64(day.ordinal) &* 0x9E37_79B9_7F4A_7C15)
        return Int(mixer.next() % 1000) < videosPerMille
    }

    /// The day's `basic_html`: a whole page, as heavy as the real ones (about 20 KB), with the
    /// player's `<iframe>` on video days.
    static func basicHTML(for day: APODDay, isVideo: Bool) -> String {
        let player =
            isVideo
            ? #"<iframe width="960" src="https://www.youtube.com/embed/v\#(day.compactForm)?rel=0"></iframe>"# : ""
        let filler = String(
            repeating: #"<p class="nav"><a href="/apod/archive">Archive</a> | <a href="/apod/lib/">Index</a></p>"#,
            count: 220)
        return "<html><head><title>APOD \(day)</title></head><body><center>\(player)</center>\(filler)</body></html>"
    }

    /// - Parameter sky: draws the object mentions from a generator of its own, so the rest of
    ///   the text is what it was before objects were added.
    private static func body(
        for day: APODDay, isVideo: Bool, vocabulary: [String], pictureBase: String,
        random: inout SeededGenerator, sky: inout SyntheticSky
    ) -> String {
        func word() -> String {
            // Log-uniform ranks: Zipf's law with exponent 1.
            let x = Double(random.next() % 1_000_000) / 1_000_000
            return vocabulary[min(vocabulary.count - 1, Int(pow(Double(vocabulary.count), x)) - 1)]
        }
        let theme = themes[Int(random.next() % UInt64(themes.count))]
        let title = sky.title([theme.capitalized] + (0..<Int(2 + random.next() % 4)).map { _ in word().capitalized })
        var sentences: [String] = []
        var characters = 0
        let target = 650 + Int(random.next() % 550)
        while characters < target {
            let length = 8 + Int(random.next() % 14)
            var sentence = (0..<length).map { _ in word() }
            if random.next() % 4 == 0 { sentence[Int(random.next() % UInt64(length))] = theme }
            if random.next() % 40 == 0 { sentence.append("over " + places[Int(random.next() % UInt64(places.count))]) }
            sentences.append(sentence.joined(separator: " ").capitalized(firstOnly: true) + ".")
            characters += sentences.last!.count + 1
        }
        for (number, mention) in sky.explanationMentions().enumerated() {
            let sentence = (number * 3 + 1) % sentences.count
            sentences[sentence] = String(sentences[sentence].dropLast()) + " near " + mention + "."
        }
        sky.note(day: day, title: title, explanation: sentences.joined(separator: " "))
        let explanation =
            "<strong>Explanation: </strong>" + sentences.joined(separator: " ")
            + " <strong>Tomorrow&#8217;s picture: </strong><a href=\\\"https://science.nasa.gov/apod/\\\">" + word()
            + "</a>"
        let credit =
            "<strong>Image Credit &amp; Copyright:</strong> <a href=\\\"https://example.org/\\\">"
            + word().capitalized + " " + word().capitalized + "</a>"
        return """
            {"date":"\(day)","title":"\(title)","media_type":"\(isVideo ? "video" : "image")",\
            "explanation":"\(explanation)","credit":"\(credit)","copyright":"",\
            "alt":"\(theme) seen in the night sky","permalink":"https://science.nasa.gov/apod/\(day)/",\
            "url":"https://science.nasa.gov/apod/\(day)/",\
            "hdurl":"\(pictureBase)/dynamicimage/assets/science/apod/\(day).jpg?w=2000&h=1333&fit=clip"}
            """
    }

    /// The astronomy themes plus 40,000 made-up words of 2–4 syllables.
    private static func vocabulary(using random: inout SeededGenerator) -> [String] {
        let common = [
            "the", "of", "and", "a", "in", "is", "to", "this", "that", "light", "years", "image", "from", "by",
            "with", "as", "on", "its", "are", "at", "an", "be", "it", "was", "which", "for", "or", "across",
            "featured", "seen", "near", "about", "million", "stars", "sky", "night", "away", "bright",
        ]
        let syllables = [
            "ka", "lo", "mi", "ter", "an", "ro", "vel", "si", "de", "ul", "ne", "bor", "ta", "quin", "es",
            "ph", "or", "ix", "ma", "gen", "ly", "ar", "cos", "tu", "ze", "on", "pri", "dal", "fe", "rin",
        ]
        var words = Set<String>()
        while words.count < 40_000 {
            let count = 2 + Int(random.next() % 3)
            words.insert((0..<count).map { _ in syllables[Int(random.next() % UInt64(syllables.count))] }.joined())
        }
        return common + themes + words.sorted().shuffled(using: &random)
    }
}

/// xorshift64*: the same text on every run and machine.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed | 1 }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 2_685_821_657_736_338_717
    }
}

extension String {
    fileprivate func capitalized(firstOnly: Bool) -> String {
        prefix(1).uppercased() + dropFirst()
    }
}
