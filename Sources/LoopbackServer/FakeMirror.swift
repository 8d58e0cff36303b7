import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Pages in the classic APOD layout as the Taiwanese mirror writes them (「每日一天文圖（成大物理
/// 分站）」, 「2015 年 4 月 2 日」, 「說明:」, 「明日的圖片:」, a translator's line), with texts
/// written for the project, for the tests and the bench: never the mirror's own pages.
public enum FakeMirror {
    /// One day's Chinese text.
    public struct Text: Sendable {
        public let title: String
        public let explanation: String

        public init(title: String, explanation: String) {
            self.title = title
            self.explanation = explanation
        }
    }

    /// The translator's line every fake page carries.
    public static let translator = "翻譯:天文實驗室 (成功大學 物理學系 ;蘇漢宗)"

    /// Texts about the subjects the search targets name (極光, 仙女座, 土星環, 日食) and others,
    /// written for the project.
    public static let texts: [Text] = [
        Text(
            title: "冰島夜空中的北極光",
            explanation:
                "綠色的<a href=\"https://zh.wikipedia.org/wiki/極光\">極光</a>在冰島的冰河湖上空舞動。極光是太陽風的帶電粒子沿著地球磁場進入高層大氣，撞擊氧原子與氮原子時所發出的光芒。<br>這一晚的太陽活動特別強烈，連地平線附近也出現了少見的紅色極光。"
        ),
        Text(
            title: "仙女座大星系",
            explanation:
                "仙女座星系（M31）距離我們大約250萬光年，是肉眼可見最遙遠的天體之一。這個巨大的螺旋星系擁有上兆顆恆星，比我們的銀河系還要大一些。影像中也可以看到它的兩個伴星系 M32 與 M110。"
        ),
        Text(
            title: "卡西尼號眼中的土星環",
            explanation:
                "土星環主要由冰塊與岩石碎片組成，小的只有沙粒大小，大的有如房屋。卡西尼號太空船在環繞土星的十三年間，拍下了許多土星環的細節，包括環上的波紋與由小衛星清出的縫隙。"
        ),
        Text(
            title: "日全食的鑽石環",
            explanation:
                "日食發生時，月球正好運行到太陽與地球之間。在日全食的最後一刻，陽光從月球邊緣的山谷間透出，形成了這個耀眼的鑽石環。日冕的細絲則沿著太陽磁場向外延伸。"
        ),
        Text(
            title: "獵戶座大星雲的中心",
            explanation:
                "獵戶座大星雲（M42）是離我們最近的大型恆星誕生區，距離約1500光年。星雲中心的四合星照亮了周圍的氣體與塵埃，許多新生的恆星仍被包覆在原恆星盤之中。"
        ),
        Text(
            title: "高山上的銀河",
            explanation:
                "在玉山的高山上，夏季的銀河從地平線升起，橫跨整個夜空。銀河中心的方向位於人馬座，暗帶則是遮蔽星光的星際塵埃。"
        ),
    ]

    /// A page for `year-month-day` in the mirror's layout.
    /// - Parameters:
    ///   - meta: a `<meta>` tag for the head (a charset, say), or nothing.
    ///   - translated: false writes the English text on a Chinese page, as untranslated days are.
    public static func page(
        year: Int, month: Int, day: Int, text: Text, meta: String = "", translator: String? = translator
    ) -> String {
        let yymm = String(format: "%02d%02d", year % 100, month)
        return """
            <html>
            <head>
            <title> 每日一天文圖 - \(text.title) </title>
            \(meta)
            </head>
            <body BGCOLOR="#F4F4FF" text="#000000">
            <center>
            <h1> 每日一天文圖 (成大物理分站) </h1>
            <p>
            <a href="archivepix.html">過去的圖片</a> |
            \(year) 年 \(month) 月 \(day) 日<br>
            <a href="image/\(yymm)/picture_big.jpg">
            <IMG SRC="image/\(yymm)/picture.jpg" alt="picture" style="max-width:100%"></a>
            </center>

            <center>
            <b> \(text.title) </b> <br>
            <b> 影像提供與版權: </b>
            <a href="https://example.org/photographer">一位天文攝影者</a>
            </center> <p>

            <b> 說明: </b>
            \(text.explanation)
            <p> <center>
            <b> 明日的圖片: </b>
            <a href="ap\(String(format: "%02d%02d%02d", year % 100, month, day)).html">day and night</a>
            <br>
            <a href="archivepix.html">過去的圖片</a> |
            <a href="lib/apsubject.html">分類索引</a>
            </center>
            <hr>
            <center>
            \(translator.map { $0 + "<br>" } ?? "")
            每日一天文圖 (成大物理分站) 為 NASA 每日一天文圖的官方鏡像站。
            </center>
            </body>
            </html>
            """
    }

    /// `text` in Big5 (CP950), as old pages of the mirror are written.
    public static func big5(_ text: String) -> Data {
        guard let converter = Optional(iconv_open("CP950", "UTF-8")), converter != iconv_t(bitPattern: -1) else {
            return Data(text.utf8)
        }
        defer { iconv_close(converter) }
        var input = Array(text.utf8).map { CChar(bitPattern: $0) }
        var output = [CChar](repeating: 0, count: input.count * 2 + 16)
        var inLeft = input.count
        var outLeft = output.count
        let written = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer -> Int in
                var inPointer: UnsafeMutablePointer<CChar>? = inBuffer.baseAddress
                var outPointer: UnsafeMutablePointer<CChar>? = outBuffer.baseAddress
                _ = iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft)
                return outBuffer.count - outLeft
            }
        }
        return Data(output.prefix(written).map { UInt8(bitPattern: $0) })
    }

    /// The day of a request for `…/apYYMMDD.html`, as (year, month, day).
    public static func day(of request: FakeRequest) -> (year: Int, month: Int, day: Int)? {
        let name = request.path.split(separator: "/").last.map(String.init) ?? ""
        guard name.hasPrefix("ap"), name.hasSuffix(".html"), name.count == 13,
            let number = Int(name.dropFirst(2).prefix(6))
        else { return nil }
        let yy = number / 10000
        return ((yy < 95 ? 2000 : 1900) + yy, number / 100 % 100, number % 100)
    }
}
