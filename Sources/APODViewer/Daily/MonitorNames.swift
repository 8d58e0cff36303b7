import APODCore
import Foundation
import WallpaperComposition

/// What the daily picture calls each monitor when it says which picture went where: the
/// laptop's own panel (an eDP, LVDS or DSI connector) is "Built-in display", another monitor
/// goes by its model ("DELL U2720Q"); two of the same model add their connectors.
enum MonitorNames {
    static let builtInConnectors = ["eDP", "LVDS", "DSI"]

    static func names(of layout: MonitorLayout) -> [String] {
        let plain = layout.monitors.enumerated().map { index, monitor in name(of: monitor, number: index + 1) }
        return zip(plain, layout.monitors).map { name, monitor in
            guard plain.filter({ $0 == name }).count > 1 else { return name }
            return monitor.connector.map { "\(name) (\($0))" } ?? name
        }
    }

    private static func name(of monitor: MonitorSpec, number: Int) -> String {
        if let connector = monitor.connector, builtInConnectors.contains(where: { connector.hasPrefix($0) }) {
            return tr("Built-in display")
        }
        if let model = monitor.model?.trimmingCharacters(in: .whitespaces), !model.isEmpty { return model }
        return monitor.connector ?? tr("Monitor {number}", ["number": String(number)])
    }

    /// "Built-in display: Title; DELL U2720Q: Other title", in the layout's order.
    static func assignment(of pictures: [APODEntry], on layout: MonitorLayout) -> String {
        zip(names(of: layout), pictures).map { name, entry in
            tr("{monitor}: {title}", ["monitor": name, "title": entry.shownTitle.text])
        }.joined(separator: tr("; "))
    }
}
