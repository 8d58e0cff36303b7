#ifndef APOD_CPANGOCAIRO_SHIM_H
#define APOD_CPANGOCAIRO_SHIM_H
/* Pango over Cairo (GTK's own text stack) without GTK: the caption card on the background copy. */
#include <pango/pangocairo.h>
#endif
