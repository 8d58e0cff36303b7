import CGtk
import Foundation
import Synchronization

/// What GLib logs at warning level or worse (criticals from `g_return_if_fail`, warnings from
/// format modules), from any thread, while a test looks: a test asserts the list stays empty.
///
/// GLib allows one log writer per process, set before anything logs in structured form, so the
/// recorder installs itself once and forwards every message to GLib's default writer as well;
/// messages logged with `g_log` reach it through GLib's default handler.
enum GLibLogRecorder {
    private static let recorded = Mutex<[String]?>(nil)
    private static let installed = Mutex(false)

    /// Records until `stop`; what was recorded before is dropped.
    static func start() {
        installed.withLock { done in
            guard !done else { return }
            done = true
            g_log_set_writer_func(
                { level, fields, count, _ in
                    GLibLogRecorder.note(level: level, fields: fields, count: Int(count))
                    return g_log_writer_default(level, fields, count, nil)
                }, nil, nil)
        }
        recorded.withLock { $0 = [] }
    }

    /// Stops recording and returns the messages, as "Domain-LEVEL: text".
    static func stop() -> [String] {
        recorded.withLock { messages in
            defer { messages = nil }
            return messages ?? []
        }
    }

    private static func note(level: GLogLevelFlags, fields: UnsafePointer<GLogField>?, count: Int) {
        let severe: [(GLogLevelFlags, String)] = [
            (G_LOG_LEVEL_ERROR, "ERROR"), (G_LOG_LEVEL_CRITICAL, "CRITICAL"),
            (G_LOG_LEVEL_WARNING, "WARNING"),
        ]
        guard let name = severe.first(where: { level.rawValue & $0.0.rawValue != 0 })?.1, let fields else { return }
        var domain = ""
        var message = ""
        for field in UnsafeBufferPointer(start: fields, count: count) {
            guard let key = field.key, let value = field.value else { continue }
            let text =
                field.length < 0
                ? String(cString: value.assumingMemoryBound(to: CChar.self))
                : String(decoding: UnsafeRawBufferPointer(start: value, count: Int(field.length)), as: UTF8.self)
            switch String(cString: key) {
            case "GLIB_DOMAIN": domain = text
            case "MESSAGE": message = text
            default: break
            }
        }
        recorded.withLock { $0?.append("\(domain)-\(name): \(message)") }
    }
}
