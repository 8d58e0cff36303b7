#ifndef APOD_CGTK_SHIM_H
#define APOD_CGTK_SHIM_H
#include <gtk/gtk.h>
#endif
