import APODCore

/// Which year, month and day values the date selector and the calendar allow, given the
/// archive's range: nothing before the first APOD or after today, and days that exist in the
/// chosen month.
struct DateLimits: Equatable {
    let range: ClosedRange<APODDay>

    var years: ClosedRange<Int> { range.lowerBound.year...range.upperBound.year }

    func months(in year: Int) -> ClosedRange<Int> {
        let first = year == range.lowerBound.year ? range.lowerBound.month : 1
        let last = year == range.upperBound.year ? range.upperBound.month : 12
        return first...max(first, last)
    }

    /// 1…31 except in the archive's first and last months. The month's own length is not
    /// applied: narrowing the day field would silently move Mar. 31 to Feb. 28 while the
    /// month is changed; a day the month lacks is explained when shown instead.
    func days(in year: Int, month: Int) -> ClosedRange<Int> {
        let first = (year, month) == (range.lowerBound.year, range.lowerBound.month) ? range.lowerBound.day : 1
        let last = (year, month) == (range.upperBound.year, range.upperBound.month) ? range.upperBound.day : 31
        return first...max(first, last)
    }

    /// The nearest allowed day to the given components: month and day are first made a real
    /// date, then anything outside the archive becomes its first or last day.
    func clamp(year: Int, month: Int, day: Int) -> APODDay {
        let m = min(max(month, 1), 12)
        let d = min(max(day, 1), APODDay.daysIn(month: m, year: year))
        let real = APODDay(year: year, month: m, day: d)!
        return min(max(real, range.lowerBound), range.upperBound)
    }

    func contains(_ day: APODDay) -> Bool { range.contains(day) }

    /// The days of a month (1…its length) outside the archive: the calendar dims them. Every
    /// day of a month wholly before the first APOD or after today, none of most months.
    func daysOutside(year: Int, month: Int) -> Set<Int> {
        let length = APODDay.daysIn(month: month, year: year)
        return Set(
            (1...length).filter { day in APODDay(year: year, month: month, day: day).map { !contains($0) } ?? true })
    }

    /// Why `day` cannot be chosen, said where it was refused; nil when it can.
    func refusal(for day: APODDay) -> String? {
        if day < range.lowerBound {
            return tr("The archive begins on {date}, the first picture.", ["date": range.lowerBound.displayString])
        }
        if day > range.upperBound {
            return tr(
                "The archive ends today, {date}: later pictures are not published yet.",
                ["date": range.upperBound.displayString])
        }
        return nil
    }
}
