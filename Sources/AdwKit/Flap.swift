import CAdw
import CGtk
import GtkKit

/// A side panel beside a window's content (AdwFlap), at the content's end: it sits beside the
/// content when the window is wide and slides over it when narrow, as GNOME's image viewer
/// shows its properties.
@MainActor
public final class Flap: Widget {
    public init(content: Widget, flap: Widget) {
        super.init(adw_flap_new())
        adw_flap_set_content(cast(), content.widgetPointer)
        adw_flap_set_flap(cast(), flap.widgetPointer)
        flap.isVisible = false
        adw_flap_set_separator(cast(), gtk_separator_new(GTK_ORIENTATION_VERTICAL))
        adw_flap_set_flap_position(cast(), GTK_PACK_END)
        adw_flap_set_fold_policy(cast(), ADW_FLAP_FOLD_POLICY_AUTO)
        // Folds (the panel slides over the content) once both no longer fit at their natural
        // width, not only when the content is squeezed to its minimum.
        adw_flap_set_fold_threshold_policy(cast(), ADW_FOLD_THRESHOLD_POLICY_NATURAL)
        adw_flap_set_swipe_to_open(cast(), 0)
        // The panel stays open or closed as the user left it when the window folds or unfolds.
        adw_flap_set_locked(cast(), 1)
        adw_flap_set_reveal_flap(cast(), 0)
    }

    /// Whether the panel lies over the content (a narrow window) rather than beside it.
    public var isFolded: Bool { adw_flap_get_folded(cast()) != 0 }

    /// A closed panel is hidden too, so Tab and screen readers skip what is not on screen.
    public var isRevealed: Bool {
        get { adw_flap_get_reveal_flap(cast()) != 0 }
        set {
            if let flap = adw_flap_get_flap(cast()) { gtk_widget_set_visible(flap, newValue ? 1 : 0) }
            adw_flap_set_reveal_flap(cast(), newValue ? 1 : 0)
        }
    }
}
