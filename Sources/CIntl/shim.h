#ifndef APOD_CINTL_SHIM_H
#define APOD_CINTL_SHIM_H
/* gettext lives in glibc; Swift's Glibc module does not export libintl.h. */
#include <libintl.h>
#include <locale.h>
#endif
