// One message with descriptors over a SOCK_SEQPACKET socket: SCM_RIGHTS needs the CMSG_* macros,
// which Swift does not import.
#define _GNU_SOURCE
#include "box.h"
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#define MAX_FDS 4

int swivel_box_send(int socket, const void *bytes, size_t length, const int *fds, int count) {
    if (count < 0 || count > MAX_FDS) return -EINVAL;
    struct iovec part = { .iov_base = (void *)bytes, .iov_len = length };
    union { char buffer[CMSG_SPACE(sizeof(int) * MAX_FDS)]; struct cmsghdr align; } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1 };
    if (count > 0) {
        message.msg_control = control.buffer;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    }
    for (;;) {
        ssize_t sent = sendmsg(socket, &message, MSG_NOSIGNAL);
        if (sent >= 0) return 0;
        if (errno != EINTR) return -errno;
    }
}

long swivel_box_receive(int socket, void *bytes, size_t capacity, int timeout_ms, int *fds, int *count) {
    *count = 0;
    if (timeout_ms >= 0) {
        struct pollfd waiting = { .fd = socket, .events = POLLIN };
        int ready;
        do { ready = poll(&waiting, 1, timeout_ms); } while (ready < 0 && errno == EINTR);
        if (ready < 0) return -errno;
        if (ready == 0) return -ETIMEDOUT;
    }
    struct iovec part = { .iov_base = bytes, .iov_len = capacity };
    union { char buffer[CMSG_SPACE(sizeof(int) * MAX_FDS)]; struct cmsghdr align; } control;
    struct msghdr message = { .msg_iov = &part, .msg_iovlen = 1,
                              .msg_control = control.buffer, .msg_controllen = sizeof control.buffer };
    ssize_t received;
    do { received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC); } while (received < 0 && errno == EINTR);
    if (received < 0) return -errno;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int n = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *given = (int *)CMSG_DATA(header);
        for (int i = 0; i < n; i++) {
            if (*count < MAX_FDS) fds[(*count)++] = given[i]; else close(given[i]);
        }
    }
    if (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC)) {
        // Descriptors truncated with room left for them were not installed (scm_detach_fds, which
        // installs the ones before): this process is out of descriptors (EMFILE; ENFILE when a
        // probe says the system is). It keeps the message with the first ones, when any came.
        int cause = EMSGSIZE;
        if (!(message.msg_flags & MSG_TRUNC) && *count < MAX_FDS) {
            cause = EMFILE;
            int probe = fcntl(socket, F_DUPFD_CLOEXEC, 0);
            if (probe >= 0) close(probe); else if (errno == ENFILE) cause = ENFILE;
        }
        if (cause != EMSGSIZE && *count > 0) return (long)received;
        for (int i = 0; i < *count; i++) close(fds[i]);
        *count = 0;
        return -cause;
    }
    return (long)received;
}
