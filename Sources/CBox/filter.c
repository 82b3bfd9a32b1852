// The decoder workers' seccomp allow-list, built with libseccomp. Every call here was seen made by
// a library (or glibc, or the Swift runtime) decoding under the filter (scripts/confined-decode-probe.c
// and the worker tests); anything else traps (trap.c) and ends the worker.
#define _GNU_SOURCE
#include "box.h"
#include <errno.h>
#include <sched.h>
#include <seccomp.h>
#include <signal.h>
#include <sys/prctl.h>
#include <unistd.h>

int swivel_box_load_filter(int socket) {
    scmp_filter_ctx filter = seccomp_init(SCMP_ACT_TRAP);
    if (!filter) return -ENOMEM;
    int rc = seccomp_attr_set(filter, SCMP_FLTATR_CTL_TSYNC, 1);
    static const int allowed[] = {
        // reading the descriptor it was given
        SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(lseek), SCMP_SYS(fstat),
        SCMP_SYS(newfstatat),
        // memory: the allocators, thread stacks, the pixels' memfd and its seals
        SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(brk),
        SCMP_SYS(madvise), SCMP_SYS(memfd_create), SCMP_SYS(ftruncate), SCMP_SYS(fcntl), SCMP_SYS(close),
        // threads of the decoders' pools, and time
        SCMP_SYS(futex), SCMP_SYS(set_robust_list), SCMP_SYS(rseq), SCMP_SYS(gettid), SCMP_SYS(getpid),
        SCMP_SYS(sched_yield), SCMP_SYS(sched_getaffinity), SCMP_SYS(clock_gettime), SCMP_SYS(clock_getres),
        SCMP_SYS(clock_nanosleep), SCMP_SYS(nanosleep), SCMP_SYS(getrandom), SCMP_SYS(exit),
        SCMP_SYS(poll),   // waiting for the next request a while before trimming the heap
        SCMP_SYS(exit_group), SCMP_SYS(rt_sigprocmask), SCMP_SYS(rt_sigreturn), SCMP_SYS(sigaltstack),
        // limits per request, the CPU time a decode took, glibc's page count (libtiff)
        SCMP_SYS(prlimit64), SCMP_SYS(getrusage), SCMP_SYS(sysinfo),
    };
    for (size_t i = 0; rc == 0 && i < sizeof allowed / sizeof *allowed; i++)
        rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, allowed[i], 0);
    // Its own socket only; write also on 2, which is /dev/null (the libraries' own messages).
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(sendmsg), 1, SCMP_A0(SCMP_CMP_EQ, socket));
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(recvmsg), 1, SCMP_A0(SCMP_CMP_EQ, socket));
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(write), 1, SCMP_A0(SCMP_CMP_EQ, socket));
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(write), 1, SCMP_A0(SCMP_CMP_EQ, 2));
    // Threads, never processes: clone only with CLONE_THREAD; clone3's flags are in memory the
    // filter cannot read, so it answers ENOSYS and glibc falls back to clone.
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1,
                                       SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    // dav1d names its threads.
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    // abort() signals itself; nothing else may be signalled.
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(tgkill), 1, SCMP_A0(SCMP_CMP_EQ, getpid()));
    // Handlers may change, but not SIGSYS's: replacing the trap's handler ends the process.
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_KILL_PROCESS, SCMP_SYS(rt_sigaction), 1, SCMP_A0(SCMP_CMP_EQ, SIGSYS));
    if (rc == 0) rc = seccomp_rule_add(filter, SCMP_ACT_ALLOW, SCMP_SYS(rt_sigaction), 0);
    if (rc == 0) rc = seccomp_load(filter);
    seccomp_release(filter);
    return rc;
}
