#ifndef SWIVEL_CZLIB_SHIM_H
#define SWIVEL_CZLIB_SHIM_H
#include <zlib.h>
#endif
