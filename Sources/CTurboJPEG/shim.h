#ifndef SWIVEL_CTURBOJPEG_SHIM_H
#define SWIVEL_CTURBOJPEG_SHIM_H
#include <turbojpeg.h>
#endif
