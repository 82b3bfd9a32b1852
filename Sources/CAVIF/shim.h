#ifndef SWIVEL_CAVIF_SHIM_H
#define SWIVEL_CAVIF_SHIM_H
#include <avif/avif.h>
#endif
