#ifndef SWIVEL_CPNG_SHIM_H
#define SWIVEL_CPNG_SHIM_H
#include <png.h>
#endif
