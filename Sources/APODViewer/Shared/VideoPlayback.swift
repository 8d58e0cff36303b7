import APODCore
import Foundation

/// What the play buttons do: open the video's player in the browser. A video that came
/// without its player's address (a synced, listed or random day: science.nasa.gov keeps it in
/// the entry's page) has it fetched through the source first, so the request is paid when
/// Play is pressed, not for every video a sync or a grid comes across; the source keeps it.
/// When no player can be found, the entry's web page opens: it plays the video too.
@MainActor
final class VideoPlayback {
    private let source: any APODSource
    private let work = WorkSlot()

    init(source: any APODSource) {
        self.source = source
    }

    /// Hands `entry`'s player (or its web page) to `open`, at once when the address is known.
    func play(_ entry: APODEntry, open: @escaping @MainActor (URL) -> Void) {
        guard entry.lacksVideoAddress else {
            open(entry.playableURL ?? entry.webPageURL)
            return
        }
        let source = source
        work.start(
            {
                try await source.withVideoAddresses([entry]).first ?? entry
            },
            then: { result in
                let completed = (try? result.get()) ?? entry
                open(completed.playableURL ?? completed.webPageURL)
            })
    }

    /// Forgets a Play still waiting for its address (the window closed or moved on).
    func cancel() {
        work.cancel()
    }
}
