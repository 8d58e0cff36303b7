import APODCore
import GtkKit

/// What the About dialog says.
@MainActor
enum About {
    static let info = AboutInfo(
        programName: tr("APOD Viewer"),
        version: AppVersion.current,
        comments: tr("NASA's Astronomy Picture of the Day on your desktop: any day since 1995, or a grid of random pictures."),
        website: "https://apod.nasa.gov/apod/",
        websiteLabel: tr("Astronomy Picture of the Day"),
        iconName: ViewerApplication.id,
        authors: [tr("The APOD Viewer contributors")]
    )
}
