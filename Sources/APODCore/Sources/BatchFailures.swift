import Foundation

/// What went wrong while a random batch was gathered: decides when asking for more days
/// cannot help, and which error to report when not one entry arrived.
struct BatchFailures: Sendable {
    /// Failed requests in a row that end the batch: by then the service is down, not a day.
    let limit: Int
    /// Requests the batch starts before it waits for a first answer.
    let firstRound: Int
    private var errors: [APODError] = []
    private var inARow = 0
    private var serviceIsOut = false
    /// Requests that ended without any answer (time-outs, no connection).
    private var unanswered = 0
    /// Whether the service answered anything at all: an entry, a 404, an error page.
    private(set) var hasAnswered = false

    /// - Parameter firstRound: requests sent before any answer came back.
    init(limit: Int, firstRound: Int) {
        self.limit = max(1, limit)
        self.firstRound = max(1, firstRound)
    }

    mutating func record(_ error: APODError) {
        errors.append(error)
        inARow += 1
        if Self.concernsTheService(error) { serviceIsOut = true }
        if Self.isSilence(error) { unanswered += 1 } else { hasAnswered = true }
    }

    mutating func recordSuccess() {
        inARow = 0
        hasAnswered = true
    }

    /// A day without a picture: the service answered.
    mutating func recordNoEntry() {
        hasAnswered = true
    }

    /// Also true once the whole first round went unanswered: another round would wait as long
    /// for as little (a dead service made `apod random --count 5` wait 65 s where `show` gave
    /// up after 15).
    var shouldStop: Bool { serviceIsOut || inARow >= limit || (!hasAnswered && unanswered >= firstRound) }

    /// Whether more requests may start now: beyond the first round only once the service has
    /// answered something, so a silent service costs one round of attempts.
    func mayStart(afterStarting started: Int) -> Bool {
        !shouldStop && (hasAnswered || started < firstRound)
    }

    /// The error that tells the user most about what to do: a refused key or an exhausted
    /// quota before an unreachable host, that before a time-out, that before a 5xx; the
    /// first one seen among equals.
    var mostTelling: APODError? {
        errors.enumerated().min { (Self.rank($0.element), $0.offset) < (Self.rank($1.element), $1.offset) }?.element
    }

    /// Errors another day cannot avoid: the key, the quota, the host or its address.
    static func concernsTheService(_ error: APODError) -> Bool {
        rank(error) <= 1
    }

    /// Nothing came back at all.
    private static func isSilence(_ error: APODError) -> Bool {
        switch error {
        case .timedOut, .unreachable: return true
        default: return false
        }
    }

    private static func rank(_ error: APODError) -> Int {
        switch error {
        case .rateLimited, .keyRefused: return 0
        case .unreachable, .unsupportedURL, .redirectRefused, .tooManyRedirects: return 1
        case .timedOut: return 2
        case .serviceError, .connectionLost: return 3
        case .requestRejected: return 4
        default: return 5
        }
    }
}
