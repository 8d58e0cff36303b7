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

    /// Newest first.
    let days: [APODDay]
    let columns: Int
    let rows: [Row]
    /// For each day, its row.
    private let rowOfDay: [Int]
    private let rowOfMonth: [ArchiveMonth: Int]

    init(days: [APODDay], columns: Int) {
        self.days = days
        self.columns = max(1, columns)
        var rows: [Row] = []
        var rowOfDay = [Int](repeating: 0, count: days.count)
        var rowOfMonth: [ArchiveMonth: Int] = [:]
        var start = 0
        while start < days.count {
            let month = ArchiveMonth(containing: days[start])
            var end = start
            while end < days.count, ArchiveMonth(containing: days[end]) == month { end += 1 }
            if rows.isEmpty || ArchiveMonth(containing: days[start - 1]).year != month.year {
                rows.append(.year(month.year))
            }
            rowOfMonth[month] = rows.count
            rows.append(.month(month, days: end - start))
            for first in stride(from: start, to: end, by: self.columns) {
                let run = first..<min(end, first + self.columns)
                for index in run { rowOfDay[index] = rows.count }
                rows.append(.cells(run))
            }
            start = end
        }
        self.rows = rows
        self.rowOfDay = rowOfDay
        self.rowOfMonth = rowOfMonth
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
        guard !days.isEmpty else { return 0 }
        let index = min(max(0, index), days.count - 1)
        switch move {
        case .left: return max(0, index - 1)
        case .right: return min(days.count - 1, index + 1)
        case .home: return 0
        case .end: return days.count - 1
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
