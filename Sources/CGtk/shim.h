#ifndef APOD_CGTK_SHIM_H
#define APOD_CGTK_SHIM_H
#include <gtk/gtk.h>
/* GUnixFDList passes a file to the desktop portal; gtk.h does not include it. */
#include <gio/gunixfdlist.h>
/* GSettings backends by name: the tests check the desktop's keys with the real dconf. */
#define G_SETTINGS_ENABLE_BACKEND
#include <gio/gsettingsbackend.h>

/*
 * Swift cannot import function-like macros. G_CALLBACK is one: these typed wrappers let Swift
 * pass a thunk of the signal's exact C shape without casting function pointers itself.
 * Each connects with a destroy notify that releases the Swift closure box.
 */

typedef void (*ApodHandler)(gpointer instance, gpointer data);
typedef void (*ApodPointerHandler)(gpointer instance, gpointer argument, gpointer data);
typedef void (*ApodIntHandler)(gpointer instance, gint argument, gpointer data);
typedef void (*ApodIntIntHandler)(gpointer instance, gint first, gint second, gpointer data);
/* GListModel's items-changed: position, removed, added. */
typedef void (*ApodItemsChangedHandler)(gpointer instance, guint position, guint removed, guint added, gpointer data);

static inline gulong apod_connect(gpointer instance, const char *signal, ApodHandler handler,
                                  gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_pointer(gpointer instance, const char *signal, ApodPointerHandler handler,
                                          gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_int(gpointer instance, const char *signal, ApodIntHandler handler,
                                      gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_int_int(gpointer instance, const char *signal, ApodIntIntHandler handler,
                                          gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_items_changed(gpointer instance, ApodItemsChangedHandler handler,
                                                gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, "items-changed", G_CALLBACK(handler), data, notify, 0);
}

/*
 * gtk_accessible_update_property is variadic: one fixed-arity wrapper per property the app
 * sets, so screen readers get a name and a description for widgets without visible text.
 * The label is also kept on the widget: GTK 4.8 has no getter for accessible properties, and
 * the zh_TW test reads every name a screen reader would say.
 */
static inline void apod_accessible_set_label(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
    g_object_set_data_full(G_OBJECT(widget), "apod-accessible-label", g_strdup(text), g_free);
}

static inline const char *apod_accessible_label(GtkWidget *widget) {
    return g_object_get_data(G_OBJECT(widget), "apod-accessible-label");
}

/*
 * A labelled button is named twice in GTK 4.8 (its label property and the label child it is
 * "labelled by": "_Today Today"); dropping the relation leaves the one name set.
 */
static inline void apod_accessible_reset_labelled_by(GtkWidget *widget) {
    gtk_accessible_reset_relation(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_RELATION_LABELLED_BY);
}

static inline void apod_accessible_set_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/*
 * A widget whose accessible role differs from its class's: the role is a construct-only
 * property, and g_object_new is variadic. An ALERT is what screen readers announce as it
 * appears (toasts, errors).
 */
static inline GtkWidget *apod_widget_new_with_role(GType type, GtkAccessibleRole role) {
    return GTK_WIDGET(g_object_new(type, "accessible-role", role, NULL));
}

/*
 * Keeps a widget from screen readers while it stays visible (GTK_ACCESSIBLE_STATE_HIDDEN): one
 * that only measures, or one a library keeps unmapped in place of another.
 */
static inline void apod_accessible_set_hidden(GtkWidget *widget, gboolean hidden) {
    gtk_accessible_update_state(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_STATE_HIDDEN, hidden, -1);
}

/* GDK_IS_TEXTURE: what a GtkPicture currently shows may be any GdkPaintable. */
static inline gboolean apod_is_texture(gpointer object) {
    return object != NULL && GDK_IS_TEXTURE(object);
}

/* G_OBJECT_TYPE_NAME: tells GTK's stand-in media file (no media module) from a real one. */
static inline const char *apod_type_name_of(gpointer object) {
    return G_OBJECT_TYPE_NAME(object);
}

/* G_TYPE_BOOLEAN: to set boolean properties that have no typed setter (GtkSettings). */
static inline GType apod_type_boolean(void) {
    return G_TYPE_BOOLEAN;
}

/* G_TYPE_STRING: to read text back from the clipboard's content provider. */
static inline GType apod_type_string(void) {
    return G_TYPE_STRING;
}

/*
 * Signal shapes of the event controllers and gestures (zoom, pan, scroll, double-click) and of
 * GtkLabel's "activate-link", which returns whether the link was handled.
 */
typedef void (*ApodDoubleHandler)(gpointer instance, gdouble value, gpointer data);
typedef void (*ApodDoubleDoubleHandler)(gpointer instance, gdouble x, gdouble y, gpointer data);
typedef gboolean (*ApodDoubleDoubleBoolHandler)(gpointer instance, gdouble x, gdouble y, gpointer data);
typedef void (*ApodIntDoubleDoubleHandler)(gpointer instance, gint count, gdouble x, gdouble y, gpointer data);
typedef gboolean (*ApodStringBoolHandler)(gpointer instance, const char *text, gpointer data);

static inline gulong apod_connect_double(gpointer instance, const char *signal, ApodDoubleHandler handler,
                                         gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_double_double(gpointer instance, const char *signal, ApodDoubleDoubleHandler handler,
                                                gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_double_double_bool(gpointer instance, const char *signal,
                                                     ApodDoubleDoubleBoolHandler handler,
                                                     gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_int_double_double(gpointer instance, const char *signal,
                                                    ApodIntDoubleDoubleHandler handler,
                                                    gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

static inline gulong apod_connect_string_bool(gpointer instance, const char *signal, ApodStringBoolHandler handler,
                                              gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}

/* GtkWidget's "query-tooltip": the position, whether the keyboard asked, and the GtkTooltip. */
typedef gboolean (*ApodQueryTooltipHandler)(gpointer instance, gint x, gint y, gboolean keyboard, gpointer tooltip,
                                            gpointer data);

static inline gulong apod_connect_query_tooltip(gpointer instance, ApodQueryTooltipHandler handler,
                                                gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, "query-tooltip", G_CALLBACK(handler), data, notify, 0);
}

/* GtkPrintOperation's "draw-page": the print context and the page number. */
typedef void (*ApodPointerIntHandler)(gpointer instance, gpointer argument, gint number, gpointer data);

static inline gulong apod_connect_pointer_int(gpointer instance, const char *signal, ApodPointerIntHandler handler,
                                              gpointer data, GClosureNotify notify) {
    return g_signal_connect_data(instance, signal, G_CALLBACK(handler), data, notify, 0);
}


/*
 * A portal dialog's parent window ("x11:XID", "wayland:HANDLE"). Declared here rather than by
 * gdk/x11/gdkx.h and gdk/wayland/gdkwayland.h, whose Xlib and Wayland names (Window, Bool…)
 * would clash with ours; the symbols are in libgtk-4 whichever backend runs.
 */
#ifdef GDK_WINDOWING_X11
GType gdk_x11_surface_get_type(void);
unsigned long gdk_x11_surface_get_xid(GdkSurface *surface);
#endif
#ifdef GDK_WINDOWING_WAYLAND
GType gdk_wayland_toplevel_get_type(void);
typedef void (*GdkWaylandToplevelExported)(GdkToplevel *toplevel, const char *handle, gpointer user_data);
gboolean gdk_wayland_toplevel_export_handle(GdkToplevel *toplevel, GdkWaylandToplevelExported callback,
                                            gpointer user_data, GDestroyNotify destroy_func);
void gdk_wayland_toplevel_unexport_handle(GdkToplevel *toplevel);
#endif

typedef void (*ApodHandleExported)(gpointer toplevel, const char *handle, gpointer user_data);

/* The X11 window of a surface; 0 when it is not on X11. */
static inline unsigned long apod_surface_xid(GdkSurface *surface) {
#ifdef GDK_WINDOWING_X11
    if (surface && G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_x11_surface_get_type()))
        return gdk_x11_surface_get_xid(surface);
#endif
    return 0;
}

/* Exports a Wayland toplevel for another client (xdg-foreign); false when it is not on Wayland. */
static inline gboolean apod_surface_export_wayland(GdkSurface *surface, ApodHandleExported callback,
                                                   gpointer data, GDestroyNotify destroy) {
#ifdef GDK_WINDOWING_WAYLAND
    if (surface && G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_wayland_toplevel_get_type()))
        return gdk_wayland_toplevel_export_handle(GDK_TOPLEVEL(surface), (GdkWaylandToplevelExported)callback,
                                                  data, destroy);
#endif
    return FALSE;
}

static inline void apod_surface_unexport_wayland(GdkSurface *surface) {
#ifdef GDK_WINDOWING_WAYLAND
    if (surface && G_TYPE_CHECK_INSTANCE_TYPE(surface, gdk_wayland_toplevel_get_type()))
        gdk_wayland_toplevel_unexport_handle(GDK_TOPLEVEL(surface));
#endif
}

/* A tooltip's text in a label as wide as the text needs, up to 40 columns: GTK 4.8 sizes the
 * tooltip window at its label's minimum width, which for Chinese (a line may break after any
 * character) is one character: 「主/選/單」 stood one per line. Wide characters count two. */
static inline void apod_tooltip_set_text_by_width(GtkTooltip *tooltip, const char *text) {
    glong columns = 0;
    for (const char *p = text; *p; p = g_utf8_next_char(p)) {
        columns += g_unichar_iswide(g_utf8_get_char(p)) ? 2 : 1;
    }
    GtkWidget *label = gtk_label_new(text);
    gtk_label_set_wrap(GTK_LABEL(label), TRUE);
    gtk_label_set_wrap_mode(GTK_LABEL(label), PANGO_WRAP_WORD_CHAR);
    gtk_label_set_width_chars(GTK_LABEL(label), (int)MIN(columns, 40));
    gtk_label_set_max_width_chars(GTK_LABEL(label), 40);
    gtk_tooltip_set_custom(tooltip, label);
    g_object_set_data(G_OBJECT(tooltip), "apod-tooltip-label", label);
}

static inline gboolean apod_query_tooltip_by_width(GtkWidget *widget, int x, int y, gboolean keyboard,
                                                   GtkTooltip *tooltip, gpointer data) {
    (void)x; (void)y; (void)keyboard; (void)data;
    const char *text = gtk_widget_get_tooltip_text(widget);
    if (text == NULL || *text == '\0') return FALSE;
    apod_tooltip_set_text_by_width(tooltip, text);
    return TRUE;
}

/* Shows `widget`'s tooltip text with `apod_tooltip_set_text_by_width`; connected once. */
static inline void apod_widget_size_tooltip_by_width(GtkWidget *widget) {
    if (g_object_get_data(G_OBJECT(widget), "apod-tooltip-by-width") != NULL) return;
    g_object_set_data(G_OBJECT(widget), "apod-tooltip-by-width", GINT_TO_POINTER(1));
    g_signal_connect(widget, "query-tooltip", G_CALLBACK(apod_query_tooltip_by_width), NULL);
}

#endif
