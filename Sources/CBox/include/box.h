#ifndef SWIVEL_BOX_H
#define SWIVEL_BOX_H
// What a decoder worker needs from the kernel that Swift cannot say itself (docs/design.md,
// "Decoders in a box"): CMSG_* are macros, Landlock has no glibc wrapper, a SIGSYS handler must
// read the trapped call's registers from its ucontext, and the seccomp filter is built with
// libseccomp's C API. Each function answers 0 on success or a negative errno.

#include <stddef.h>
#include <stdint.h>

/// Closes every descriptor from `lowest` on (glibc's closefrom): what the parent left open
/// without O_CLOEXEC is not the worker's to keep.
void swivel_box_close_from(int lowest);

/// prctl(PR_SET_NO_NEW_PRIVS, 1): no execve can gain privileges from here on.
int swivel_box_no_new_privs(void);

/// Landlock's ABI version on the running kernel (1 or more), or a negative errno (-ENOSYS: the
/// kernel has no Landlock; -EOPNOTSUPP: it is turned off at boot).
int swivel_box_landlock_abi(void);

/// Restricts this process (all its threads) with a Landlock ruleset that handles every file
/// system right `abi` knows and allows none: no file can be opened, read, written, executed or
/// made by path. Descriptors already open keep working.
int swivel_box_landlock_deny_all(int abi);

/// Installs the SIGSYS handler that the seccomp filter's trap runs: it sends one message,
/// "forbidden N" (the call's number), on the descriptor `report` (the worker's socket) and ends the process with
/// status 99. glibc's processor count opens /sys/devices/system/cpu/… and /proc/stat: those
/// openat calls are answered ENOENT instead, and glibc falls back to sched_getaffinity.
int swivel_box_install_trap(int report);

/// Loads the decoder workers' seccomp allow-list on every thread (TSYNC); any other call traps.
/// `socket`: the one descriptor sendmsg, recvmsg and write may use, besides write on 2.
int swivel_box_load_filter(int socket);

/// The name of system call `number` on this architecture, or NULL; the caller frees it.
char *swivel_box_syscall_name(int number);

/// "SEGV" for SIGSEGV (glibc's sigabbrev_np, which Swift sees only with _GNU_SOURCE), or NULL.
const char *swivel_box_signal_abbreviation(int signal);

/// memfd_create(name, MFD_CLOEXEC | MFD_ALLOW_SEALING).
int swivel_box_memfd(const char *name);

/// Seals a memfd against shrinking, growing and further seals (see memfd.c for why not writing).
int swivel_box_seal(int fd);

/// Whether `fd` carries at least the seals above: 1 yes, 0 no, a negative errno.
int swivel_box_is_sealed(int fd);

/// Frees the memfd's pages in `length` bytes from `offset` (its size stays).
int swivel_box_punch_hole(int fd, long offset, long length);

/// Sends `length` bytes as one message on a SOCK_SEQPACKET socket, with the descriptors
/// `fds[0..<count]` (count ≤ 4) attached as SCM_RIGHTS. Retries EINTR.
int swivel_box_send(int socket, const void *bytes, size_t length, const int *fds, int count);

/// Receives one message of at most `capacity` bytes, waiting at most `timeout_ms` (-1: no limit).
/// Returns its length (0: the peer closed), -ETIMEDOUT, or another negative errno. Received
/// descriptors go to `fds` (up to 4, the rest closed), their number to `*count`; they are
/// O_CLOEXEC. A message longer than `capacity` is -EMSGSIZE, its descriptors closed. One whose
/// descriptors this process had room for only some of comes with the first of them (the rest are
/// dropped), or, when none came, is -EMFILE (or -ENFILE), the message taken.
long swivel_box_receive(int socket, void *bytes, size_t capacity, int timeout_ms, int *fds, int *count);

#endif
