import Foundation

/// Moves the X pointer as a mouse would, through the X server's XTEST extension (libXtst,
/// which `scripts/install-deps` installs and the accessibility tests use for keys): GTK then
/// gets real motion events, so a test reaches the app's event controllers, not only the
/// methods behind them. Libraries are opened at run time: nothing links against X here.
enum PointerMotion {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias Flush = @convention(c) (OpaquePointer?) -> Int32
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
    private typealias FakeMotion = @convention(c) (OpaquePointer?, Int32, Int32, Int32, UInt) -> Int32
    private typealias FakeButton = @convention(c) (OpaquePointer?, UInt32, Int32, UInt) -> Int32

    /// Moves the pointer to (`x`, `y`) on the root window; false when X or XTEST is missing.
    @discardableResult
    static func move(toX x: Int, y: Int) -> Bool {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW),
            let open = dlsym(x11, "XOpenDisplay"), let flush = dlsym(x11, "XFlush"),
            let close = dlsym(x11, "XCloseDisplay"), let fake = dlsym(xtst, "XTestFakeMotionEvent")
        else { return false }
        guard let display = unsafeBitCast(open, to: OpenDisplay.self)(nil) else { return false }
        defer { _ = unsafeBitCast(close, to: CloseDisplay.self)(display) }
        let sent = unsafeBitCast(fake, to: FakeMotion.self)(display, -1, Int32(x), Int32(y), 0)
        _ = unsafeBitCast(flush, to: Flush.self)(display)
        return sent != 0
    }

    /// Turns the mouse wheel `clicks` notches down (button 5; up, button 4, when negative), all
    /// sent at once as a quick spin does. - Returns: false when X or XTEST is missing.
    @discardableResult
    static func wheel(clicks: Int) -> Bool {
        guard let x11 = dlopen("libX11.so.6", RTLD_NOW), let xtst = dlopen("libXtst.so.6", RTLD_NOW),
            let open = dlsym(x11, "XOpenDisplay"), let flush = dlsym(x11, "XFlush"),
            let close = dlsym(x11, "XCloseDisplay"), let fake = dlsym(xtst, "XTestFakeButtonEvent")
        else { return false }
        guard let display = unsafeBitCast(open, to: OpenDisplay.self)(nil) else { return false }
        defer { _ = unsafeBitCast(close, to: CloseDisplay.self)(display) }
        let press = unsafeBitCast(fake, to: FakeButton.self)
        let button: UInt32 = clicks < 0 ? 4 : 5
        for _ in 0..<abs(clicks) {
            guard press(display, button, 1, 0) != 0, press(display, button, 0, 0) != 0 else { return false }
        }
        _ = unsafeBitCast(flush, to: Flush.self)(display)
        return true
    }
}
