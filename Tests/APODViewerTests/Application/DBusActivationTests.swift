import Foundation
import TestSupport
import XCTest

@testable import APODViewer

/// The desktop file is `DBusActivatable`: the session bus starts `apod-viewer
/// --gapplication-service` from the installed service file and then asks it to activate.
/// This runs the built binary that way on the private bus `make test` starts.
final class DBusActivationTests: ViewerProcessTestCase {
    func testTheServiceWaitsWithoutAWindowAndOpensOneWhenActivated() throws {
        let process = try launch(["--gapplication-service", "--offline"])

        XCTAssertTrue(wait(5) { self.ownsName() }, "the service took its bus name")
        // A round trip through the service's own main loop: it answers, so start-up is done.
        let ping = try gdbusCall("org.freedesktop.DBus.Peer.Ping")
        XCTAssertEqual(ping.status, 0, ping.output)
        XCTAssertTrue(process.isRunning, "a service stays up without a window")
        XCTAssertFalse(hasWindow(), "nothing opens before the bus asks")

        let activate = try gdbusCall("org.freedesktop.Application.Activate", ["{}"])
        XCTAssertEqual(activate.status, 0, activate.output)
        XCTAssertTrue(wait(10) { self.hasWindow() }, "Activate opened the main window")

        let quit = try gdbusCall("org.freedesktop.Application.ActivateAction", ["quit", "[]", "{}"])
        XCTAssertEqual(quit.status, 0, quit.output)
        XCTAssertTrue(wait(10) { !process.isRunning }, "app.quit ends the service")
        XCTAssertEqual(process.terminationStatus, 0)
    }

    func testTheServiceFileStartsTheViewerAsAService() throws {
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../data")
            .standardized
        let service = try String(contentsOf: data.appendingPathComponent("\(Self.id).service.in"), encoding: .utf8)
        XCTAssertTrue(service.contains("[D-BUS Service]\nName=\(Self.id)\n"), service)
        XCTAssertTrue(service.contains("Exec=@bindir@/apod-viewer --gapplication-service\n"), service)
        let desktop = try String(contentsOf: data.appendingPathComponent("\(Self.id).desktop"), encoding: .utf8)
        XCTAssertTrue(desktop.contains("\nDBusActivatable=true\n"), desktop)
    }
}
