import Foundation

/// What went wrong while a random batch was gathered: decides when asking for more days
/// cannot help, and which error to report when not one entry arrived.
struct BatchFailures: Sendable {
    /// Failed requests in a row that end the batch: by then the service is down, not a day.
    let limit: Int
    private var errors: [APODError] = []
    private var inARow = 0
    private var serviceIsOut = false

    init(limit: Int) {
        self.limit = max(1, limit)
    }

    mutating func record(_ error: APODError) {
        errors.append(error)
        inARow += 1
        if Self.concernsTheService(error) { serviceIsOut = true }
    }

    mutating func recordSuccess() {
        inARow = 0
    }

    var shouldStop: Bool { serviceIsOut || inARow >= limit }

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
