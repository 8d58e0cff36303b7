import CPangoCairo

/// A caption laid out with Pango for one size: up to three blocks of text (title, details,
/// sentence) on a rounded, translucent black card, white text. Sizes are in logical pixels
/// times `unit` (the monitor's scale factor, times a shrink factor when the card must be
/// smaller), so a HiDPI screen gets the same card as a normal one, only sharper.
///
/// The whole card follows the title's direction: a Hebrew or Arabic title makes every line
/// right-to-left and right-aligned; Pango shapes CJK, Arabic and Hebrew through HarfBuzz and
/// finds a font for each script through fontconfig.
final class CaptionCard {
    /// How many lines each block may take, and how wide the text may be.
    struct Limits {
        var titleLines: Int
        var detailLines: Int
        var sentenceLines: Int
        /// The widest the text may be, in canvas pixels.
        var maxTextWidth: Int
        /// Whether the card is as wide as `maxTextWidth` allows (a band) or as its text needs.
        var fullWidth: Bool
    }

    static let family = "Cantarell, Sans"
    static let titleSize = 20.0
    static let textSize = 14.0
    static let paddingSize = 14.0
    static let gapSize = 4.0
    static let radiusSize = 12.0

    let size: CanvasSize
    let padding: Int
    let isRightToLeft: Bool
    private let radius: Double
    /// Each block's layout and its top, relative to the card's text area.
    private var blocks: [(layout: OpaquePointer, top: Int)] = []

    /// Lays out `caption` for `context`'s target (fonts are measured for that surface).
    init(_ caption: Caption, unit: Double, limits: Limits, context: OpaquePointer) {
        padding = Int((Self.paddingSize * unit).rounded())
        radius = Self.radiusSize * unit
        isRightToLeft = pango_find_base_dir(caption.title, -1) == PANGO_DIRECTION_RTL
        // The other lines keep their own direction inside the card's (first-strong isolates):
        // an English date under a Hebrew title reads "2019 Jan. 1", not "Jan. 1 … 2019".
        let specs: [(String, Double, Bool, Int)] = [
            (caption.title, Self.titleSize, true, limits.titleLines),
            (Self.isolated(caption.details), Self.textSize, false, limits.detailLines),
            (caption.sentence.map(Self.isolated) ?? "", Self.textSize, false, limits.sentenceLines),
        ]
        var layouts: [OpaquePointer] = []
        for (text, points, bold, lines) in specs where lines > 0 && !text.isEmpty {
            layouts.append(
                Self.layout(text, pixels: points * unit, bold: bold, rightToLeft: isRightToLeft, context: context))
            pango_layout_set_height(layouts[layouts.count - 1], Int32(-lines))
        }
        // The natural width of the widest block, then every block wrapped at the card's width,
        // so right-to-left text is right-aligned against the same edge.
        let natural = layouts.map { Self.pixelExtents(of: $0).width }.max() ?? 0
        let textWidth = max(1, limits.fullWidth ? limits.maxTextWidth : min(natural, limits.maxTextWidth))
        var top = 0
        let gap = Int((Self.gapSize * unit).rounded())
        for layout in layouts {
            pango_layout_set_width(layout, Int32(textWidth) * PANGO_SCALE)
            blocks.append((layout, top))
            top += Self.pixelExtents(of: layout).height + gap
        }
        let textHeight = max(0, top - gap)
        size = CanvasSize(width: textWidth + 2 * padding, height: textHeight + 2 * padding)
    }

    deinit {
        for block in blocks { g_object_unref(UnsafeMutableRawPointer(block.layout)) }
    }

    /// Characters no installed font could draw (shown as boxes); 0 when every script has a font.
    var unknownGlyphs: Int {
        blocks.reduce(0) { $0 + Int(pango_layout_get_unknown_glyphs_count($1.layout)) }
    }

    /// The rectangle the text occupies when the card's top left corner is at `origin`.
    func textRect(at origin: CanvasRect) -> CanvasRect { origin.insetBy(padding) }

    /// The card's rounded backdrop: black at `opacity`.
    func drawBackdrop(in rect: CanvasRect, opacity: Double, on cairo: OpaquePointer) {
        let x = Double(rect.x)
        let y = Double(rect.y)
        let width = Double(rect.width)
        let height = Double(rect.height)
        let r = min(radius, width / 2, height / 2)
        cairo_new_sub_path(cairo)
        cairo_arc(cairo, x + width - r, y + r, r, -Double.pi / 2, 0)
        cairo_arc(cairo, x + width - r, y + height - r, r, 0, Double.pi / 2)
        cairo_arc(cairo, x + r, y + height - r, r, Double.pi / 2, Double.pi)
        cairo_arc(cairo, x + r, y + r, r, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cairo)
        cairo_set_source_rgba(cairo, 0, 0, 0, opacity)
        cairo_fill(cairo)
    }

    /// The text in white.
    func drawText(in rect: CanvasRect, on cairo: OpaquePointer) {
        let text = textRect(at: rect)
        cairo_set_source_rgb(cairo, 1, 1, 1)
        for block in blocks {
            cairo_move_to(cairo, Double(text.x), Double(text.y + block.top))
            pango_cairo_show_layout(cairo, block.layout)
        }
    }

    private static func isolated(_ text: String) -> String {
        text.isEmpty ? text : "\u{2068}" + text + "\u{2069}"
    }

    private static func layout(
        _ text: String, pixels: Double, bold: Bool, rightToLeft: Bool,
        context: OpaquePointer
    ) -> OpaquePointer {
        let layout = pango_cairo_create_layout(context)!
        pango_context_set_base_dir(
            pango_layout_get_context(layout), rightToLeft ? PANGO_DIRECTION_RTL : PANGO_DIRECTION_LTR)
        pango_layout_context_changed(layout)
        pango_layout_set_auto_dir(layout, 0)
        pango_layout_set_alignment(layout, rightToLeft ? PANGO_ALIGN_RIGHT : PANGO_ALIGN_LEFT)
        pango_layout_set_wrap(layout, PANGO_WRAP_WORD_CHAR)
        pango_layout_set_ellipsize(layout, PANGO_ELLIPSIZE_END)
        let font = pango_font_description_from_string(family)
        pango_font_description_set_absolute_size(font, pixels * Double(PANGO_SCALE))
        if bold { pango_font_description_set_weight(font, PANGO_WEIGHT_BOLD) }
        pango_layout_set_font_description(layout, font)
        pango_font_description_free(font)
        pango_layout_set_text(layout, text, -1)
        return layout
    }

    private static func pixelExtents(of layout: OpaquePointer) -> (width: Int, height: Int) {
        var logical = PangoRectangle()
        pango_layout_get_pixel_extents(layout, nil, &logical)
        return (Int(logical.width), Int(logical.height))
    }
}
