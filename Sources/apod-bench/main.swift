import Foundation

/// `apod-bench [--count N] [--json] [--sample DIR]`: how fast and light the image pipeline
/// fills a grid, against the naive way, and how the viewer's own grid fills on a realistic
/// network and on loopback. See README "Performance".
let usage = """
    usage: apod-bench [--count N] [--json] [--sample DIR] [--latency-ms MS] [--rate MB_PER_S] [--renderers LIST] [--no-grids | --grids-only | --index-only | --browse-only | --open-only]
           apod-bench --video-only [MEDIA_DIR]
           apod-bench --monitors-only
      --count N        pictures in the grid (default 100; the viewer's grid rows take at most 100)
      --json           print the result as JSON instead of a table
      --sample DIR     serve the real pictures of DIR/image (e.g. ../shared/apod-sample), upscaled to HD;
                       with --browse-only, index DIR's real year (apod-2019.json) among the synthetic days
      --latency-ms MS  the pipeline rows' round trip before each answer (default 40; 0 = raw loopback)
      --rate MB        the pipeline rows' megabytes per second per connection (default 20; 0 = unlimited)
      --renderers LIST the renderers each viewer row runs under, in order (default gl,cairo,auto;
                       also cairo-nogl: cairo with GL never loaded)
      --no-grids       leave out the rows that run the viewer (they need a display)
      --grids-only     only the rows that run the viewer
      --index-only     only the archive index rows (sync, search, random, random in the viewer, browse)
      --browse-only    only the index sync and the browse rows (the archive wall under cairo and auto)
      --monitors-only  only the monitors row: one spanned background for 1, 2, 3 monitors against the largest alone,
                       and the main loop's longest stall while the app rebuilds it for a new layout
      --open-only      only the open row: the viewer warm and cold against eog on a 6000×4000 JPEG
      --open-runs N    the open row's runs of each program per measurement (default 4; 3 measurements)
      --video-only     only the video rows: first frame against first byte at 1 MB/s, CPU paused,
                       hidden and playing 1080p, peak RSS (clips from scripts/make-test-media), under the
                       renderer the viewer would choose (GSK_RENDERER wins)
    """

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("apod-bench: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == GridRowArguments.flag {
    guard let settings = GridRowArguments.parse(arguments) else { fail("bad grid row arguments") }
    ViewerGridRow.run(settings)
}
if arguments.first == IndexGridRowArguments.flag {
    guard let settings = IndexGridRowArguments.parse(arguments) else { fail("bad index grid row arguments") }
    ViewerIndexRow.run(settings)
}
if arguments.first == BrowseRowArguments.flag {
    guard let settings = BrowseRowArguments.parse(arguments) else { fail("bad browse row arguments") }
    ViewerBrowseRow.run(settings)
}
if arguments.first == RowArguments.flag {
    guard let settings = RowArguments.parse(arguments) else { fail("bad row arguments") }
    do {
        let measurement = try RowProcess.measure(settings)
        FileHandle.standardOutput.write(try JSONEncoder().encode(measurement))
        exit(0)
    } catch {
        fail("\(settings.kind.rawValue) \(settings.flavour.rawValue): \(error)")
    }
}

if arguments.first == MonitorsBench.flag { MonitorsBench.measureCase(arguments) }
if arguments.first == MonitorsBench.stallFlag { MonitorsBench.measureStall(arguments) }
if arguments.first == "--monitors-only" { MonitorsBench.run() }

if arguments.first == WaitCPU.flag {
    guard arguments.count == 2, let url = URL(string: arguments[1]) else { fail("bad wait-cpu arguments") }
    let finished = DispatchSemaphore(value: 0)
    nonisolated(unsafe) var measurement: WaitCPU.Measurement?
    Task.detached {
        measurement = await WaitCPU.measure(url)
        finished.signal()
    }
    finished.wait()
    FileHandle.standardOutput.write(try JSONEncoder().encode(measurement!))
    exit(0)
}

if arguments.first == "--video-only" {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..", isDirectory: true).standardized
    let media =
        arguments.count > 1
        ? URL(fileURLWithPath: arguments[1], isDirectory: true)
        : repository.appendingPathComponent(".build/test-media", isDirectory: true)
    let script = Process()
    script.executableURL = repository.appendingPathComponent("scripts/make-test-media")
    script.arguments = [media.path, "hd"]
    do {
        try script.run()
        script.waitUntilExit()
    } catch {
        fail("scripts/make-test-media: \(error)")
    }
    guard script.terminationStatus == 0 else { fail("scripts/make-test-media failed") }
    VideoBench.run(mediaDirectory: media)
}

var options = BenchPlan.Options()
var indexOnly = false
var browseOnly = false
var openOnly = false
var openOptions = OpenBench.Options()
var remaining = arguments[...]
while let argument = remaining.popFirst() {
    switch argument {
    case "--count":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
            fail("--count needs a positive number\n\(usage)")
        }
        options.count = value
    case "--latency-ms":
        guard let value = remaining.popFirst().flatMap(Double.init), value >= 0 else {
            fail("--latency-ms needs a number\n\(usage)")
        }
        options.network.roundTrip = value / 1000
    case "--rate":
        guard let value = remaining.popFirst().flatMap(Double.init), value >= 0 else {
            fail("--rate needs a number\n\(usage)")
        }
        options.network.bytesPerSecond = value > 0 ? Int(value * 1_000_000) : nil
    case "--renderers":
        guard let modes = remaining.popFirst().flatMap(RendererMode.list) else {
            fail("--renderers needs a list of gl, cairo, auto, cairo-nogl\n\(usage)")
        }
        options.renderers = modes
    case "--no-grids":
        options.grids = false
    case "--grids-only":
        options.pipeline = false
    case "--json":
        options.json = true
    case "--index-only":
        indexOnly = true
    case "--browse-only":
        indexOnly = true
        browseOnly = true
    case "--open-only":
        openOnly = true
    case "--open-runs":
        guard let value = remaining.popFirst().flatMap(Int.init), value > 0 else {
            fail("--open-runs needs a positive number\n\(usage)")
        }
        openOptions.runsPerMeasurement = value
    case "--sample":
        guard let path = remaining.popFirst() else { fail("--sample needs a folder\n\(usage)") }
        guard FileManager.default.fileExists(atPath: path) else { fail("no sample at \(path)") }
        options.sample = URL(fileURLWithPath: path, isDirectory: true)
    case "-h", "--help":
        print(usage)
        exit(0)
    default:
        fail("unknown argument \(argument)\n\(usage)")
    }
}

/// The open row runs with the viewer rows (it starts its own display); its progress goes to stderr.
func runOpenRow(_ openOptions: OpenBench.Options) throws -> OpenBench.Report {
    try OpenBench.run(openOptions) { FileHandle.standardError.write(Data("apod-bench: \($0)\n".utf8)) }
}

if openOnly {
    do {
        let report = try runOpenRow(openOptions)
        if options.json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys]
            print(String(decoding: try encoder.encode(report), as: UTF8.self))
        } else {
            print(OpenBenchTable.render(report, network: openOptions.network))
        }
        exit(0)
    } catch {
        fail("\(error)")
    }
}

do {
    var report = indexOnly ? BenchReport(count: options.count, rows: []) : try BenchPlan.run(options)
    // With --browse-only, --sample's real year replaces the synthetic one in the index.
    let realYear = browseOnly ? options.sample?.appendingPathComponent("apod-2019.json") : nil
    let indexRows = try await IndexBench.run(browseOnly: browseOnly, realYear: realYear) {
        FileHandle.standardError.write(Data("apod-bench: \($0)\n".utf8))
    }
    if !indexOnly && options.grids { report.open = try runOpenRow(openOptions) }
    if options.json {
        report.rows += indexRows
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        print(String(decoding: try encoder.encode(report), as: UTF8.self))
    } else {
        let pictures = options.sample.map { "sample \($0.path), upscaled" } ?? "generated 3000×2000 JPEGs"
        if !indexOnly { print(BenchTable.render(report, source: pictures + "; " + options.network.summary)) }
        print(IndexBenchTable.render(indexRows))
        if let open = report.open { print(OpenBenchTable.render(open, network: openOptions.network)) }
    }
} catch {
    fail("\(error)")
}
