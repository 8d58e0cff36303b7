import Foundation

/// The "Daily picture" preferences, saved with the others (`SettingsStore`).
public struct DailySettings: Equatable, Sendable {
    /// Where an automatic background goes (the Wallpaper portal's `set-on`).
    public enum Placement: String, CaseIterable, Sendable {
        case desktop, lockScreen = "lockscreen", both
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

    public var setsBackground = false
    public var placement = Placement.both
    public var notifies = true
    public var videoDays = VideoDays.useStill
    public var meteredConnections = MeteredConnections.screenSized

    public init() {}

    /// With either daily option on, the app keeps running without windows and starts at login.
    public var runsInBackground: Bool { setsBackground || notifies }

    /// The saved settings; anything missing or unknown keeps its default.
    public init(store: SettingsStore) {
        let values = store.load()
        func value(_ key: SettingsStore.Key) -> String? { values[key.rawValue] }
        setsBackground = value(.dailyBackground) == "true"
        placement = value(.dailyPlacement).flatMap(Placement.init(rawValue:)) ?? placement
        notifies = value(.dailyNotify) != "false"
        videoDays = value(.dailyVideoDays).flatMap(VideoDays.init(rawValue:)) ?? videoDays
        meteredConnections = value(.dailyMetered).flatMap(MeteredConnections.init(rawValue:)) ?? meteredConnections
    }

    /// - Throws: what `SettingsStore.save` throws.
    public func save(to store: SettingsStore) throws {
        try store.save([
            .dailyBackground: String(setsBackground),
            .dailyPlacement: placement.rawValue,
            .dailyNotify: String(notifies),
            .dailyVideoDays: videoDays.rawValue,
            .dailyMetered: meteredConnections.rawValue,
        ])
    }
}
