#ifndef SWIVEL_CJXL_SHIM_H
#define SWIVEL_CJXL_SHIM_H
#include <jxl/decode.h>
#endif
