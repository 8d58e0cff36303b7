import Foundation

/// Counts as people read them: "11,492" rather than "11492" (the locale's grouping, a comma
/// where the locale has none, as under C).
public enum DisplayNumber {
    public static func grouped(_ value: Int) -> String {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        formatter.usesGroupingSeparator = true
        formatter.groupingSize = 3
        if formatter.groupingSeparator?.isEmpty ?? true { formatter.groupingSeparator = "," }
        return formatter.string(from: NSNumber(value: value)) ?? String(value)
    }
}
