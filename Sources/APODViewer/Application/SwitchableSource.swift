import APODCore
import Foundation

/// The source every window holds; the application swaps what stands behind it.
typealias SwitchableSource = Switchable<any APODSource>

/// Every member goes to whatever stands behind the switch now.
extension Switchable: APODSource where Upstream == any APODSource {}
extension Switchable: ForwardingSource where Upstream == any APODSource {}
