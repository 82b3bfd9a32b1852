#ifndef SWIVEL_CGIF_SHIM_H
#define SWIVEL_CGIF_SHIM_H
#include <gif_lib.h>
#endif
