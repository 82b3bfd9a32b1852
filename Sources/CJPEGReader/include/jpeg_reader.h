#ifndef SWIVEL_JPEG_READER_H
#define SWIVEL_JPEG_READER_H
// A JPEG read with libjpeg-turbo's libjpeg API (libjpeg.so.62), streamed from the file with pread,
// in two calls: `swivel_jpeg_open` reads the headers and the metadata Swivel uses, the caller
// picks a DCT scale, and `swivel_jpeg_decode` decodes at that scale. libjpeg reports a bad file by
// calling its error_exit, which must not return: the reader's longjmps back to a setjmp in the
// same C function that called libjpeg, never across a Swift frame. Each reader has its own
// jpeg_decompress_struct, so readers on different threads share nothing. Nothing is printed:
// libjpeg's errors, warnings and traces go to the reader's own functions.

#include <stddef.h>
#include <stdint.h>

/// What the caller lets a file cost, and how it asks a decode to stop.
typedef struct {
    /// libjpeg's memory manager limit (mem->max_memory_to_use): libjpeg-turbo 2.1.5's jmemnobs.c
    /// holds the whole-image coefficient buffer of a progressive file to it, and refuses a file
    /// that needs more ("Backing store not supported").
    long max_memory;
    /// A progressive JPEG's scans: the decode stops at scan max_scans + 1 (SWIVEL_JPEG_SCAN_LIMIT).
    int max_scans;
    /// Most bytes of ICC profile kept (the APP2 chunks together); a bigger profile is dropped.
    size_t max_icc_bytes;
    /// Called between units of work (every 64 KiB read or skipped, every marker segment kept,
    /// every iMCU row of every scan, every call for output rows); nonzero stops the decode with
    /// SWIVEL_JPEG_CANCELLED. May be NULL.
    int (*is_cancelled)(void *context);
    void *cancel_context;
} swivel_jpeg_limits;

typedef enum {
    SWIVEL_JPEG_OK = 0,
    /// libjpeg refused the file: `message` holds its words ("Empty JPEG image (DNL not supported)").
    SWIVEL_JPEG_LIBJPEG_ERROR = 1,
    /// The file ended before the image did (libjpeg's JWRN_JPEG_EOF, "Premature end of JPEG
    /// file", after which it would fill the rest with grey); `message` holds the error, if one
    /// followed.
    SWIVEL_JPEG_TRUNCATED = 2,
    /// pread failed: `read_errno` holds errno.
    SWIVEL_JPEG_READ_ERROR = 3,
    /// A progressive file with more than `max_scans` scans.
    SWIVEL_JPEG_SCAN_LIMIT = 4,
    /// `is_cancelled` said so.
    SWIVEL_JPEG_CANCELLED = 5,
    /// malloc failed (libjpeg's own allocations report JERR_OUT_OF_MEMORY as LIBJPEG_ERROR).
    SWIVEL_JPEG_OUT_OF_MEMORY = 6,
    /// The output is not what the caller allocated for (`swivel_jpeg_decode`).
    SWIVEL_JPEG_BAD_OUTPUT = 7,
} swivel_jpeg_status;

/// What `swivel_jpeg_open` found: the frame header and the metadata segments before the first scan.
typedef struct {
    uint32_t width, height;
    /// The file's colour space is CMYK or YCCK: the decode gives CMYK, 4 bytes a pixel.
    int cmyk;
    /// The first APP1 segment holding "Exif\0\0": its payload (≤ 65533 bytes by the format), or NULL.
    const unsigned char *exif;
    size_t exif_size;
    /// The APP2 "ICC_PROFILE\0" chunks' data in sequence-number order (a repeated number keeps
    /// the last), or NULL (none, or more than `max_icc_bytes`).
    const unsigned char *icc_profile;
    size_t icc_profile_size;
    /// An APP14 segment starting "Adobe": CMYK stored inverted (Photoshop's convention).
    int adobe;
    /// Why the read failed, NUL-terminated.
    char message[200];
    int read_errno;
} swivel_jpeg_header;

typedef struct swivel_jpeg_reader swivel_jpeg_reader;

/// Reads the headers of the JPEG open on `descriptor` (with pread from offset 0: the descriptor's
/// offset is left alone) into `header`. On SWIVEL_JPEG_OK `*reader` is set; the header's metadata
/// pointers live as long as it. On anything else `*reader` is NULL and nothing is kept. `limits` is
/// copied; its cancel context must outlive the reader.
swivel_jpeg_status swivel_jpeg_open(int descriptor, const swivel_jpeg_limits *limits, swivel_jpeg_reader **reader,
                                    swivel_jpeg_header *header);

/// As `swivel_jpeg_open`, for a JPEG held in memory (a camera RAW's embedded preview): `bytes`
/// must outlive the reader.
swivel_jpeg_status swivel_jpeg_open_memory(const unsigned char *bytes, size_t size, const swivel_jpeg_limits *limits,
                                           swivel_jpeg_reader **reader, swivel_jpeg_header *header);

/// Decodes the image scaled by `scale_num`/`scale_denom` (libjpeg's DCT scaling) into `pixels`:
/// RGB (3 bytes a pixel; grey is expanded) or, for a CMYK/YCCK file, CMYK (4 bytes), top row
/// first, `width` × `height` pixels, rows packed. SWIVEL_JPEG_BAD_OUTPUT when libjpeg's scaled
/// size is not `width` × `height`. `message` (200 bytes) receives the reason of a failure. Call at
/// most once per reader.
swivel_jpeg_status swivel_jpeg_decode(swivel_jpeg_reader *reader, unsigned scale_num, unsigned scale_denom,
                                      unsigned char *pixels, uint32_t width, uint32_t height, char *message);

/// Frees the reader (safe on NULL).
void swivel_jpeg_close(swivel_jpeg_reader *reader);

#endif
