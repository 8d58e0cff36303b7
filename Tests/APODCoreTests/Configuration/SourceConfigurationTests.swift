import XCTest

@testable import APODCore

final class SourceConfigurationTests: CoreTestCase, @unchecked Sendable {
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
        let env = [
            "APOD_SOURCE": "legacy", "APOD_API_URL": "http://127.0.0.1:8080/planetary/apod",
            "NASA_API_KEY": " abc123\n", "APOD_CACHE_DIR": "/tmp/c", "APOD_TIMEOUT": "7",
        ]
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
            arguments: [
                "--source", "offline", "show", "--api-key=flag-key", "2020-12-17",
                "--cache-dir", "/tmp/flag", "--no-cache", "--json",
            ],
            environment: env)
        XCTAssertEqual(config.kind, .offline)
        XCTAssertEqual(config.apiKey, "flag-key")
        XCTAssertEqual(config.cacheDirectory.path, "/tmp/flag")
        XCTAssertFalse(config.useCache)
        XCTAssertEqual(rest, ["show", "2020-12-17", "--json"])
    }

    func testVimeosOEmbedRouteIsRewrittenByItsFlagOverItsVariable() throws {
        var env = home
        env["APOD_VIMEO_OEMBED_URL"] = "http://127.0.0.1:9/env/oembed.json"
        let (fromVariable, _) = try SourceConfiguration.resolve(arguments: [], environment: env)
        XCTAssertEqual(fromVariable.vimeoOEmbedURL.absoluteString, "http://127.0.0.1:9/env/oembed.json")
        let (fromFlag, rest) = try SourceConfiguration.resolve(
            arguments: ["--vimeo-oembed-url", "http://127.0.0.1:9/flag/oembed.json", "show"], environment: env)
        XCTAssertEqual(fromFlag.vimeoOEmbedURL.absoluteString, "http://127.0.0.1:9/flag/oembed.json")
        XCTAssertEqual(rest, ["show"])
        XCTAssertThrowsError(
            try SourceConfiguration.resolve(arguments: ["--vimeo-oembed-url", "ftp://x"], environment: home))
    }

    func testSavedSettingsAreTheLowestLayer() throws {
        let settings: SavedSettings = [
            "source": "legacy", "api_key": "saved", "api_url": "http://10.0.0.2/planetary/apod",
        ]
        let (saved, _) = try SourceConfiguration.resolve(arguments: [], environment: home, settings: settings)
        XCTAssertEqual(saved.kind, .legacy)
        XCTAssertEqual(saved.apiKey, "saved")
        XCTAssertEqual(saved.apiURL.host, "10.0.0.2")
        let (overridden, _) = try SourceConfiguration.resolve(
            arguments: ["--source", "science"], environment: ["NASA_API_KEY": "env", "HOME": "/h"], settings: settings)
        XCTAssertEqual(overridden.kind, .science)
        XCTAssertEqual(overridden.apiKey, "env")
    }

    func testXDGCacheHomeIsUsedWhenAbsolute() throws {
        let (config, _) = try SourceConfiguration.resolve(
            arguments: [], environment: ["XDG_CACHE_HOME": "/x", "HOME": "/h"])
        XCTAssertEqual(config.cacheDirectory.path, "/x/apod-viewer")
        let (relative, _) = try SourceConfiguration.resolve(
            arguments: [], environment: ["XDG_CACHE_HOME": "x", "HOME": "/h"])
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
        let (config, rest) = try SourceConfiguration.resolve(
            arguments: ["show", "--", "--no-cache"], environment: home)
        XCTAssertTrue(config.useCache)
        XCTAssertEqual(rest, ["show", "--", "--no-cache"])
    }

    func testMakeSourceBuildsTheConfiguredKind() throws {
        let cache = URL(fileURLWithPath: "/tmp/apod-config-test")
        let science = SourceConfiguration(kind: .science, cacheDirectory: cache).makeSource()
        XCTAssertTrue(((science as? CachingSource)?.upstream as? CoalescingSource)?.upstream is ScienceSource)
        let legacy = SourceConfiguration(kind: .legacy, cacheDirectory: cache, useCache: false).makeSource()
        XCTAssertEqual(
            ((legacy as? CoalescingSource)?.upstream as? LegacySource)?.apiURL, SourceConfiguration.legacyURL)
        XCTAssertTrue(SourceConfiguration(kind: .offline, cacheDirectory: cache).makeSource() is OfflineSource)
    }

    func testSelfHostedServersGetTheirOwnCachePartition() {
        let cache = URL(fileURLWithPath: "/tmp/c")
        XCTAssertEqual(SourceConfiguration(kind: .science, cacheDirectory: cache).cachePartition, "science")
        let mirror = SourceConfiguration(
            kind: .legacy, apiURL: URL(string: "http://127.0.0.1:8080/planetary/apod"),
            cacheDirectory: cache)
        XCTAssertTrue(mirror.cachePartition.hasPrefix("legacy-127.0.0.1_8080-"), mirror.cachePartition)
        XCTAssertEqual(mirror.hostPartition, "legacy-127.0.0.1_8080")
        var other = mirror
        other.apiURL = URL(string: "http://127.0.0.1:8080/second/planetary/apod")!
        XCTAssertNotEqual(other.cachePartition, mirror.cachePartition, "same host and port, another path")
        other.apiURL = URL(string: "http://127.0.0.1:8080/planetary/apod/")!
        XCTAssertEqual(other.cachePartition, mirror.cachePartition, "a trailing slash is the same address")
        var keyed = mirror
        keyed.apiURL = URL(string: "http://127.0.0.1:8080/planetary/apod?api_key=SECRET")!
        XCTAssertFalse(keyed.cachePartition.contains("SECRET"))
    }

    func testANonWebAddressIsEchoedWithoutItsQuery() {
        XCTAssertThrowsError(
            try SourceConfiguration.resolve(
                arguments: ["--api-url", "file:///etc/apod?api_key=SECRET#x"],
                environment: home)
        ) { error in
            let message = (error as? APODError)?.message ?? ""
            XCTAssertTrue(message.contains("\"file:///etc/apod\""), message)
            XCTAssertFalse(message.contains("SECRET"), message)
        }
    }

    func testGivenFlagsNamesTheSharedFlagsOnTheCommandLine() {
        XCTAssertEqual(
            SourceConfiguration.givenFlags(in: [
                "--date", "2020-01-01", "--api-key=k", "--no-cache", "--source", "legacy",
            ]),
            ["--api-key", "--no-cache", "--source"])
        XCTAssertEqual(SourceConfiguration.givenFlags(in: ["--random", "4"]), [])
    }
}
