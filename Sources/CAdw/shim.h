#ifndef APOD_CADW_SHIM_H
#define APOD_CADW_SHIM_H
#include <adwaita.h>
#endif
