#ifndef APOD_CGTK_SHIM_H
#define APOD_CGTK_SHIM_H
#include <gtk/gtk.h>
/* GUnixFDList passes a file to the desktop portal; gtk.h does not include it. */
#include <gio/gunixfdlist.h>

/*
 * Swift cannot import function-like macros. G_CALLBACK is one: these typed wrappers let Swift
 * pass a thunk of the signal's exact C shape without casting function pointers itself.
 * Each connects with a destroy notify that releases the Swift closure box.
 */

typedef void (*ApodHandler)(gpointer instance, gpointer data);
typedef void (*ApodPointerHandler)(gpointer instance, gpointer argument, gpointer data);
typedef void (*ApodIntHandler)(gpointer instance, gint argument, gpointer data);
typedef void (*ApodIntIntHandler)(gpointer instance, gint first, gint second, gpointer data);

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

/*
 * gtk_accessible_update_property is variadic: one fixed-arity wrapper per property the app
 * sets, so screen readers get a name and a description for widgets without visible text.
 */
static inline void apod_accessible_set_label(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, text, -1);
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

#endif
