#ifndef SWIVEL_PNG_READER_H
#define SWIVEL_PNG_READER_H
// A PNG read whole with libpng, every libpng call inside one C function: libpng reports a bad file
// by calling its error function, which must not return, so the reader's error function longjmps
// back to a setjmp in that same C function. The jump never crosses a Swift frame. Each call has its
// own png_struct and reader state, so calls on different threads share nothing. Nothing is printed:
// libpng's errors and warnings go to the reader's functions, not to stderr.

#include <stddef.h>
#include <stdint.h>

/// What the caller lets a file have: checked by libpng before it allocates (see png_reader.c).
typedef struct {
    /// Widest and tallest image (png_set_user_limits).
    uint32_t max_side;
    /// Most pixels (width × height), checked after the IHDR, before any row is allocated.
    uint64_t max_pixels;
    /// Largest chunk libpng reads into memory or inflates to (png_set_chunk_malloc_max).
    size_t max_chunk_bytes;
    /// Most text, sPLT and unknown chunks libpng keeps (png_set_chunk_cache_max).
    uint32_t max_cached_chunks;
} swivel_png_limits;

typedef enum {
    SWIVEL_PNG_OK = 0,
    /// libpng refused the file: `message` holds its words ("IDAT: invalid bit length repeat").
    SWIVEL_PNG_LIBPNG_ERROR = 1,
    /// The file ended before the image data did.
    SWIVEL_PNG_TRUNCATED = 2,
    /// read(2) failed: `read_errno` holds errno.
    SWIVEL_PNG_READ_ERROR = 3,
    /// width × height is over `max_pixels` (width and height hold the IHDR's).
    SWIVEL_PNG_TOO_MANY_PIXELS = 4,
    /// malloc failed.
    SWIVEL_PNG_OUT_OF_MEMORY = 5,
    /// `swivel_png_cancellation.is_cancelled` said yes: the read stopped, no verdict on the file.
    SWIVEL_PNG_CANCELLED = 6,
} swivel_png_status;

/// Asked between units of work (each row of each pass, each 64 KiB block read from the file):
/// a non-zero answer stops the read with SWIVEL_PNG_CANCELLED. `is_cancelled` may be NULL.
typedef struct {
    int (*is_cancelled)(void *context);
    void *context;
} swivel_png_cancellation;

typedef struct {
    /// The IHDR, as libpng read it.
    uint32_t width, height;
    int bit_depth, color_type, interlaced;

    /// The pixels: RGBA (straight alpha) when `has_alpha`, else RGB; top row first, `pitch`
    /// bytes a row. Palettes and grey are expanded to RGB, tRNS becomes alpha, 16-bit samples
    /// are scaled to 8 bits with rounding (png_set_scale_16) — except in a 16-bit file whose
    /// cICP says PQ or HLG (transfer 16 or 18), whose samples are kept at 16 bits, native-endian
    /// uint16_t. `sample_bits` says which: 8 or 16.
    unsigned char *pixels;
    size_t pitch;
    int has_alpha;
    int sample_bits;

    /// iCCP's profile, inflated (NULL when there is none, or when libpng found it unusable).
    unsigned char *icc_profile;
    size_t icc_profile_size;
    /// An sRGB chunk (PNGDecoder consults it only when there is no iCCP profile).
    int has_srgb;
    /// gAMA: the file gamma (0.45455 for a 1/2.2 encoding); 0 when absent.
    double gamma;
    /// cHRM: white point and primaries as CIE x, y; `has_chromaticities` 0 when absent.
    int has_chromaticities;
    double white_x, white_y, red_x, red_y, green_x, green_y, blue_x, blue_y;
    /// cICP (PNG 3rd edition, 11.3.2.6), when one usable came before the image data: the ITU-T
    /// H.273 code points for the colour primaries and transfer function, and the full range flag.
    int has_cicp;
    int cicp_primaries, cicp_transfer, cicp_full_range;
    /// cLLI's MaxCLL (PNG 3rd edition, 11.3.2.8) in cd/m²; 0 when absent or 0.
    double max_cll;
    /// eXIf's data (a TIFF structure, "MM" or "II" first), or NULL.
    unsigned char *exif;
    size_t exif_size;

    /// Why the read failed (SWIVEL_PNG_LIBPNG_ERROR), NUL-terminated.
    char message[200];
    int read_errno;
} swivel_png_image;

/// Reads the PNG file open on `descriptor` from its start (with pread: the descriptor's offset is
/// left alone) into `image`, within `limits`, until `cancellation` (may be NULL) says stop. On anything but SWIVEL_PNG_OK, `image` holds no
/// memory. Free a read image with `swivel_png_free`.
swivel_png_status swivel_png_read(int descriptor, const swivel_png_limits *limits,
                                  const swivel_png_cancellation *cancellation, swivel_png_image *image);

/// Frees what `swivel_png_read` allocated in `image` (safe on a zeroed or failed image).
void swivel_png_free(swivel_png_image *image);

#endif
