#ifndef SWIVEL_LAZY_LIBRARIES_H
#define SWIVEL_LAZY_LIBRARIES_H
// The libraries only photo decks and text overlays need (libheif, libjxl, libturbojpeg, lcms2,
// libexif, SDL2_image, SDL2_ttf, giflib, libwebp, libwebpdemux, libnetpbm, libtiff, libpng, libavif, libjpeg,
// LibRaw, libwebpmux),
// and SDL2 and libGL, which a decoder worker (the same binary) must not map, are not linked: lazy_libraries.gen.c (written by
// scripts/gen-lazy-libraries.py) defines each function Swivel calls, which loads its library with
// dlopen the first time any of them is called and then calls the real function. The built-in
// colour deck thus never loads them, and its first frame does not wait for their mapping,
// relocation and initialisers (libjxl's libhwy times the CPU's timer, libheif's libde265 builds
// tables: together about 11 ms of CPU before main on the build machine).
// They are optional at run time: code that calls one first asks swivel_lazy_library_load, and a
// missing one only turns off what needs it (a photo decoded with it is skipped, naming the Debian
// package to install; captions go off). A function called without asking, in a library that
// cannot be loaded, ends the process with a one-line message, as the dynamic loader would have at
// start-up, and so does a function missing from a library that did load (a broken install).

#include <stdatomic.h>

/// The libraries, in the order of the generator's table (lazy_libraries.gen.c asserts it).
enum swivel_lazy_library {
    SWIVEL_LAZY_HEIF,
    SWIVEL_LAZY_JXL,
    SWIVEL_LAZY_TURBOJPEG,
    SWIVEL_LAZY_LCMS2,
    SWIVEL_LAZY_EXIF,
    SWIVEL_LAZY_SDL2_IMAGE,
    SWIVEL_LAZY_SDL2_TTF,
    SWIVEL_LAZY_GIF,
    SWIVEL_LAZY_WEBP,
    SWIVEL_LAZY_WEBPDEMUX,
    SWIVEL_LAZY_NETPBM,
    SWIVEL_LAZY_TIFF,
    SWIVEL_LAZY_PNG,
    SWIVEL_LAZY_AVIF,
    SWIVEL_LAZY_JPEG,
    SWIVEL_LAZY_RAW,
    SWIVEL_LAZY_SDL2,
    SWIVEL_LAZY_GL,
    SWIVEL_LAZY_WEBPMUX,
    SWIVEL_LAZY_LIBRARY_COUNT
};

/// 1 when `library` is loaded, loading it now if it has not been tried, else 0 (it cannot be: not
/// installed, or broken). The first answer is kept: a library is tried once. Safe from any thread.
int swivel_lazy_library_load(int library);

/// The address of `name` in library `library` (an index into swivel_lazy_library_names), loading
/// the library first if needed. Exits with status 1 after one line on stderr when the library
/// cannot be loaded (a caller that asked swivel_lazy_library_load first never gets there) or has
/// no such function.
void *swivel_lazy_symbol(int library, const char *name);

/// The sonames, in index order (generated with the functions).
extern const char *const swivel_lazy_library_names[SWIVEL_LAZY_LIBRARY_COUNT];

/// The Debian packages that install them, in index order (generated, from dpkg).
extern const char *const swivel_lazy_library_packages[SWIVEL_LAZY_LIBRARY_COUNT];

/// `library`'s soname and its Debian package, for messages (the arrays above, for Swift).
const char *swivel_lazy_library_name(int library);
const char *swivel_lazy_library_package(int library);

/// From now on no library is loaded: asking for one that is not loaded yet (and has not failed)
/// answers 0 and notes it as wanted. For a decoder worker about to be confined, which can open no
/// file: the app starts a worker with the library instead (see DecoderPool).
void swivel_lazy_libraries_seal(void);

/// The libraries asked for since the seal and not loaded (a bit per index), cleared.
unsigned swivel_lazy_libraries_take_wanted(void);

/// Why `library` did not load, in dlerror's words (kept from its one try); NULL while it is
/// loaded or has not been tried.
const char *swivel_lazy_library_error(int library);

/// Whether `library` has been loaded (for tests: the colour deck must not load any).
int swivel_lazy_library_is_loaded(int library);

/// `*slot` once resolved, else resolves `name` and keeps it there. Safe from any thread: two
/// threads racing store the same address.
static inline void *swivel_lazy_function(void *_Atomic *slot, int library, const char *name) {
    void *function = atomic_load_explicit(slot, memory_order_acquire);
    if (!function) {
        function = swivel_lazy_symbol(library, name);
        atomic_store_explicit(slot, function, memory_order_release);
    }
    return function;
}

#endif
