// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "APODViewer",
    products: [
        .executable(name: "apod", targets: ["apod"]),
        .executable(name: "apod-viewer", targets: ["apod-viewer"]),
        .executable(name: "apod-bench", targets: ["apod-bench"]),
    ],
    targets: [
        // UI-free core: model, sources, HTTP, caches, dates, text. Never imports GTK.
        // gettext from glibc, so the core's messages are translated without depending on GTK.
        .systemLibrary(name: "CIntl"),
        // SQLite for the archive index and the favourites library (FTS5 is in Debian's build).
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // libsoup 3 (GNOME's HTTP stack, over GLib/GIO) is the core's HTTP transport.
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "glib-networking"])]
        ),
        .target(name: "APODCore", dependencies: ["CIntl", "CSQLite", "CSoup"]),
        .executableTarget(name: "apod", dependencies: ["APODCore", "WallpaperComposition"]),

        // The background copy (fit to the monitor, caption card) for `apod` and the viewer alike:
        // GdkPixbuf, cairo and Pango without GTK, so the CLI stays GTK-free.
        .systemLibrary(
            name: "CGdkPixbuf", pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev", "libpng-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]),
        .target(name: "WallpaperComposition", dependencies: ["APODCore", "CGdkPixbuf", "CPangoCairo"]),

        // GTK 4 through a system library; GtkKit is the thin typed Swift layer over it.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        // libepoxy (GTK's own GL loader) reads the GL renderer's name: software GL draws with cairo.
        .systemLibrary(name: "CEpoxy", pkgConfig: "epoxy", providers: [.apt(["libepoxy-dev"])]),
        .target(name: "GtkKit", dependencies: ["CGtk", "CEpoxy"]),
        // libadwaita 1.2 (GNOME's widgets and style manager); AdwKit is its typed layer over GtkKit.
        .systemLibrary(
            name: "CAdw",
            pkgConfig: "libadwaita-1",
            providers: [.apt(["libadwaita-1-dev"])]
        ),
        .target(name: "AdwKit", dependencies: ["CAdw", "CGtk", "GtkKit"]),
        .target(name: "APODViewer", dependencies: ["APODCore", "GtkKit", "AdwKit", "WallpaperComposition"]),
        .executableTarget(name: "apod-viewer", dependencies: ["APODViewer"]),
        // The bench serves its pictures with the loopback server the tests use too.
        .executableTarget(
            name: "apod-bench",
            dependencies: [
                "APODCore", "APODViewer", "GtkKit", "AdwKit", "LoopbackServer", "CSQLite", "WallpaperComposition",
            ]),

        // A loopback HTTP server the tests and the bench start themselves; never a real NASA host.
        .target(name: "LoopbackServer"),
        .target(name: "TestSupport", dependencies: ["LoopbackServer"], path: "Tests/TestSupport"),
        .testTarget(name: "APODCoreTests", dependencies: ["APODCore", "TestSupport"]),
        .testTarget(
            name: "WallpaperCompositionTests",
            dependencies: ["WallpaperComposition", "APODCore", "CGdkPixbuf", "TestSupport"]),
        .testTarget(
            name: "APODViewerTests", dependencies: ["APODViewer", "APODCore", "GtkKit", "AdwKit", "TestSupport"]),
        // The bench's own arithmetic (medians, targets, the picture it makes), not its timings.
        .testTarget(name: "APODBenchTests", dependencies: ["apod-bench", "APODCore", "LoopbackServer"]),
    ]
)
