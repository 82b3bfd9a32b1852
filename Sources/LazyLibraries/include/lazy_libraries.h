#ifndef SWIVEL_LAZY_LIBRARIES_H
#define SWIVEL_LAZY_LIBRARIES_H
// The libraries only photo decks and text overlays need (libheif, libjxl, libturbojpeg, lcms2,
// libexif, SDL2_image, SDL2_ttf) are not linked: lazy_libraries.c defines each function Swivel
// calls, which loads its library with dlopen the first time any of them is called and then calls
// the real function. The built-in colour deck thus never loads them, and its first frame does not
// wait for their mapping, relocation and initialisers (libjxl's libhwy times the CPU's timer,
// libheif's libde265 builds tables: together about 11 ms of CPU before main on the build machine).
// A library that cannot be loaded ends the process with a one-line message, as the dynamic loader
// would have at start-up.

#include <stdatomic.h>

#define SWIVEL_LAZY_LIBRARY_COUNT 8

/// The address of `name` in library `library` (an index into swivel_lazy_library_names), loading
/// the library first if needed. Exits with status 1 after one line on stderr when it cannot.
void *swivel_lazy_symbol(int library, const char *name);

/// The sonames, in index order (generated with the functions).
extern const char *const swivel_lazy_library_names[SWIVEL_LAZY_LIBRARY_COUNT];

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
