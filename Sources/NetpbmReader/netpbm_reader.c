// Netpbm images through libnetpbm, the format's reference library (Debian's libnetpbm11).
//
// libnetpbm reports a bad file by calling pm_error, which calls the message function set with
// pm_setusererrormsgfn and then longjmps to the buffer set with pm_setjmpbuf (or exits the process
// when none is set). Both are process-wide globals, so every use of the library here holds one
// mutex: Netpbm files are decoded one at a time (other formats' decoders still run alongside).
// The longjmp lands in this file's setjmp, never across a Swift frame.

#define _GNU_SOURCE   // fopencookie
#include "netpbm_reader.h"

#include <errno.h>
#include <netpbm/pam.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/// The file as libnetpbm's stdio stream reads it: pread at our own offset (the descriptor's is
/// left alone), through stdio's buffer, so only a buffer's worth is in memory at a time.
typedef struct {
    int descriptor;
    off_t offset;
} descriptor_cookie;

static ssize_t cookie_read(void *cookie, char *buffer, size_t size) {
    descriptor_cookie *file = cookie;
    ssize_t got;
    do {
        got = pread(file->descriptor, buffer, size, file->offset);
    } while (got < 0 && errno == EINTR);
    if (got > 0) file->offset += got;
    return got;
}

typedef struct {
    int (*is_cancelled)(void *context);
    void *context;
} cancellation;

static pthread_mutex_t library = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t started = PTHREAD_ONCE_INIT;
// The message of the pm_error being handled; written and read only while `library` is held.
static char last_error[200];

static void keep_error(const char *message) {
    snprintf(last_error, sizeof last_error, "%s", message);
}

// Informational messages (such as those about plain PBM rows) are not Swivel's to print.
static void drop_message(const char *message) { (void)message; }

static void start_library(void) {
    pm_init("swivel", 0);
    pm_setusererrormsgfn(keep_error);
    pm_setusermessagefn(drop_message);
}

static void fail(swivel_pnm_image *image, const char *reason) {
    snprintf(image->reason, sizeof image->reason, "%s", reason);
}

/// `value` (0…maxval) as 0…255, rounded to nearest; values over maxval (which libnetpbm refuses
/// on reading anyway) count as maxval.
static unsigned char scaled(sample value, sample maxval) {
    if (value >= maxval) return 255;
    return (unsigned char)((value * 255 + maxval / 2) / maxval);
}

/// The part that may longjmp back: reads the header and rows of `pam` into `image`, keeping what
/// it allocates in `row` and `image->pixels` so the caller can free them after an error.
static void read_image(FILE *file, size_t size, struct pam *pam, tuple *volatile *row, swivel_pnm_image *image,
                       int max_side, long max_pixels, const cancellation *stop) {
    // Up to opacity_plane: tuple type, visual, colour depth and opacity.
    pnm_readpaminit(file, pam, PAM_STRUCT_SIZE(opacity_plane));
    if (pam->width <= 0 || pam->height <= 0 || pam->width > max_side || pam->height > max_side
        || (long)pam->width * pam->height > max_pixels) {
        snprintf(image->reason, sizeof image->reason, "%d×%d px is over the limits", pam->width, pam->height);
        return;
    }
    // The samples need at least this many bytes: raw, their size; plain, a digit each. A file
    // short of them is refused before the image is allocated.
    long remaining = (long)size - ftell(file);
    int raw = pam->format == RPBM_FORMAT || pam->format == RPGM_FORMAT || pam->format == RPPM_FORMAT
        || pam->format == PAM_FORMAT;
    long samples = (long)pam->width * pam->height * pam->depth;
    long needed = pam->format == RPBM_FORMAT ? (long)(pam->width + 7) / 8 * pam->height
                : raw ? samples * (long)pam->bytes_per_sample : samples;
    if (remaining < needed) {
        fail(image, "End of file before the pixels");
        image->truncated = 1;
        return;
    }
    // Colour planes first, then opacity (PAM's visual tuple types); a non-visual PAM is shown by
    // its first plane, or first three when it has that many.
    unsigned int colours = pam->visual ? pam->color_depth : (pam->depth >= 3 ? 3 : 1);
    int opacity = pam->visual && pam->have_opacity ? (int)pam->opacity_plane : -1;
    if (colours != 1 && colours != 3) { fail(image, "PAM tuple type not supported"); return; }
    image->width = pam->width;
    image->height = pam->height;
    image->channels = opacity >= 0 ? 4 : 3;
    image->maxval = pam->maxval;
    image->pixels = malloc((size_t)pam->width * pam->height * image->channels);
    if (!image->pixels) { fail(image, "out of memory"); return; }
    *row = pnm_allocpamrow(pam);
    unsigned char *out = image->pixels;
    // A row of 16000 px takes libnetpbm under a millisecond (16000 x 16000 raw PPM: 9.7 s for
    // the 16000 rows, 0.6 ms a row, measured on a busy 2-core machine): asked every row.
    for (int y = 0; y < pam->height; y++) {
        if (stop->is_cancelled && stop->is_cancelled(stop->context)) {
            fail(image, "cancelled");
            image->cancelled = 1;
            return;
        }
        pnm_readpamrow(pam, *row);
        for (int x = 0; x < pam->width; x++) {
            const sample *t = (*row)[x];
            unsigned char r = scaled(t[0], pam->maxval);
            *out++ = r;
            *out++ = colours == 3 ? scaled(t[1], pam->maxval) : r;
            *out++ = colours == 3 ? scaled(t[2], pam->maxval) : r;
            if (opacity >= 0) *out++ = scaled(t[opacity], pam->maxval);
        }
    }
}

/// Runs read_image with libnetpbm's jump buffer pointing here. The state it fills belongs to the
/// caller, whose locals a longjmp into this frame cannot leave indeterminate.
static void guarded(FILE *file, size_t size, struct pam *pam, tuple *volatile *row, swivel_pnm_image *image,
                    int max_side, long max_pixels, const cancellation *stop) {
    jmp_buf jump;
    jmp_buf *previous = NULL;
    last_error[0] = 0;
    pm_setjmpbufsave(&jump, &previous);
    if (setjmp(jump) == 0) {
        read_image(file, size, pam, row, image, max_side, max_pixels, stop);
    } else {
        fail(image, last_error[0] ? last_error : "cannot decode");
        image->truncated = strstr(last_error, "EOF") != NULL || strstr(last_error, "End of file") != NULL;
    }
    pm_setjmpbuf(previous);
}

swivel_pnm_image swivel_pnm_decode(int descriptor, size_t size, int max_side, long max_pixels,
                                   int (*is_cancelled)(void *context), void *cancel_context) {
    swivel_pnm_image image;
    memset(&image, 0, sizeof image);
    descriptor_cookie cookie = { descriptor, 0 };
    cancellation stop = { is_cancelled, cancel_context };
    FILE *file = fopencookie(&cookie, "rb", (cookie_io_functions_t){ .read = cookie_read });
    if (!file) { fail(&image, "cannot read"); return image; }
    struct pam pam;
    memset(&pam, 0, sizeof pam);
    tuple *volatile row = NULL;

    pthread_mutex_lock(&library);
    pthread_once(&started, start_library);
    guarded(file, size, &pam, &row, &image, max_side, max_pixels, &stop);
    if (row) pm_freerow(row);
    pthread_mutex_unlock(&library);
    fclose(file);

    if (image.reason[0]) {
        free(image.pixels);
        image.pixels = NULL;
    }
    return image;
}
