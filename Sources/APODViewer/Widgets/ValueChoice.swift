import GtkKit

/// A drop-down whose items each stand for a value. Labels and values are given as pairs, so
/// the two lists cannot drift apart.
@MainActor
final class ValueChoice<Value: Equatable> {
    let dropDown: DropDown
    private let values: [Value]

    init(_ choices: [(value: Value, label: String)]) {
        values = choices.map(\.value)
        dropDown = DropDown(items: choices.map(\.label))
    }

    /// The chosen value; setting one not offered chooses the first.
    var value: Value {
        get { values[min(max(dropDown.selectedIndex, 0), values.count - 1)] }
        set { dropDown.selectedIndex = values.firstIndex(of: newValue) ?? 0 }
    }
}
