import CGtk
import XCTest

extension GUITestCase {
    /// A modal dialog an earlier test left open (a GtkMessageDialog, a file chooser) takes every
    /// key and click of the process's windows: real presses through the X server (xdotool) would
    /// never reach the window under test.
    @MainActor
    static func destroyModalWindowsLeftByEarlierTests() {
        let toplevels = gtk_window_list_toplevels()
        var node = toplevels
        var modal: [UnsafeMutablePointer<GtkWindow>] = []
        while let current = node {
            if let data = current.pointee.data {
                let window = data.assumingMemoryBound(to: GtkWindow.self)
                if gtk_window_get_modal(window) != 0 { modal.append(window) }
            }
            node = current.pointee.next
        }
        g_list_free(toplevels)
        modal.forEach { gtk_window_destroy($0) }
    }
}
