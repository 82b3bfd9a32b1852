#include "lazy_libraries.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void *_Atomic handles[SWIVEL_LAZY_LIBRARY_COUNT];
/// Set, with dlerror's text in `errors`, once a library has failed to load: it is not tried again.
static _Atomic int failed[SWIVEL_LAZY_LIBRARY_COUNT];
static const char *errors[SWIVEL_LAZY_LIBRARY_COUNT];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;
/// Set by swivel_lazy_libraries_seal: no library is loaded after it (a confined decoder worker can
/// open no file); one that is asked for is noted in `wanted` instead.
static _Atomic int sealed;
static _Atomic unsigned wanted;

/// The library's handle, loading it on the first call; NULL when it cannot be loaded.
static void *handle(int library) {
    void *loaded = atomic_load_explicit(&handles[library], memory_order_acquire);
    if (loaded || atomic_load_explicit(&failed[library], memory_order_acquire)) return loaded;
    pthread_mutex_lock(&loading);
    loaded = atomic_load_explicit(&handles[library], memory_order_acquire);
    if (!loaded && !atomic_load_explicit(&failed[library], memory_order_acquire)
        && atomic_load_explicit(&sealed, memory_order_acquire)) {
        atomic_fetch_or_explicit(&wanted, 1u << library, memory_order_acq_rel);
    } else if (!loaded && !atomic_load_explicit(&failed[library], memory_order_acquire)) {
        // Global, as when linked: the libraries' own plug-ins (libheif's decoders) may look for them.
        loaded = dlopen(swivel_lazy_library_names[library], RTLD_NOW | RTLD_GLOBAL);
        if (loaded) {
            atomic_store_explicit(&handles[library], loaded, memory_order_release);
        } else {
            const char *error = dlerror();
            errors[library] = strdup(error ? error : "unknown error");
            atomic_store_explicit(&failed[library], 1, memory_order_release);
        }
    }
    pthread_mutex_unlock(&loading);
    return loaded;
}

void swivel_lazy_libraries_seal(void) {
    atomic_store_explicit(&sealed, 1, memory_order_release);
}

unsigned swivel_lazy_libraries_take_wanted(void) {
    return atomic_exchange_explicit(&wanted, 0, memory_order_acq_rel);
}

int swivel_lazy_library_load(int library) {
    return handle(library) != NULL;
}

void *swivel_lazy_symbol(int library, const char *name) {
    void *loaded = handle(library);
    if (!loaded) {
        // Reached only by a call that did not ask swivel_lazy_library_load first.
        fprintf(stderr, "swivel: cannot load %s: %s\n", swivel_lazy_library_names[library],
                errors[library] ? errors[library] : "not loaded before the libraries were sealed");
        exit(1);
    }
    void *symbol = dlsym(loaded, name);
    if (!symbol) {
        fprintf(stderr, "swivel: %s has no %s: %s\n", swivel_lazy_library_names[library], name, dlerror());
        exit(1);
    }
    return symbol;
}

const char *swivel_lazy_library_name(int library) {
    return swivel_lazy_library_names[library];
}

const char *swivel_lazy_library_package(int library) {
    return swivel_lazy_library_packages[library];
}

const char *swivel_lazy_library_error(int library) {
    return atomic_load_explicit(&failed[library], memory_order_acquire) ? errors[library] : NULL;
}

int swivel_lazy_library_is_loaded(int library) {
    return atomic_load_explicit(&handles[library], memory_order_acquire) != NULL;
}
