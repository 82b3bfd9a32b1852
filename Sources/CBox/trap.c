// The handler of the seccomp filter's trap. C because it reads the trapped call's number from
// siginfo and its arguments and return register from the ucontext (x86_64 and aarch64 here).
#define _GNU_SOURCE
#include "box.h"
#include <errno.h>
#include <seccomp.h>
#include <signal.h>
#include <string.h>
#include <sys/syscall.h>
#include <ucontext.h>
#include <unistd.h>

static int report_fd = -1;

static int starts_with(const char *text, const char *prefix) {
    return strncmp(text, prefix, strlen(prefix)) == 0;
}

static void on_sigsys(int sig, siginfo_t *info, void *context) {
    (void)sig;
    ucontext_t *uc = context;
    if (info->si_syscall == SYS_openat) {
#if defined(__x86_64__)
        const char *path = (const char *)uc->uc_mcontext.gregs[REG_RSI];
#elif defined(__aarch64__)
        const char *path = (const char *)uc->uc_mcontext.regs[1];
#else
        const char *path = "";
#endif
        // glibc's sysconf(_SC_NPROCESSORS_ONLN) and _CONF: answered "no such file", it counts
        // the processors this thread may run on instead.
        if (path && (starts_with(path, "/sys/devices/system/cpu/") || strcmp(path, "/proc/stat") == 0)) {
#if defined(__x86_64__)
            uc->uc_mcontext.gregs[REG_RAX] = -ENOENT;
#elif defined(__aarch64__)
            uc->uc_mcontext.regs[0] = -ENOENT;
#endif
            return;
        }
    }
    // The number, not the name: libseccomp's lookup allocates, which a signal handler must not.
    // The app names it (swivel_box_syscall_name). Digits by hand: snprintf is not async-signal-safe.
    char line[32] = "forbidden ";
    size_t length = strlen(line);
    char digits[12]; int count = 0; unsigned value = (unsigned)info->si_syscall;
    do { digits[count++] = (char)('0' + value % 10); value /= 10; } while (value && count < 12);
    while (count) line[length++] = digits[--count];
    if (report_fd >= 0) (void)!write(report_fd, line, length);
    _exit(99);
}

int swivel_box_install_trap(int report) {
    report_fd = report;
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_sigaction = on_sigsys;
    action.sa_flags = SA_SIGINFO;
    sigemptyset(&action.sa_mask);
    return sigaction(SIGSYS, &action, NULL) == 0 ? 0 : -errno;
}

char *swivel_box_syscall_name(int number) {
    return seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, number);
}

const char *swivel_box_signal_abbreviation(int signal) {
    return sigabbrev_np(signal);
}
