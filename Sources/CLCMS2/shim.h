#ifndef SWIVEL_CLCMS2_SHIM_H
#define SWIVEL_CLCMS2_SHIM_H
#include <lcms2.h>
// lcms2's pixel-format macros are too involved for Swift to import: the few used, as constants.
static const cmsUInt32Number swivel_lcms_rgb_8 = TYPE_RGB_8;
static const cmsUInt32Number swivel_lcms_rgba_8 = TYPE_RGBA_8;
// Not TYPE_RGBA_8_PREMUL: lcms 2.14's optimised 8-bit transforms read it wrongly (ColorProfile).
static const cmsUInt32Number swivel_lcms_gray_8 = TYPE_GRAY_8;
static const cmsUInt32Number swivel_lcms_cmyk_8 = TYPE_CMYK_8;
// Ink stored inverted (255 = no ink), as in Adobe's CMYK JPEGs and JPEG XL.
static const cmsUInt32Number swivel_lcms_cmyk_8_reversed = TYPE_CMYK_8_REV;
static const cmsUInt32Number swivel_lcms_rgb_float = TYPE_RGB_FLT;
static const cmsUInt32Number swivel_lcms_gray_float = TYPE_GRAY_FLT;
#endif
