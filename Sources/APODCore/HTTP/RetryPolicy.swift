import Foundation

/// When and how long to wait before trying a request again: the one place retries are decided.
///
/// Transient failures (5xx, time-outs, dropped or refused connections) are retried with
/// exponential backoff and jitter so that many clients do not hammer a recovering service in
/// step; 4xx answers are never retried because asking again cannot change them.
public struct RetryPolicy: Sendable {
    /// Extra attempts after the first one.
    public var retries: Int
    /// Delay before the first retry; doubled for each further one.
    public var baseDelay: TimeInterval
    /// Upper bound for any single delay.
    public var maxDelay: TimeInterval

    public init(retries: Int = 2, baseDelay: TimeInterval = 0.5, maxDelay: TimeInterval = 4) {
        self.retries = max(0, retries)
        self.baseDelay = max(0, baseDelay)
        self.maxDelay = max(0, maxDelay)
    }

    /// Two retries, 0.5 s then 1 s (each ±50 %).
    public static let standard = RetryPolicy()
    /// No retries at all.
    public static let none = RetryPolicy(retries: 0)

    /// Whether a response status deserves another attempt.
    public func shouldRetry(status: Int) -> Bool {
        (500...599).contains(status)
    }

    /// Whether an error deserves another attempt.
    public func shouldRetry(_ error: APODError) -> Bool {
        error.isTransient
    }

    /// The pause before retry number `attempt` (1-based), jittered between 50 % and 150 %.
    public func delay(beforeRetry attempt: Int) -> TimeInterval {
        let exponential = baseDelay * pow(2, Double(max(0, attempt - 1)))
        return min(maxDelay, exponential * Double.random(in: 0.5...1.5))
    }
}
