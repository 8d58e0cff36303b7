import Foundation

/// The "Daily picture" preferences, saved with the others (`SettingsStore`).
public struct DailySettings: Equatable, Sendable {
    /// Where an automatic background goes (the Wallpaper portal's `set-on`).
    public enum Placement: String, CaseIterable, Sendable {
        case desktop
        case lockScreen = "lockscreen"
        case both
    }

    public enum VideoDays: String, CaseIterable, Sendable {
        /// The video's still becomes the background.
        case useStill = "still"
        /// The background stays as it is.
        case keepCurrent = "keep"
    }

    public enum MeteredConnections: String, CaseIterable, Sendable {
        /// A picture the size of the screen in application pixels, not device pixels.
        case screenSized = "screen"
        /// No background download until the connection is unmetered.
        case waitForUnmetered = "wait"
    }

    /// A day whose picture cannot be used: a video without a still, or no picture at all.
    public enum UnusableDays: String, CaseIterable, Sendable {
        /// The background stays; the notification says why.
        case keepCurrent = "keep"
        /// A favourite with a picture becomes the background instead.
        case useFavourite = "favourite"
    }

    /// Off until the user turns it on (it keeps the app running and starts it at login).
    public var setsBackground = false
    public var placement = Placement.both
    /// Off until the user turns it on, for the same reason.
    public var notifies = false
    public var videoDays = VideoDays.useStill
    public var meteredConnections = MeteredConnections.screenSized
    /// The caption card on the background copy; off by default.
    public var caption = BackgroundCaption.none
    public var fit = BackgroundFit.auto
    public var unusableDays = UnusableDays.keepCurrent
    /// A change of background between new pictures.
    public var rotation = BackgroundRotation.off
    public var rotationSource = BackgroundRotation.Source.favourites
    /// Every monitor shows the day's picture, each fitted separately; off, a monitor whose
    /// shape the picture does not suit shows the newest one that does (`MonitorPictureChooser`).
    public var samePictureOnEveryScreen = false

    public init() {}

    /// Where a monitor's stand-in comes from: the favourites when the rotation is over them.
    public var standInPool: BackgroundRotation.Source {
        rotation != .off && rotationSource == .favourites ? .favourites : .archive
    }

    /// With either daily option on, the app keeps running without windows and starts at login:
    /// what the user is asked to allow (`BackgroundConsent`) when turning one on.
    public var runsInBackground: Bool { setsBackground || notifies }

    /// The saved settings; anything missing or unknown keeps its default.
    public init(store: SettingsStore) {
        let values = store.load()
        func value(_ key: SettingsStore.Key) -> String? { values[key.rawValue] }
        setsBackground = value(.dailyBackground) == "true"
        placement = value(.dailyPlacement).flatMap(Placement.init(rawValue:)) ?? placement
        notifies = value(.dailyNotify) == "true"
        videoDays = value(.dailyVideoDays).flatMap(VideoDays.init(rawValue:)) ?? videoDays
        meteredConnections = value(.dailyMetered).flatMap(MeteredConnections.init(rawValue:)) ?? meteredConnections
        caption = value(.dailyCaption).flatMap(BackgroundCaption.init(rawValue:)) ?? caption
        fit = value(.dailyFit).flatMap(BackgroundFit.init(rawValue:)) ?? fit
        unusableDays = value(.dailyUnusableDays).flatMap(UnusableDays.init(rawValue:)) ?? unusableDays
        rotation = value(.dailyRotation).flatMap(BackgroundRotation.init(rawValue:)) ?? rotation
        rotationSource =
            value(.dailyRotationSource).flatMap(BackgroundRotation.Source.init(rawValue:)) ?? rotationSource
        samePictureOnEveryScreen = value(.dailySamePicture) == "true"
    }

    /// - Throws: what `SettingsStore.save` throws.
    public func save(to store: SettingsStore) throws {
        try store.save([
            .dailyBackground: String(setsBackground),
            .dailyPlacement: placement.rawValue,
            .dailyNotify: String(notifies),
            .dailyVideoDays: videoDays.rawValue,
            .dailyMetered: meteredConnections.rawValue,
            .dailyCaption: caption.rawValue,
            .dailyFit: fit.rawValue,
            .dailyUnusableDays: unusableDays.rawValue,
            .dailyRotation: rotation.rawValue,
            .dailyRotationSource: rotationSource.rawValue,
            .dailySamePicture: String(samePictureOnEveryScreen),
        ])
    }
}
