#ifndef APOD_CGDKPIXBUF_SHIM_H
#define APOD_CGDKPIXBUF_SHIM_H
/* GdkPixbuf without GTK, for composing the background copy in `apod` and the viewer. */
#include <gdk-pixbuf/gdk-pixbuf.h>
#include <gio/gio.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <string.h>

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
/*
 * A PNG decoded row by row straight to a smaller size: each pixel of the result is the mean
 * of the box of source pixels it covers. GdkPixbuf's PNG loader cannot decode at a reduced
 * size (it makes the whole picture, then scales it), so a 10000 × 10000 PNG took 331 MB for
 * a 1920 × 1080 background; here memory is the result plus one source row and one row of
 * sums. Returns NULL (the caller decodes the usual way) for an interlaced PNG, whose rows
 * come in seven passes, and on any error.
 */
typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
} apod_png_source;

static void apod_png_read_bytes(png_structp png, png_bytep out, png_size_t count) {
    apod_png_source *source = png_get_io_ptr(png);
    if (source->size - source->offset < count) png_error(png, "cut short");
    memcpy(out, source->data + source->offset, count);
    source->offset += count;
}

static void apod_png_ignore_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

/* Errors end the decode quietly: the caller falls back to GdkPixbuf, which reports them. */
static void apod_png_fail(png_structp png, png_const_charp message) {
    (void)message;
    png_longjmp(png, 1);
}

static inline GdkPixbuf *apod_png_decode_reduced(
    const uint8_t *data, size_t size, int target_width, int target_height) {
    apod_png_source source = {data, size, 0};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, NULL, apod_png_fail, apod_png_ignore_warning);
    if (!png) return NULL;
    png_infop info = png_create_info_struct(png);
    GdkPixbuf *volatile result = NULL;
    uint8_t *volatile row = NULL;
    uint64_t *volatile sums = NULL;
    uint32_t *volatile columns = NULL;
    if (!info || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, info ? &info : NULL, NULL);
        g_free(row);
        g_free(sums);
        g_free(columns);
        if (result) g_object_unref(result);
        return NULL;
    }
    png_set_read_fn(png, &source, apod_png_read_bytes);
    png_read_info(png, info);
    png_uint_32 width = 0, height = 0;
    int depth = 0, colour = 0, interlace = 0;
    png_get_IHDR(png, info, &width, &height, &depth, &colour, &interlace, NULL, NULL);
    if (interlace != PNG_INTERLACE_NONE || width == 0 || height == 0) png_error(png, "interlaced");
    png_set_expand(png);
    png_set_strip_16(png);
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xff, PNG_FILLER_AFTER);
    png_read_update_info(png, info);
    if (png_get_rowbytes(png, info) != (size_t)width * 4) png_error(png, "unexpected layout");
    int out_width = target_width < 1 ? 1 : (target_width > (int)width ? (int)width : target_width);
    int out_height = target_height < 1 ? 1 : (target_height > (int)height ? (int)height : target_height);
    result = gdk_pixbuf_new(GDK_COLORSPACE_RGB, TRUE, 8, out_width, out_height);
    row = g_try_malloc((size_t)width * 4);
    sums = g_try_malloc0((size_t)out_width * 4 * sizeof(uint64_t));
    columns = g_try_malloc0((size_t)out_width * sizeof(uint32_t));
    if (!result || !row || !sums || !columns) png_error(png, "out of memory");
    for (png_uint_32 x = 0; x < width; x++) columns[(uint64_t)x * out_width / width]++;
    guint8 *pixels = gdk_pixbuf_get_pixels(result);
    int stride = gdk_pixbuf_get_rowstride(result);
    int current = 0;
    uint32_t rows = 0;
    for (png_uint_32 y = 0; y <= height; y++) {
        int target = y < height ? (int)((uint64_t)y * out_height / height) : out_height;
        if (target != current && rows > 0) {
            guint8 *out = pixels + (size_t)current * stride;
            for (int x = 0; x < out_width; x++) {
                uint64_t count = (uint64_t)columns[x] * rows;
                for (int c = 0; c < 4; c++) {
                    out[x * 4 + c] = count ? (guint8)((sums[x * 4 + c] + count / 2) / count) : 0;
                    sums[x * 4 + c] = 0;
                }
            }
            rows = 0;
        }
        if (y == height) break;
        current = target;
        png_read_row(png, row, NULL);
        for (png_uint_32 x = 0; x < width; x++) {
            uint64_t *sum = sums + ((uint64_t)x * out_width / width) * 4;
            const uint8_t *in = row + (size_t)x * 4;
            sum[0] += in[0];
            sum[1] += in[1];
            sum[2] += in[2];
            sum[3] += in[3];
        }
        rows++;
    }
    png_destroy_read_struct(&png, &info, NULL);
    g_free(row);
    g_free(sums);
    g_free(columns);
    return result;
}

#endif
