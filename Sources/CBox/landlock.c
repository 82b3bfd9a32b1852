// Landlock by its system calls: glibc has no wrappers, and Debian 12's <linux/landlock.h> stops at
// ABI 2, so the rights are written out here by the ABI that brought them (landlock(7)).
#define _GNU_SOURCE
#include "box.h"
#include <errno.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#ifndef SYS_landlock_create_ruleset
#define SYS_landlock_create_ruleset 444
#define SYS_landlock_restrict_self 446
#endif

// The ruleset's attributes as ABI 6 knows them; a kernel of an older ABI is given the prefix it knows.
struct ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;   // ABI 4
    uint64_t scoped;               // ABI 6
};

void swivel_box_close_from(int lowest) {
    closefrom(lowest);
}

int swivel_box_no_new_privs(void) {
    return prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0 ? 0 : -errno;
}

int swivel_box_landlock_abi(void) {
    long abi = syscall(SYS_landlock_create_ruleset, NULL, 0, 1 /* LANDLOCK_CREATE_RULESET_VERSION */);
    return abi >= 0 ? (int)abi : -errno;
}

int swivel_box_landlock_deny_all(int abi) {
    if (abi < 1) return -EINVAL;
    struct ruleset_attr attr = {0};
    attr.handled_access_fs = (1ULL << 13) - 1;      // ABI 1: execute … make_sym, the first 13 rights
    if (abi >= 2) attr.handled_access_fs |= 1ULL << 13;   // refer
    if (abi >= 3) attr.handled_access_fs |= 1ULL << 14;   // truncate
    if (abi >= 5) attr.handled_access_fs |= 1ULL << 15;   // ioctl_dev
    size_t size = sizeof attr.handled_access_fs;
    if (abi >= 4) {
        attr.handled_access_net = 3;                      // bind_tcp, connect_tcp
        size = 2 * sizeof(uint64_t);
    }
    if (abi >= 6) {
        attr.scoped = 3;                                  // abstract unix sockets, signals
        size = sizeof attr;
    }
    long ruleset = syscall(SYS_landlock_create_ruleset, &attr, size, 0);
    if (ruleset < 0) return -errno;
    int result = syscall(SYS_landlock_restrict_self, (int)ruleset, 0) == 0 ? 0 : -errno;
    close((int)ruleset);
    return result;
}
