import Foundation

/// Hand-written science.nasa.gov `apod-basic` bodies, one per quirk in the service notes.
enum ScienceFixtures {
    static let image = #"""
        {"date":"2024-01-01","post_id":98765,"title":"Aurora &amp; the &#8217;Moon&#8217;",
         "permalink":"https://science.nasa.gov/apod/2024/01/01/aurora-and-moon/","media_type":"image",
         "explanation":"<strong>Explanation: </strong>What&#8217;s that <a href=\"https://example.org/glow\">glow</a>? <em>Aurora</em>&nbsp;over\r\n the   hills.<br/>Mass &lt; 3 suns. <p>New paragraph.</p> <strong>Tomorrow&#8217;s picture: </strong><a href=\"x\">dark sky</a>",
         "credit":"<strong>Image Credit &amp; Copyright:</strong> <a href=\"https://example.org/jd\">Jane Doe</a>",
         "copyright":"",
         "alt":"Green aurora &amp; a crescent Moon over snowy hills",
         "url":"https://science.nasa.gov/apod/2024/01/01/aurora-and-moon/",
         "hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2024/01/aurora.jpg?w=4096&h=2731&fit=clip&crop=faces%2Cfocalpoint",
         "basic_html_url":"https://science.nasa.gov/apod/basic/240101"}
        """#

    static let videoWithPoster = #"""
        {"date":"2023-07-04","title":"Fireworks from Orbit","media_type":"video",
         "explanation":"<strong>Explanation:</strong> A video.",
         "credit":"<strong>Video Credit:</strong> NASA, <a href=\"x\">ISS</a>",
         "permalink":"https://science.nasa.gov/apod/2023/07/04/fireworks/",
         "hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/2023/07/poster.jpg?w=1920&h=1080&fit=clip"}
        """#

    static let videoPage = #"""
        {"basic_html":"<html><body><center><iframe width=\"960\" height=\"540\" src=\"//www.youtube.com/embed/AbCdEfGhIjK?rel=0&amp;autoplay=0\" frameborder=\"0\"></iframe></center><p>Explanation …</p></body></html>"}
        """#

    static let videoWithoutPoster = #"""
        {"date":"2022-02-02","title":"A Solar Prominence","media_type":"video","explanation":"","hdurl":null,
         "permalink":"https://science.nasa.gov/apod/2022/02/02/prominence/"}
        """#

    static let mp4Page = #"""
        {"basic_html":"<video controls autoplay loop><source src=\"https://apod.nasa.gov/apod/image/2202/prominence.mp4\" type=\"video/mp4\"></video>"}
        """#

    static let placeholder = #"""
        {"date":"1999-03-03","title":"Migrated Day","media_type":"image","explanation":"Text.",
         "hdurl":"https://science.nasa.gov/wp-content/themes/nasa/images/misc/news-thumbnail-default.jpg",
         "permalink":"https://science.nasa.gov/apod/1999/03/03/migrated/"}
        """#

    /// Blank `hdurl`, an unknown media type, copyright with whitespace and scraped garbage.
    static let oddities = #"""
        {"date":"2001-05-05","title":"  Strange   Object\r\n","media_type":"interactive","explanation":"  ",
         "hdurl":"   ","copyright":"<strong>Copyright:</strong>\n  Ann   Lee \n Explanation: Some scraped paragraph that should go.",
         "credit":"<strong>Image Credit:</strong> ESO","alt":null}
        """#

    static let list = "[" + image + "," + videoWithPoster + "]"

    static let missingTitle = #"{"date":"2020-06-11","title":"","media_type":"image"}"#
    static let missingDate = #"{"title":"No Date","media_type":"image"}"#

    static let notFound = #"{"code":"rest_post_invalid_id","message":"Invalid post ID.","data":{"status":404}}"#
    static let noRoute =
        #"{"code":"rest_no_route","message":"No route was found matching the URL and request method.","data":{"status":404}}"#

    /// A well-formed entry for `day` (`YYYY-MM-DD`), used by the fake service.
    static func entry(_ day: String, mediaType: String = "image") -> String {
        """
        {"date":"\(day)","title":"Picture of \(day)","media_type":"\(mediaType)",
         "explanation":"<strong>Explanation: </strong>About \(day).",
         "credit":"<strong>Image Credit:</strong> Someone",
         "permalink":"https://science.nasa.gov/apod/\(day)/",
         "hdurl":"https://assets.science.nasa.gov/dynamicimage/assets/science/apod/\(day).jpg?w=2000&h=1000&fit=clip"}
        """
    }
}
