import Foundation

/// Hand-written v1 API bodies (api.nasa.gov and nasa/apod-api), one per quirk in the notes.
enum LegacyFixtures {
    static let image = #"""
        {"copyright":"\nJose Pedrero\n","date":"2019-01-05",
         "explanation":"Explanation: A bright comet   in\r\nthe night sky. Tomorrow's picture: more comets",
         "hdurl":"https://apod.nasa.gov/apod/image/1901/comet_pedrero.jpg","media_type":"image",
         "service_version":"v1","title":"Comet &amp; Stars","url":"http://apod.nasa.gov/apod/image/1901/comet_pedrero1024.jpg"}
        """#

    static let youTubeVideo = #"""
        {"date":"2019-02-10","explanation":"A video.","media_type":"video","service_version":"v1",
         "thumbnail_url":"","title":"Spinning Earth","url":"//www.youtube.com/embed/Zx9-8yh_7Gk?rel=0"}
        """#

    static let vimeoVideo = #"""
        {"date":"2019-02-11","explanation":"A video.","media_type":"video","service_version":"v1",
         "thumbnail_url":"https://i.vimeocdn.com/video/123_640.jpg","title":"Vimeo Night","url":"https://player.vimeo.com/video/123"}
        """#

    static let other = #"""
        {"date":"2019-03-01","explanation":"An interactive page.","media_type":"other","service_version":"v1","title":"Interactive"}
        """#

    static let creditInTitle =
        "{\"date\":\"1996-01-02\",\"explanation\":\"\",\"media_type\":\"image\",\"service_version\":\"v1\",\"title\":\"Milky Way Panorama\\r\\nCredit: Axel Mellinger\",\"url\":\"https://apod.nasa.gov/apod/image/mw.gif\",\"hdurl\":null}"

    static let garbageCopyright = #"""
        {"date":"1998-09-09","copyright":"Image Credit & Copyright: Tom  Smith  Explanation: The garbage paragraph.",
         "explanation":"Stars.","media_type":"image","service_version":"v1","title":"Stars","url":"ftp://example.com/a.jpg",
         "hdurl":"https://apod.nasa.gov/apod/image/stars_big.jpg"}
        """#

    static let wrongTypes = #"""
        {"date":"2005-05-05","title":42,"explanation":null,"media_type":"hologram","copyright":17.5,
         "url":["not","a","url"],"hdurl":{"x":1},"concepts":{}}
        """#

    static let missingTitle = #"{"date":"2010-10-10","explanation":"x","media_type":"image","url":"https://a/b.jpg"}"#

    /// What the api.nasa.gov pass-through has answered since late Sept 2026 instead of an entry.
    static let placeholder = #"""
        {"date":"2026-10-02","title":"NASA Science","explanation":"","media_type":"image","service_version":"v1",
         "url":"https://science.nasa.gov/wp-content/themes/nasa/assets/images/nasa-logo.svg"}
        """#

    static let backendNotFound = #"{"code":404,"msg":"No data available for date: 2019-06-11","service_version":"v1"}"#
    static let backendBadDate =
        #"{"code":400,"msg":"time data 'banana' does not match format '%Y-%m-%d'","service_version":"v1"}"#
    static let backendServerError = #"{"code":500,"msg":"Internal Service Error","service_version":"v1"}"#
    static let gatewayRateLimit =
        #"{"error":{"code":"OVER_RATE_LIMIT","message":"You have exceeded your rate limit. Try again later or contact us at https://api.nasa.gov:443/contact/ for assistance"}}"#
    static let gatewayKeyInvalid =
        #"{"error":{"code":"API_KEY_INVALID","message":"An invalid api_key was supplied. Get one at https://api.nasa.gov:443"}}"#
    static let gatewayKeyMissing =
        #"{"error":{"code":"API_KEY_MISSING","message":"No api_key was supplied. Get one at https://api.nasa.gov:443"}}"#
    static let outagePage = "<html><body><h1>503 Service Unavailable</h1>no healthy upstream</body></html>"

    /// A well-formed entry for `day`, used by the fake service.
    static func entry(_ day: String) -> String {
        """
        {"date":"\(day)","title":"Picture of \(day)","explanation":"About \(day).","media_type":"image",
         "service_version":"v1","url":"https://apod.nasa.gov/apod/image/\(day).jpg",
         "hdurl":"https://apod.nasa.gov/apod/image/\(day)_big.jpg"}
        """
    }
}
