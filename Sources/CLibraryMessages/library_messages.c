#define _GNU_SOURCE
#include "library_messages.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

// libpng (through SDL2_image, which installs no error handler) prints a bad file's error as
// "libpng error: MESSAGE" and oddities of good files as "libpng warning: MESSAGE" on C's stderr.
static const char error_prefix[] = "libpng error: ";
static const char warning_prefix[] = "libpng warning: ";
// libjxl (Debian's build) reports where a bad file failed as "./lib/jxl/FILE.cc:LINE: MESSAGE"; the
// decoder says the file is bad itself.
static const char jxl_prefix[] = "./lib/jxl/";

static __thread char last_png_error[256];
static __thread int has_png_error;

static void write_all(const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t wrote = write(2, bytes, count);
        if (wrote > 0) {
            bytes += wrote;
            count -= (size_t)wrote;
        } else if (wrote < 0 && errno == EINTR) {
            continue;
        } else {
            return;
        }
    }
}

static void handle_line(const char *line, size_t length, int has_newline) {
    size_t error_length = sizeof error_prefix - 1, warning_length = sizeof warning_prefix - 1;
    if (length >= error_length && memcmp(line, error_prefix, error_length) == 0) {
        size_t message = length - error_length;
        if (message >= sizeof last_png_error) message = sizeof last_png_error - 1;
        memcpy(last_png_error, line + error_length, message);
        last_png_error[message] = 0;
        has_png_error = 1;
        return;
    }
    if (length >= warning_length && memcmp(line, warning_prefix, warning_length) == 0) return;
    if (length >= sizeof jxl_prefix - 1 && memcmp(line, jxl_prefix, sizeof jxl_prefix - 1) == 0) return;
    write_all(line, length + (has_newline ? 1 : 0));
}

// The stream is line-buffered, so a write normally holds whole lines.
static ssize_t filtered_write(void *cookie, const char *buffer, size_t size) {
    (void)cookie;
    size_t start = 0;
    while (start < size) {
        const char *newline = memchr(buffer + start, '\n', size - start);
        size_t end = newline ? (size_t)(newline - buffer) : size;
        handle_line(buffer + start, end - start, newline != NULL);
        start = end + (newline ? 1 : 0);
    }
    return (ssize_t)size;
}

int swivel_filter_library_messages(void) {
    cookie_io_functions_t functions = {NULL, filtered_write, NULL, NULL};
    FILE *stream = fopencookie(NULL, "w", functions);
    if (stream == NULL) return -1;
    setvbuf(stream, NULL, _IOLBF, 0);
    stderr = stream;
    return 0;
}

int swivel_take_png_error(char *buffer, size_t size) {
    if (!has_png_error || size == 0) return 0;
    strncpy(buffer, last_png_error, size - 1);
    buffer[size - 1] = 0;
    has_png_error = 0;
    return 1;
}
