#include "lazy_libraries.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static void *_Atomic handles[SWIVEL_LAZY_LIBRARY_COUNT];
static pthread_mutex_t loading = PTHREAD_MUTEX_INITIALIZER;

static void *handle(int library) {
    void *loaded = atomic_load_explicit(&handles[library], memory_order_acquire);
    if (loaded) return loaded;
    pthread_mutex_lock(&loading);
    loaded = atomic_load_explicit(&handles[library], memory_order_acquire);
    if (!loaded) {
        // Global, as when linked: the libraries' own plug-ins (libheif's decoders) may look for them.
        loaded = dlopen(swivel_lazy_library_names[library], RTLD_NOW | RTLD_GLOBAL);
        if (!loaded) {
            fprintf(stderr, "swivel: cannot load %s: %s\n", swivel_lazy_library_names[library], dlerror());
            exit(1);
        }
        atomic_store_explicit(&handles[library], loaded, memory_order_release);
    }
    pthread_mutex_unlock(&loading);
    return loaded;
}

void *swivel_lazy_symbol(int library, const char *name) {
    void *symbol = dlsym(handle(library), name);
    if (!symbol) {
        fprintf(stderr, "swivel: %s has no %s: %s\n", swivel_lazy_library_names[library], name, dlerror());
        exit(1);
    }
    return symbol;
}

int swivel_lazy_library_is_loaded(int library) {
    return atomic_load_explicit(&handles[library], memory_order_acquire) != NULL;
}
