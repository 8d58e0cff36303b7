import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Looks at the X screen itself, as a person would: a program's picture is "on screen" once a
/// share of a few horizontal strips across the display has the open picture's colour (a vivid
/// magenta no GTK or libadwaita widget paints). libX11 is opened at run time (`dlopen`), so the
/// bench links no X library and watches any program, GTK 3 or 4, with no hook in it.
final class ScreenWatch {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32
    private typealias RootWindow = @convention(c) (OpaquePointer?) -> UInt
    private typealias GetImage =
        @convention(c) (OpaquePointer?, UInt, Int32, Int32, UInt32, UInt32, UInt, Int32) ->
        UnsafeMutableRawPointer?
    private typealias GetPixel = @convention(c) (UnsafeMutableRawPointer?, Int32, Int32) -> UInt
    private typealias DestroyImage = @convention(c) (UnsafeMutableRawPointer?) -> Int32

    /// The share of sampled points that must show the picture's colour.
    static let pictureShare = 0.05
    private static let zPixmap: Int32 = 2
    private static let allPlanes = UInt.max

    private let connection: OpaquePointer
    private let root: UInt
    private let width: Int
    private let height: Int
    private let closeDisplay: CloseDisplay
    private let getImage: GetImage
    private let getPixel: GetPixel
    private let destroyImage: DestroyImage

    init(display: String, width: Int, height: Int) throws {
        guard let library = dlopen("libX11.so.6", RTLD_NOW) else { throw Failure(description: "no libX11.so.6") }
        func symbol<T>(_ name: String, as type: T.Type) throws -> T {
            guard let pointer = dlsym(library, name) else { throw Failure(description: "libX11 has no \(name)") }
            return unsafeBitCast(pointer, to: type)
        }
        let openDisplay = try symbol("XOpenDisplay", as: OpenDisplay.self)
        closeDisplay = try symbol("XCloseDisplay", as: CloseDisplay.self)
        getImage = try symbol("XGetImage", as: GetImage.self)
        getPixel = try symbol("XGetPixel", as: GetPixel.self)
        destroyImage = try symbol("XDestroyImage", as: DestroyImage.self)
        let rootWindow = try symbol("XDefaultRootWindow", as: RootWindow.self)
        guard let connection = openDisplay(display) else { throw Failure(description: "cannot open \(display)") }
        self.connection = connection
        root = rootWindow(connection)
        self.width = width
        self.height = height
    }

    deinit { _ = closeDisplay(connection) }

    /// Whether the picture's colour covers at least `pictureShare` of five strips across the screen.
    func showsPicture() -> Bool {
        var matching = 0
        var sampled = 0
        for strip in 1...5 {
            let y = Int32(height * strip / 6)
            guard let image = getImage(connection, root, 0, y, UInt32(width), 1, Self.allPlanes, Self.zPixmap) else {
                continue
            }
            for x in stride(from: 0, to: width, by: 4) {
                let pixel = getPixel(image, Int32(x), 0)
                sampled += 1
                if Self.isPictureColour(red: (pixel >> 16) & 0xFF, green: (pixel >> 8) & 0xFF, blue: pixel & 0xFF) {
                    matching += 1
                }
            }
            _ = destroyImage(image)
        }
        return sampled > 0 && Double(matching) >= Double(sampled) * Self.pictureShare
    }

    /// The open picture's magenta (`Pixbufs.openPicture`), with room for its grain and scaling.
    static func isPictureColour(red: UInt, green: UInt, blue: UInt) -> Bool {
        red >= 150 && green <= 110 && blue >= 100 && red >= green + 80 && blue >= green + 50
    }
}
