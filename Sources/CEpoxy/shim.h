#ifndef APOD_CEPOXY_SHIM_H
#define APOD_CEPOXY_SHIM_H
/*
 * libepoxy, the GL loader GTK itself uses: only to read which GL renderer a context runs on.
 * Kept out of CGtk so that epoxy's thousands of GL declarations reach one Swift file only.
 */
#include <epoxy/gl.h>

/* GL_RENDERER of the context current on this thread ("llvmpipe (LLVM 15.0.6, 256 bits)"). */
static inline const char *apod_gl_renderer(void) {
    return (const char *) glGetString(GL_RENDERER);
}
#endif
