import GtkKit

/// Keeps preferences rows and the settings they show in step, as GSettings bindings do in GNOME
/// apps, so a preferences window has no fill or guard code of its own:
///
/// - each bound row shows its setting (`read`) when bound and again on `refresh()`;
/// - only the user's changes reach `write`: a value `refresh()` shows is never taken for one;
/// - a typed text is written once typing pauses (`typingPauseMilliseconds`), on Enter, or on
///   `flush()` (the window closes), and only while its `isUsable` check passes: the one
///   debounce of the preferences, here.
///
/// What `write` does with a value (validate, save, apply, say why not) is the window's.
@MainActor
public final class PreferenceBindings {
    /// How long typing must pause before a typed text is written.
    public let typingPauseMilliseconds: Int
    private var showers: [@MainActor () -> Void] = []
    /// Set while `refresh()` puts the settings into the rows.
    private var isShowing = false
    /// The typed text waiting for typing to pause (or the window to close).
    private var pendingWrite: (@MainActor () -> Void)?
    private var typingPause: RepeatingTimer?

    public init(typingPauseMilliseconds: Int) {
        self.typingPauseMilliseconds = typingPauseMilliseconds
    }

    public func bind<Value: Equatable>(
        _ row: ComboRow<Value>, read: @escaping @MainActor () -> Value,
        write: @escaping @MainActor (Value) -> Void
    ) {
        connect(
            row, read: read, write: write, show: { $0.selectedValue = $1 }, value: { $0.selectedValue },
            onChange: { $0.onChange($1) })
    }

    public func bind(
        _ spin: SpinButton, read: @escaping @MainActor () -> Int, write: @escaping @MainActor (Int) -> Void
    ) {
        connect(
            spin, read: read, write: write, show: { $0.value = $1 }, value: { $0.value },
            onChange: { $0.onValueChanged($1) })
    }

    public func bind(
        _ toggle: Switch, read: @escaping @MainActor () -> Bool, write: @escaping @MainActor (Bool) -> Void
    ) {
        connect(
            toggle, read: read, write: write, show: { $0.isOn = $1 }, value: { $0.isOn }, onChange: { $0.onToggled($1) }
        )
    }

    public func bind(
        _ row: ExpanderRow, read: @escaping @MainActor () -> Bool, write: @escaping @MainActor (Bool) -> Void
    ) {
        connect(
            row, read: read, write: write, show: { $0.isOn = $1 }, value: { $0.isOn }, onChange: { $0.onToggled($1) })
    }

    /// - Parameters:
    ///   - isUsable: asked at each edit (it may say why not under the row); a text that is not
    ///     usable is not written when typing pauses nor on `flush()`, only on Enter, where
    ///     `write` says why it cannot be used.
    public func bind(
        _ entry: EntryRow, read: @escaping @MainActor () -> String,
        isUsable: @escaping @MainActor (String) -> Bool = { _ in true },
        write: @escaping @MainActor (String) -> Void
    ) {
        // Only a different text is set: an entry row given its text anew, even the same one,
        // drew differently from one frame to the next (the preferences' contrast test caught it).
        add(show: { [weak entry] in
            guard let entry else { return }
            let text = read()
            if entry.text != text { entry.text = text }
        })
        entry.onChanged { [weak self, weak entry] in
            guard let self, let entry, !self.isShowing else { return }
            let text = entry.text
            guard isUsable(text) else {
                self.cancelPendingWrite()
                return
            }
            self.writeWhenTypingPauses { [weak entry] in
                if let entry { write(entry.text) }
            }
        }
        entry.onActivate { [weak self, weak entry] in
            self?.cancelPendingWrite()
            if let entry { write(entry.text) }
        }
    }

    /// Shows every bound setting again (after a change made elsewhere, or a refusal).
    public func refresh() {
        isShowing = true
        defer { isShowing = false }
        showers.forEach { $0() }
    }

    /// Writes a typed text still waiting for typing to pause (the window closes).
    public func flush() {
        let write = pendingWrite
        cancelPendingWrite()
        write?()
    }

    /// Forgets a typed text waiting to be written: something wrote every row's value since.
    public func cancelPendingWrite() {
        typingPause?.stop()
        typingPause = nil
        pendingWrite = nil
    }

    /// Shows `read()` in `row` now and on `refresh()`; hands the row's `value` to `write` when
    /// it changes other than by showing.
    private func connect<Row: Widget, Value>(
        _ row: Row, read: @escaping @MainActor () -> Value, write: @escaping @MainActor (Value) -> Void,
        show: @escaping @MainActor (Row, Value) -> Void, value: @escaping @MainActor (Row) -> Value,
        onChange: (Row, @escaping @MainActor () -> Void) -> Void
    ) {
        add(show: { [weak row] in
            if let row { show(row, read()) }
        })
        onChange(row) { [weak self, weak row] in
            guard let self, let row, !self.isShowing else { return }
            write(value(row))
        }
    }

    private func add(show: @escaping @MainActor () -> Void) {
        showers.append(show)
        isShowing = true
        defer { isShowing = false }
        show()
    }

    private func writeWhenTypingPauses(_ write: @escaping @MainActor () -> Void) {
        typingPause?.stop()
        pendingWrite = write
        typingPause = RepeatingTimer(milliseconds: typingPauseMilliseconds) { [weak self] in
            self?.flush()
        }
    }
}
