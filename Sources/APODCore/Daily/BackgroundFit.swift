/// How a picture is fitted to the screen it becomes the background of (see
/// `WallpaperComposition.FitPlan` for the geometry).
public enum BackgroundFit: String, CaseIterable, Sendable {
    /// Fill when the picture's shape is close to the screen's, else whole.
    case auto
    /// Cropped to fill the screen, around its centre of interest.
    case fill
    /// The whole picture, over a blurred, darkened copy of itself.
    case whole
}

/// What the caption card on a background says.
public enum BackgroundCaption: String, CaseIterable, Sendable {
    case none
    /// The title, the date and the credit.
    case title
    /// The same and the explanation's first sentence.
    case titleAndSentence = "sentence"
}
