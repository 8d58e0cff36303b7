import GtkKit
import XCTest

/// Which renderer the app asks GTK for (issue 23): cairo when GL runs in software, GTK's GL on a
/// GPU, and whatever `GSK_RENDERER` names, unasked. `DefaultRendererTests` checks the app's own
/// choice under Xvfb's software GL; `GLRendererTests` that `GSK_RENDERER=gl` still draws with GL.
final class RendererChoiceTests: XCTestCase {
    func testSoftwareRasterizersAreRecognised() {
        let software = [
            "llvmpipe (LLVM 15.0.6, 256 bits)",
            "llvmpipe (LLVM 11.0.1, 128 bits)",
            "softpipe",
            "Software Rasterizer",
            "Mesa X11 swrast",
            "zink (llvmpipe (LLVM 15.0.6, 256 bits))",
            "zink (lavapipe)",
            "LLVMPIPE (LLVM 17.0.6, 256 bits)",
        ]
        for name in software { XCTAssertTrue(RendererChoice.isSoftware(name), name) }
    }

    func testGPUsAreNotSoftwareEvenWhenBuiltWithLLVM() {
        let hardware = [
            "Mesa Intel(R) UHD Graphics 620 (KBL GT2)",
            "AMD Radeon RX 6800 (navi21, LLVM 15.0.6, DRM 3.49, 6.1.0-18-amd64)",
            "NVIDIA GeForce GTX 1080/PCIe/SSE2",
            "virgl (Mesa Intel(R) Xe Graphics (TGL GT2))",
            "SVGA3D; build: RELEASE;  LLVM;",
            "V3D 4.2",
            "Mali-G52 (Panfrost)",
        ]
        for name in hardware { XCTAssertFalse(RendererChoice.isSoftware(name), name) }
    }

    func testCairoIsChosenOnlyOverSoftwareGL() {
        XCTAssertEqual(
            RendererChoice.decide(gskRenderer: nil) { "llvmpipe (LLVM 15.0.6, 256 bits)" },
            .cairoOverSoftwareGL("llvmpipe (LLVM 15.0.6, 256 bits)"))
        XCTAssertTrue(RendererChoice.cairoOverSoftwareGL("softpipe").drawsWithCairo)
        XCTAssertEqual(
            RendererChoice.decide(gskRenderer: nil) { "Mesa Intel(R) UHD Graphics 620 (KBL GT2)" },
            .gl("Mesa Intel(R) UHD Graphics 620 (KBL GT2)"))
        XCTAssertEqual(RendererChoice.decide(gskRenderer: "") { nil }, .noGL, "an empty GSK_RENDERER is no choice")
        for choice in [RendererChoice.gl("V3D 4.2"), .noGL, .named("cairo")] { XCTAssertFalse(choice.drawsWithCairo) }
    }

    /// A renderer the user named is GTK's to honour: GL is not even probed.
    func testGSKRendererIsHonouredWithoutProbingGL() {
        for name in ["gl", "cairo", "ngl", "vulkan"] {
            XCTAssertEqual(
                RendererChoice.decide(gskRenderer: name) {
                    XCTFail("probed GL although GSK_RENDERER=\(name)")
                    return "llvmpipe"
                }, .named(name))
        }
    }
}
