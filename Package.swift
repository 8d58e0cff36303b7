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
        // libsoup 3 (GNOME's HTTP stack, over GLib/GIO) is the core's HTTP transport.
        .systemLibrary(
            name: "CSoup",
            pkgConfig: "libsoup-3.0",
            providers: [.apt(["libsoup-3.0-dev", "glib-networking"])]
        ),
        .target(name: "APODCore", dependencies: ["CIntl", "CSoup"]),
        .executableTarget(name: "apod", dependencies: ["APODCore"]),

        // GTK 4 through a system library; GtkKit is the thin typed Swift layer over it.
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]
        ),
        .target(name: "GtkKit", dependencies: ["CGtk"]),
        .target(name: "APODViewer", dependencies: ["APODCore", "GtkKit"]),
        .executableTarget(name: "apod-viewer", dependencies: ["APODViewer"]),
        // The bench serves its pictures with the tests' loopback server (see Sources/apod-bench).
        .executableTarget(name: "apod-bench", dependencies: ["APODCore", "APODViewer", "GtkKit", "CGtk", "TestSupport"]),

        // A loopback HTTP server the tests start themselves; never a real NASA host.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "APODCoreTests", dependencies: ["APODCore", "TestSupport"]),
        .testTarget(name: "APODViewerTests", dependencies: ["APODViewer", "APODCore", "GtkKit", "TestSupport"]),
    ]
)
