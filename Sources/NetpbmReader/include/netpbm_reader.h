#ifndef SWIVEL_NETPBM_READER_H
#define SWIVEL_NETPBM_READER_H

#include <stddef.h>

/// A PBM, PGM, PPM or PAM image libnetpbm decoded from a file (see swivel_pnm_decode).
typedef struct {
    /// `width` × `height` pixels of `channels` bytes (3: RGB, 4: RGBA, alpha not multiplied in),
    /// top row first, each sample scaled from 0…maxval to 0…255; NULL when decoding failed.
    /// Free with free().
    unsigned char *pixels;
    int width;
    int height;
    int channels;
    /// The file's maxval (1 for PBM).
    unsigned long maxval;
    /// 1 when decoding failed because the data ends early (libnetpbm's "EOF / read error …",
    /// "End of file encountered …", "EOF in the middle of a raw PBM row").
    int truncated;
    /// 1 when decoding stopped because `is_cancelled` said so.
    int cancelled;
    /// Why decoding failed: libnetpbm's message, or one of this reader's.
    char reason[200];
} swivel_pnm_image;

/// Decodes the Netpbm image (plain or raw PBM, PGM, PPM, or PAM; maxval 1 to 65535) in the file
/// open on `descriptor` (`size` bytes, read from its start with pread, a buffer at a time: never
/// whole), refusing it before any pixel is decoded if its header gives a side over `max_side` or
/// more than `max_pixels` pixels. `is_cancelled` (may be NULL) is asked before each row; a
/// non-zero answer stops the decode with `cancelled` set. Safe to call from any thread:
/// libnetpbm reports errors through one global jump buffer, so calls take turns (see the .c file).
swivel_pnm_image swivel_pnm_decode(int descriptor, size_t size, int max_side, long max_pixels,
                                   int (*is_cancelled)(void *context), void *cancel_context);

#endif
