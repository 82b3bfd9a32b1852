#ifndef SWIVEL_CHEIF_SHIM_H
#define SWIVEL_CHEIF_SHIM_H
#include <libheif/heif.h>
#endif
