// Sealed memfds for the pixels: Debian 12's headers give memfd_create, but its MFD_* and F_SEAL_*
// are macros Swift does not import.
#define _GNU_SOURCE
#include "box.h"
#include <errno.h>
#include <fcntl.h>
#include <sys/mman.h>

// Not F_SEAL_WRITE: it would also forbid punching holes, by which the app gives back the rows it
// has uploaded while the rest still go up. A worker writing into pixels it sent changes pixel
// values only; the size, which is all the app trusts, cannot change.
#define SWIVEL_SEALS (F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_SEAL)

int swivel_box_memfd(const char *name) {
    int fd = memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING);
    return fd >= 0 ? fd : -errno;
}

int swivel_box_seal(int fd) {
    return fcntl(fd, F_ADD_SEALS, SWIVEL_SEALS) == 0 ? 0 : -errno;
}

int swivel_box_is_sealed(int fd) {
    int seals = fcntl(fd, F_GET_SEALS);
    if (seals < 0) return -errno;
    return (seals & SWIVEL_SEALS) == SWIVEL_SEALS;
}

int swivel_box_punch_hole(int fd, long offset, long length) {
    return fallocate(fd, FALLOC_FL_PUNCH_HOLE | FALLOC_FL_KEEP_SIZE, offset, length) == 0 ? 0 : -errno;
}
