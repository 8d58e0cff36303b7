import APODCore

/// The archive wall's rows for a number of columns: a year heading before each year, a month
/// heading before each month, then the month's days in runs of `columns`, newest first. GTK 4.8's
/// list views have no section headers, so the wall is a list of these rows. Also where the
/// keyboard goes from a cell.
struct ArchiveWallLayout: Equatable {
    enum Row: Equatable {
        case year(Int)
        case month(ArchiveMonth, days: Int)
        /// Indexes into `days`.
        case cells(Range<Int>)
    }

    /// How many days the wall holds.
    let dayCount: Int
    let columns: Int
    let rows: [Row]
    /// For each day, its row.
    private let rowOfDay: [Int]
    private let rowOfMonth: [ArchiveMonth: Int]
    /// Each month with the index of its first (newest) day, newest month first.
    let monthStarts: [(month: ArchiveMonth, firstDay: Int, days: Int)]

    /// - Parameter days: newest first.
    init(days: [APODDay], columns: Int) {
        var counts: [(month: ArchiveMonth, days: Int)] = []
        for day in days {
            let month = ArchiveMonth(containing: day)
            if counts.last?.month == month { counts[counts.count - 1].days += 1 } else { counts.append((month, 1)) }
        }
        self.init(months: counts, columns: columns)
    }

    /// From the days each month holds, newest month first (`ArchiveIndex.dayCountsByMonth`):
    /// the whole wall is laid out before any of its entries is read.
    init(months: [(month: ArchiveMonth, days: Int)], columns: Int) {
        self.columns = max(1, columns)
        var rows: [Row] = []
        var rowOfDay: [Int] = []
        var rowOfMonth: [ArchiveMonth: Int] = [:]
        var starts: [(month: ArchiveMonth, firstDay: Int, days: Int)] = []
        var start = 0
        for (month, count) in months where count > 0 {
            if starts.last?.month.year != month.year { rows.append(.year(month.year)) }
            starts.append((month, start, count))
            rowOfMonth[month] = rows.count
            rows.append(.month(month, days: count))
            let end = start + count
            for first in stride(from: start, to: end, by: self.columns) {
                let run = first..<min(end, first + self.columns)
                rowOfDay.append(contentsOf: repeatElement(rows.count, count: run.count))
                rows.append(.cells(run))
            }
            start = end
        }
        dayCount = start
        self.rows = rows
        self.rowOfDay = rowOfDay
        self.rowOfMonth = rowOfMonth
        monthStarts = starts
    }

    static func == (lhs: ArchiveWallLayout, rhs: ArchiveWallLayout) -> Bool {
        lhs.columns == rhs.columns && lhs.rows == rhs.rows
    }

    /// The month day `index` is in.
    func month(ofDay index: Int) -> ArchiveMonth? {
        guard index >= 0, index < dayCount else { return nil }
        // Months newest first, their first days ascending.
        var low = 0
        var high = monthStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if monthStarts[middle].firstDay <= index { low = middle } else { high = middle - 1 }
        }
        return monthStarts[low].month
    }

    func row(ofDay index: Int) -> Int? {
        rowOfDay.indices.contains(index) ? rowOfDay[index] : nil
    }

    /// The heading row of `month`; for a month without days, the nearest older month's (or the
    /// oldest's, before the archive began).
    func headingRow(of month: ArchiveMonth) -> Int? {
        if let row = rowOfMonth[month] { return row }
        return rowOfMonth.filter { $0.key < month }.max { $0.key < $1.key }?.value
            ?? rowOfMonth.min { $0.key < $1.key }?.value
    }

    /// The months of the wall, newest first.
    var months: [ArchiveMonth] {
        rows.compactMap { if case .month(let month, _) = $0 { return month } else { return nil } }
    }

    /// The first day shown at or after row `row` (for keeping the place when the columns change).
    func firstDay(atOrAfterRow row: Int) -> Int? {
        rows[max(0, min(row, rows.count - 1))...].lazy.compactMap { row -> Int? in
            if case .cells(let run) = row { return run.lowerBound } else { return nil }
        }.first
    }

    enum Move {
        case left, right, up, down, pageUp, pageDown, home, end
    }

    /// Where the keyboard goes from day `index`: Left and Right to the neighbouring day (across
    /// rows and months), Up and Down to the same column of the cell row above or below (the
    /// last cell of a shorter one), a page to `pageRows` cell rows away.
    func day(from index: Int, moving move: Move, pageRows: Int = 4) -> Int {
        guard dayCount > 0 else { return 0 }
        let index = min(max(0, index), dayCount - 1)
        switch move {
        case .left: return max(0, index - 1)
        case .right: return min(dayCount - 1, index + 1)
        case .home: return 0
        case .end: return dayCount - 1
        case .up: return vertical(from: index, by: -1)
        case .down: return vertical(from: index, by: 1)
        case .pageUp: return (0..<max(1, pageRows)).reduce(index) { at, _ in vertical(from: at, by: -1) }
        case .pageDown: return (0..<max(1, pageRows)).reduce(index) { at, _ in vertical(from: at, by: 1) }
        }
    }

    private func vertical(from index: Int, by step: Int) -> Int {
        guard let row = row(ofDay: index), case .cells(let here) = rows[row] else { return index }
        let column = index - here.lowerBound
        var next = row + step
        while rows.indices.contains(next) {
            if case .cells(let run) = rows[next] { return min(run.lowerBound + column, run.upperBound - 1) }
            next += step
        }
        return index
    }
}
