#ifndef APOD_CGDKPIXBUF_SHIM_H
#define APOD_CGDKPIXBUF_SHIM_H
/* GdkPixbuf without GTK, for composing the background copy in `apod` and the viewer. */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <stdint.h>

/*
 * Copies a pixbuf into memory laid out as cairo's CAIRO_FORMAT_ARGB32: one native-endian
 * 32-bit word per pixel, alpha in the high byte, colour premultiplied by alpha. gdk_cairo
 * would do this, but it lives in GTK's GDK; this loop runs once per picture over up to a
 * screen's worth of pixels, which Swift's unoptimised debug build makes ten times slower.
 */
static inline void apod_pixbuf_to_argb32(const GdkPixbuf *pixbuf, uint8_t *dest, int dest_stride) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    const guint8 *pixels = gdk_pixbuf_read_pixels(pixbuf);
    for (int y = 0; y < height; y++) {
        const guint8 *in = pixels + (gsize)y * stride;
        uint32_t *out = (uint32_t *)(dest + (gsize)y * dest_stride);
        for (int x = 0; x < width; x++, in += channels) {
            uint32_t a = channels == 4 ? in[3] : 255;
            uint32_t r = (in[0] * a + 127) / 255, g = (in[1] * a + 127) / 255, b = (in[2] * a + 127) / 255;
            out[x] = (a << 24) | (r << 16) | (g << 8) | b;
        }
    }
}

/* The reverse for an opaque canvas: ARGB32 words into an RGB pixbuf of the same size. */
static inline void apod_argb32_to_pixbuf(const uint8_t *src, int src_stride, GdkPixbuf *pixbuf) {
    int width = gdk_pixbuf_get_width(pixbuf), height = gdk_pixbuf_get_height(pixbuf);
    int channels = gdk_pixbuf_get_n_channels(pixbuf), stride = gdk_pixbuf_get_rowstride(pixbuf);
    guint8 *pixels = gdk_pixbuf_get_pixels(pixbuf);
    for (int y = 0; y < height; y++) {
        const uint32_t *in = (const uint32_t *)(src + (gsize)y * src_stride);
        guint8 *out = pixels + (gsize)y * stride;
        for (int x = 0; x < width; x++, out += channels) {
            out[0] = (in[x] >> 16) & 0xff;
            out[1] = (in[x] >> 8) & 0xff;
            out[2] = in[x] & 0xff;
        }
    }
}

/* gdk_pixbuf_save_to_buffer is variadic; this names its one option. */
static inline gboolean apod_pixbuf_save_jpeg(GdkPixbuf *pixbuf, int quality, gchar **buffer, gsize *size,
                                             GError **error) {
    char value[8];
    g_snprintf(value, sizeof value, "%d", quality);
    char *keys[] = {"quality", NULL};
    char *values[] = {value, NULL};
    return gdk_pixbuf_save_to_bufferv(pixbuf, buffer, size, "jpeg", keys, values, error);
}
#endif
