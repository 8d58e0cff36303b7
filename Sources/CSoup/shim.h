#ifndef APOD_CSOUP_SHIM_H
#define APOD_CSOUP_SHIM_H
/* libsoup 3 (with GLib and GIO) for the core's HTTP client; no GTK. */
#include <libsoup/soup.h>

/* The connection limits are construct-only properties, and soup_session_new_with_options is
 * variadic, which Swift cannot call. */
static inline SoupSession *apod_soup_session_new(guint max_conns, guint max_conns_per_host) {
    return soup_session_new_with_options("max-conns", max_conns,
                                         "max-conns-per-host", max_conns_per_host, NULL);
}

/* G_IO_ERROR is a macro over a function call. */
static inline GQuark apod_io_error_quark(void) { return G_IO_ERROR; }
static inline GQuark apod_soup_session_error_quark(void) { return SOUP_SESSION_ERROR; }
static inline GQuark apod_resolver_error_quark(void) { return G_RESOLVER_ERROR; }
static inline GQuark apod_tls_error_quark(void) { return G_TLS_ERROR; }
#endif
