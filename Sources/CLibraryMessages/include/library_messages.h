#ifndef SWIVEL_LIBRARY_MESSAGES_H
#define SWIVEL_LIBRARY_MESSAGES_H

#include <stddef.h>

/// Replaces C's `stderr` stream with a line-buffered one that keeps back libpng's
/// "libpng error: …" and "libpng warning: …" lines (remembering the calling thread's last error)
/// and libjxl's "./lib/jxl/FILE:LINE: …" lines
/// and writes every other line to file descriptor 2 unchanged. Returns 0 on success. Call once,
/// before other threads print.
int swivel_filter_library_messages(void);

/// Copies the calling thread's last libpng error since the previous call into `buffer` (NUL
/// terminated, cut to fit) and forgets it. Returns 1 if there was one, else 0.
int swivel_take_png_error(char *buffer, size_t size);

#endif
