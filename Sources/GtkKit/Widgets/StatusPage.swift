import CGtk

/// A centred column with an icon, a heading, a message and optional buttons: GNOME's
/// "status page" for empty, loading and error states.
@MainActor
public final class StatusPage: Widget {
    public let icon: Image
    public let heading: Label
    public let message: Label
    private let buttons: Box

    public init(iconName: String, heading: String, message: String = "") {
        let icon = Image(iconName: iconName, pixelSize: 64)
        icon.addCSSClass("dim-label")
        let headingLabel = Label(heading)
        headingLabel.addCSSClass("title-2")
        headingLabel.enableWrapping()
        headingLabel.setTextAlignment(0.5)
        let messageLabel = Label(message)
        messageLabel.enableWrapping()
        messageLabel.setTextAlignment(0.5)
        messageLabel.setMaxWidthChars(60)
        messageLabel.isSelectable = true
        let buttons = Box(.horizontal, spacing: 12)
        buttons.horizontalAlign = .center
        let column = Box(.vertical, spacing: 12)
        column.verticalAlign = .center
        column.horizontalAlign = .center
        column.setMargins(24)
        column.append(icon)
        column.append(headingLabel)
        column.append(messageLabel)
        column.append(buttons)
        self.icon = icon
        self.heading = headingLabel
        self.message = messageLabel
        self.buttons = buttons
        super.init(column.widgetPointer)
    }

    public func addButton(_ button: Button) {
        buttons.append(button)
    }
}
