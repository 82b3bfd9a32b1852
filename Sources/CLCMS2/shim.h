#ifndef SWIVEL_CLCMS2_SHIM_H
#define SWIVEL_CLCMS2_SHIM_H
#include <lcms2.h>
// lcms2's pixel-format macros are too involved for Swift to import: the few used, as constants.
static const cmsUInt32Number swivel_lcms_rgb_8 = TYPE_RGB_8;
static const cmsUInt32Number swivel_lcms_rgba_8 = TYPE_RGBA_8;
static const cmsUInt32Number swivel_lcms_rgba_8_premultiplied = TYPE_RGBA_8_PREMUL;
#endif
