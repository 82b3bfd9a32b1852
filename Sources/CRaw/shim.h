#ifndef SWIVEL_CRAW_SHIM_H
#define SWIVEL_CRAW_SHIM_H
// LibRaw's C API (libraw_r: the build whose objects share no state, for decodes on several
// threads at once). No link line: its functions come from Sources/LazyLibraries, loaded on first
// use (a machine without LibRaw skips RAW files, naming the package).
#include <libraw/libraw.h>
#endif
