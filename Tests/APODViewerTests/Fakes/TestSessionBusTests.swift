import CGtk
import Foundation
import XCTest

/// `make test`'s session bus (`scripts/test-session`) can start only the services the tests
/// name. With GNOME's portals installed, a bus that also reads /usr/share/dbus-1/services
/// starts the real xdg-desktop-portal at the first portal call, and the fakes in this folder
/// then answer nobody.
final class TestSessionBusTests: XCTestCase {
    func testTheBusCanStartOnlyTheTestsOwnServices() throws {
        let environment = ProcessInfo.processInfo.environment
        try XCTSkipIf(environment["DBUS_SESSION_BUS_ADDRESS"] == nil, "no session bus (run under dbus-run-session)")
        let folder = try XCTUnwrap(
            environment["APOD_TEST_BUS_SERVICES"],
            "the session bus is not the tests' own: run the GUI tests through scripts/test-session, as make test does")

        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".service") }
        let named = try Set(
            files.map { file in
                let text = try String(contentsOfFile: "\(folder)/\(file)", encoding: .utf8)
                return try XCTUnwrap(
                    text.split(separator: "\n").first { $0.hasPrefix("Name=") }?.dropFirst("Name=".count)
                        .description)
            })
        XCTAssertTrue(named.contains("org.a11y.Bus"), "the accessibility bus stays startable: \(named)")

        let activatable = try Self.activatableNames().subtracting(["org.freedesktop.DBus"])
        XCTAssertEqual(activatable, named, "the bus can start exactly the services in \(folder)")
        XCTAssertFalse(activatable.contains("org.freedesktop.portal.Desktop"), "the real portal is never started")
        XCTAssertFalse(activatable.contains("org.freedesktop.Notifications"))
    }

    /// The bus's own answer to which names it would start on demand.
    private static func activatableNames() throws -> Set<String> {
        var error: UnsafeMutablePointer<GError>?
        let connection = try XCTUnwrap(g_bus_get_sync(G_BUS_TYPE_SESSION, nil, &error), "the session bus")
        defer { g_object_unref(UnsafeMutableRawPointer(connection)) }
        let reply = try XCTUnwrap(
            g_dbus_connection_call_sync(
                connection, "org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                "ListActivatableNames", nil, g_variant_type_new("(as)"), G_DBUS_CALL_FLAGS_NONE, 5000, nil, &error),
            error.map { String(cString: $0.pointee.message) } ?? "no reply")
        defer { g_variant_unref(reply) }
        let names = g_variant_get_child_value(reply, 0)!
        defer { g_variant_unref(names) }
        return Set(VariantDictionary.strings(in: names))
    }
}
