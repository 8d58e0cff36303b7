import TestSupport
import XCTest

@testable import APODCore

/// Issue 23, hostile input 7: a WebP passes the picture check only when its chunks hold a
/// picture, not merely a header claiming one.
final class WebPChunksTests: CoreTestCase, @unchecked Sendable {
    private typealias S = StructuredImages

    private func assertDamaged(_ data: Data, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertThrowsError(try ImageValidation.requireImage(data), name, file: file, line: line) {
            XCTAssertEqual($0 as? APODError, .damagedImage, name, file: file, line: line)
        }
    }

    func testAThirtyByteAnimatedHeaderWithNoDataIsRefused() {
        let header = ImageFaults.webpHeaderWithoutPicture
        XCTAssertEqual(header.count, 30)
        XCTAssertEqual(ImageHeader.read(header), ImageHeader(width: 9000, height: 9000))
        XCTAssertFalse(ImageHeader.read(header)!.isTooLarge, "within the pixel limit: only the structure can refuse it")
        assertDamaged(header, "VP8X announcing an animation, nothing else")
    }

    func testEveryLayoutOfAWholePicturePasses() throws {
        let frame = { (width: Int) in S.webpChunk("VP8 ", S.vp8Payload(width: width, height: 8)) }
        let pictures: [(String, Data)] = [
            ("lossy", S.vp8(width: 64, height: 48)),
            ("lossless", S.vp8l(width: 64, height: 48)),
            (
                "extended with alpha and metadata",
                S.webp(chunks: [
                    S.webpChunk("VP8X", S.vp8xPayload(width: 64, height: 48, flags: 0x10)),
                    S.webpChunk("ICCP", [1, 2, 3]),
                    S.webpChunk("ALPH", [0, 1, 2, 3, 4]),
                    S.webpChunk("VP8 ", S.vp8Payload(width: 64, height: 48)),
                    S.webpChunk("EXIF", [9, 9]),
                ])
            ),
            (
                "animated",
                S.webp(chunks: [
                    S.webpChunk("VP8X", S.vp8xPayload(width: 32, height: 8, flags: 0x02)),
                    S.webpChunk("ANIM", [255, 255, 255, 255, 0, 0]),
                    S.webpChunk("ANMF", S.anmfPayload(width: 32, height: 8, [frame(32)])),
                    S.webpChunk(
                        "ANMF",
                        S.anmfPayload(
                            x: 16, width: 16, height: 8,
                            [S.webpChunk("ALPH", [0]), frame(16)])),
                ])
            ),
        ]
        for (name, data) in pictures {
            XCTAssertEqual(try ImageValidation.requireImage(data), .webp, name)
            XCTAssertNoThrow(
                try ImageValidation.requireImage(data + Data(count: 99)), "\(name), bytes after the RIFF end")
        }
    }

    func testHeadersWithoutTheirPictureAreRefused() {
        let animationHeader = [
            S.webpChunk("VP8X", S.vp8xPayload(width: 32, height: 8, flags: 0x02)),
            S.webpChunk("ANIM", [255, 255, 255, 255, 0, 0]),
        ]
        let cases: [(String, Data)] = [
            ("RIFF header only", Data("RIFF".utf8) + Data([4, 0, 0, 0]) + Data("WEBP".utf8)),
            (
                "lossy frame header without its first partition",
                S.webp("VP8 ", Array(S.vp8Payload(width: 64, height: 48).prefix(12)))
            ),
            (
                "lossy partition announced past the chunk",
                S.webp("VP8 ", S.vp8Payload(width: 64, height: 48, partition: 11))
            ),
            ("lossy without partition", S.webp("VP8 ", S.vp8Payload(width: 64, height: 48, partition: 0))),
            ("lossy with zero sides", S.vp8(width: 0, height: 48)),
            ("lossy without start code", S.webp("VP8 ", [0x40, 0x01, 0] + [UInt8](repeating: 0, count: 17))),
            ("lossless header only", S.webp("VP8L", Array(S.vp8lPayload(width: 64, height: 48).prefix(5)))),
            ("lossless of an unknown version", S.webp("VP8L", [0x2F, 0, 0, 0, 0x20, 1, 2, 3])),
            (
                "extended still without bitstream",
                S.webp(chunks: [
                    S.webpChunk("VP8X", S.vp8xPayload(width: 64, height: 48)),
                    S.webpChunk("ALPH", [0, 1]),
                ])
            ),
            (
                "extended still larger than its canvas",
                S.webp(chunks: [
                    S.webpChunk("VP8X", S.vp8xPayload(width: 16, height: 16)),
                    S.webpChunk("VP8 ", S.vp8Payload(width: 9000, height: 9000)),
                ])
            ),
            ("animation without frames", S.webp(chunks: animationHeader)),
            (
                "animation without ANIM",
                S.webp(chunks: [
                    animationHeader[0],
                    S.webpChunk(
                        "ANMF",
                        S.anmfPayload(width: 8, height: 8, [S.webpChunk("VP8 ", S.vp8Payload(width: 8, height: 8))])),
                ])
            ),
            (
                "frame without bitstream",
                S.webp(chunks: animationHeader + [S.webpChunk("ANMF", S.anmfPayload(width: 8, height: 8, []))])
            ),
            (
                "frame outside the canvas",
                S.webp(
                    chunks: animationHeader + [
                        S.webpChunk(
                            "ANMF",
                            S.anmfPayload(
                                x: 30, width: 8, height: 8, [S.webpChunk("VP8 ", S.vp8Payload(width: 8, height: 8))]))
                    ])
            ),
            ("frame header cut", S.webp(chunks: animationHeader + [S.webpChunk("ANMF", [0, 0, 0, 0, 0, 0])])),
            ("first chunk neither bitstream nor extended header", S.webp(chunks: [S.webpChunk("ALPH", [0, 1])])),
        ]
        for (name, data) in cases { assertDamaged(data, name) }
    }

    func testChunkSizesPastTheEndAreRefused() {
        var lying = S.vp8(width: 64, height: 48)
        lying.replaceSubrange(16..<20, with: [0xFF, 0xFF, 0xFF, 0x7F])
        assertDamaged(lying, "chunk size past the RIFF end")
        var riffTooLong = S.vp8(width: 64, height: 48)
        riffTooLong.replaceSubrange(4..<8, with: [0xFF, 0xFF, 0, 0])
        assertDamaged(riffTooLong, "RIFF size past the bytes")
        let picture = S.vp8(width: 64, height: 48)
        for length in stride(from: 12, to: picture.count, by: 3) {
            XCTAssertThrowsError(try ImageValidation.requireImage(picture.prefix(length)), "cut at \(length)")
        }
    }

    /// The walk hops over any number of chunks it does not need (200,000 here) to the bitstream.
    func testAStillAfterManyOtherChunksIsFound() {
        let filler = [Data](repeating: S.webpChunk("JUNK", []), count: 200_000)
        let data = S.webp(
            chunks: [S.webpChunk("VP8X", S.vp8xPayload(width: 8, height: 8))] + filler
                + [S.webpChunk("VP8 ", S.vp8Payload(width: 8, height: 8))])
        XCTAssertEqual(try ImageValidation.requireImage(data), .webp)
    }
}
