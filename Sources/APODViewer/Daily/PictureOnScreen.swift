import APODCore

extension ViewerApplication {
    /// Whether `day`'s picture is in an open window, or about to be: a detail window or the
    /// main window shows it, or the main window is still loading its first entry (at start-up
    /// that is the latest picture, the very one a daily check finds). The daily notification
    /// never announces what the user is looking at.
    func isShowingOrLoading(_ day: APODDay) -> Bool {
        if detailWindows[day] != nil { return true }
        guard let main = mainWindow else { return false }
        guard let shown = main.entry else { return main.failureMessage == nil }
        return shown.date == day
    }
}
