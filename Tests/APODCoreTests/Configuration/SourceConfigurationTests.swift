import XCTest
@testable import APODCore

final class SourceConfigurationTests: XCTestCase {
    private let home = ["HOME": "/home/ada"]

    func testDefaults() throws {
        let (config, rest) = try SourceConfiguration.resolve(arguments: ["show"], environment: home)
        XCTAssertEqual(config.kind, .science)
        XCTAssertEqual(config.apiURL, SourceConfiguration.scienceURL)
        XCTAssertEqual(config.apiKey, "DEMO_KEY")
        XCTAssertEqual(config.cacheDirectory.path, "/home/ada/.cache/apod-viewer")
        XCTAssertTrue(config.useCache)
        XCTAssertEqual(config.timeout, 30)
        XCTAssertEqual(rest, ["show"])
    }

    func testEnvironmentIsRead() throws {
        let env = ["APOD_SOURCE": "legacy", "APOD_API_URL": "http://127.0.0.1:8080/planetary/apod",
                   "NASA_API_KEY": " abc123\n", "APOD_CACHE_DIR": "/tmp/c", "APOD_TIMEOUT": "7"]
        let (config, _) = try SourceConfiguration.resolve(arguments: [], environment: env)
        XCTAssertEqual(config.kind, .legacy)
        XCTAssertEqual(config.apiURL.absoluteString, "http://127.0.0.1:8080/planetary/apod")
        XCTAssertEqual(config.apiKey, "abc123")
        XCTAssertEqual(config.cacheDirectory.path, "/tmp/c")
        XCTAssertEqual(config.timeout, 7)
    }

    func testFlagsWinOverEnvironmentAndAreRemoved() throws {
        let env = ["APOD_SOURCE": "legacy", "NASA_API_KEY": "env-key", "APOD_CACHE_DIR": "/tmp/env"]
        let (config, rest) = try SourceConfiguration.resolve(
            arguments: ["--source", "offline", "show", "--api-key=flag-key", "2020-12-17",
                        "--cache-dir", "/tmp/flag", "--no-cache", "--json"],
            environment: env)
        XCTAssertEqual(config.kind, .offline)
        XCTAssertEqual(config.apiKey, "flag-key")
        XCTAssertEqual(config.cacheDirectory.path, "/tmp/flag")
        XCTAssertFalse(config.useCache)
        XCTAssertEqual(rest, ["show", "2020-12-17", "--json"])
    }

    func testXDGCacheHomeIsUsedWhenAbsolute() throws {
        let (config, _) = try SourceConfiguration.resolve(arguments: [], environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])
        XCTAssertEqual(config.cacheDirectory.path, "/x/apod-viewer")
        let (relative, _) = try SourceConfiguration.resolve(arguments: [], environment: ["XDG_CACHE_HOME": "x", "HOME": "/h"])
        XCTAssertEqual(relative.cacheDirectory.path, "/h/.cache/apod-viewer")
    }

    func testLegacyRouteSelectsLegacyWhenNoSourceIsNamed() throws {
        let (config, _) = try SourceConfiguration.resolve(
            arguments: ["--api-url", "http://127.0.0.1:9/planetary/apod"], environment: home)
        XCTAssertEqual(config.kind, .legacy)
        let (science, _) = try SourceConfiguration.resolve(
            arguments: ["--api-url", "http://127.0.0.1:9/wp-json/wp/v2/apod-basic"], environment: home)
        XCTAssertEqual(science.kind, .science)
    }

    func testEmptyKeyFallsBackToDemoKey() throws {
        let (config, _) = try SourceConfiguration.resolve(arguments: ["--api-key", "  "], environment: home)
        XCTAssertEqual(config.apiKey, "DEMO_KEY")
    }

    func testInvalidValuesAreArgumentErrors() {
        let cases: [([String], [String: String])] = [
            (["--source", "moon"], [:]),
            (["--source"], [:]),
            (["--api-url", "ftp://example.com"], [:]),
            (["--api-url", "not a url"], [:]),
            ([], ["APOD_TIMEOUT": "0.5"]),
            ([], ["APOD_TIMEOUT": "soon"]),
            ([], ["APOD_SOURCE": "moon"]),
        ]
        for (arguments, env) in cases {
            XCTAssertThrowsError(try SourceConfiguration.resolve(arguments: arguments, environment: env)) { error in
                guard case .invalidArgument(let text)? = error as? APODError else {
                    return XCTFail("\(arguments) \(env): \(error)")
                }
                XCTAssertFalse(text.isEmpty)
            }
        }
    }

    func testDoubleDashEndsOptionParsing() throws {
        let (config, rest) = try SourceConfiguration.resolve(arguments: ["show", "--", "--no-cache"], environment: home)
        XCTAssertTrue(config.useCache)
        XCTAssertEqual(rest, ["show", "--", "--no-cache"])
    }
}
