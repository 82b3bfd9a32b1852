#include "png_reader.h"

#include <errno.h>
#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// The file is read with pread in blocks of this many bytes: libpng asks for 8-byte chunk headers
// and IDAT data in pieces of at most 8 KiB (PNG_IDAT_READ_SIZE), which would otherwise be one
// system call each.
#define READ_BLOCK (64 * 1024)

typedef struct {
    int descriptor;
    off_t next;             // file offset of buffer[filled]
    size_t position, filled;
    int truncated, read_errno, cancelled;
    const swivel_png_cancellation *cancellation;
    jmp_buf jump;
    char message[sizeof(((swivel_png_image *)0)->message)];
    unsigned char buffer[READ_BLOCK];
} reader;

_Noreturn static void on_error(png_structp png, png_const_charp message);

// Stops the read (longjmp to swivel_png_read's setjmp) once the caller's cancellation says so.
static void check_cancelled(png_structp png, reader *r) {
    if (r->cancellation && r->cancellation->is_cancelled && r->cancellation->is_cancelled(r->cancellation->context)) {
        r->cancelled = 1;
        on_error(png, "cancelled");
    }
}

_Noreturn static void on_error(png_structp png, png_const_charp message) {
    reader *r = png_get_error_ptr(png);
    strncpy(r->message, message ? message : "unknown libpng error", sizeof r->message - 1);
    r->message[sizeof r->message - 1] = 0;
    longjmp(r->jump, 1);
}

// libpng's warnings (benign errors on read included) are oddities of a file it still reads: not
// worth a line, and never printed.
static void on_warning(png_structp png, png_const_charp message) {
    (void)png;
    (void)message;
}

static void on_read(png_structp png, png_bytep out, size_t wanted) {
    reader *r = png_get_io_ptr(png);
    while (wanted > 0) {
        if (r->position == r->filled) {
            // Every block: a chunk libpng reads through unkept (a huge text or private chunk,
            // CRC'd byte by byte) stops here too, not only the rows.
            check_cancelled(png, r);
            ssize_t got;
            do {
                got = pread(r->descriptor, r->buffer, READ_BLOCK, r->next);
            } while (got < 0 && errno == EINTR);
            if (got < 0) {
                r->read_errno = errno;
                on_error(png, "read error");
            }
            if (got == 0) {
                r->truncated = 1;
                // SDL2_image's words for the same failure, kept so that the skip line is unchanged.
                on_error(png, "Error reading the PNG file.");
            }
            r->next += got;
            r->position = 0;
            r->filled = (size_t)got;
        }
        size_t take = r->filled - r->position < wanted ? r->filled - r->position : wanted;
        memcpy(out, r->buffer + r->position, take);
        r->position += take;
        out += take;
        wanted -= take;
    }
}

static unsigned char *copy(const void *bytes, size_t count) {
    unsigned char *out = malloc(count ? count : 1);
    if (out) memcpy(out, bytes, count);
    return out;
}

// The metadata Swivel uses (ICC profile, sRGB, gAMA, cHRM, eXIf) that `info` holds so far.
// png_get_* only read `info`: they never call the error function.
static void take_metadata(png_structp png, png_infop info, swivel_png_image *image) {
    if (!image->icc_profile && png_get_valid(png, info, PNG_INFO_iCCP)) {
        png_charp name;
        int compression;
        png_bytep profile;
        png_uint_32 size;
        if (png_get_iCCP(png, info, &name, &compression, &profile, &size) && profile && size > 0) {
            image->icc_profile = copy(profile, size);
            image->icc_profile_size = image->icc_profile ? size : 0;
        }
    }
    image->has_srgb = png_get_valid(png, info, PNG_INFO_sRGB) != 0;
    png_fixed_point gamma;
    if (png_get_valid(png, info, PNG_INFO_gAMA) && png_get_gAMA_fixed(png, info, &gamma) && gamma > 0) {
        image->gamma = gamma / 100000.0;
    }
    png_fixed_point c[8];
    if (png_get_valid(png, info, PNG_INFO_cHRM)
        && png_get_cHRM_fixed(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        image->has_chromaticities = 1;
        image->white_x = c[0] / 100000.0, image->white_y = c[1] / 100000.0;
        image->red_x = c[2] / 100000.0, image->red_y = c[3] / 100000.0;
        image->green_x = c[4] / 100000.0, image->green_y = c[5] / 100000.0;
        image->blue_x = c[6] / 100000.0, image->blue_y = c[7] / 100000.0;
    }
    // eXIf is kept as an unknown chunk (see `read_as_unknown`): the first one.
    png_unknown_chunkp unknowns;
    int count = png_get_unknown_chunks(png, info, &unknowns);
    for (int i = 0; i < count && !image->exif; i++) {
        if (memcmp(unknowns[i].name, "eXIf", 4) == 0 && unknowns[i].data && unknowns[i].size > 0) {
            image->exif = copy(unknowns[i].data, unknowns[i].size);
            image->exif_size = image->exif ? unknowns[i].size : 0;
        }
    }
}

static uint32_t be32(const unsigned char *p) {
    return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3];
}

// cICP and cLLI, kept as unknown chunks (libpng 1.6.39 knows neither): called once, after
// png_read_info, so only chunks before the image data count (PNG 3rd edition, 5.6: both must
// precede PLTE and IDAT). The first of each is used. A cICP of another length than 4, or whose
// matrix coefficients are not 0, is ignored: PNG holds only RGB (and grey) samples, never YCbCr,
// so the spec (11.3.2.6) allows MatrixCoefficients 0 only, and such a chunk describes no PNG
// (taking its primaries and transfer anyway would be a guess about what its writer meant).
// A full range flag other than 0 or 1 is ignored the same way (H.273 defines only those two).
// cLLI was named cLLi in the drafts of the 3rd edition; files written then carry that name, and
// its layout is the same: both are read.
static void take_hdr_metadata(png_structp png, png_infop info, swivel_png_image *image) {
    png_unknown_chunkp unknowns;
    int count = png_get_unknown_chunks(png, info, &unknowns);
    int seen_cicp = 0, seen_clli = 0;
    for (int i = 0; i < count; i++) {
        const unsigned char *data = unknowns[i].data;
        size_t size = unknowns[i].size;
        if (memcmp(unknowns[i].name, "cICP", 4) == 0 && !seen_cicp) {
            seen_cicp = 1;
            if (size == 4 && data && data[2] == 0 && data[3] <= 1) {
                image->has_cicp = 1;
                image->cicp_primaries = data[0];
                image->cicp_transfer = data[1];
                image->cicp_full_range = data[3];
            }
        } else if ((memcmp(unknowns[i].name, "cLLI", 4) == 0 || memcmp(unknowns[i].name, "cLLi", 4) == 0)
                   && !seen_clli) {
            seen_clli = 1;
            // MaxCLL, then MaxFALL: big-endian, in units of 0.0001 cd/m².
            if (size == 8 && data) image->max_cll = be32(data) / 10000.0;
        }
    }
}

// The chunks libpng still reads besides IHDR, PLTE, tRNS, IDAT and IEND: every other one (text,
// time, background, physical size, private chunks, ...) is skipped unread, not inflated or kept.
static const png_byte read_as_known[] = "gAMA\0cHRM\0sRGB\0iCCP";
// eXIf is read as an unknown chunk, kept whole: libpng 1.6.39's own eXIf reader allocates whatever
// length the chunk claims, while unknown chunks are held to png_set_chunk_malloc_max (measured: a
// 17 MiB eXIf is read whole under a 5000-byte limit, an 824-byte iCCP dropped under an 800-byte one).
// cICP and cLLI (and the drafts' cLLi) are unknown to libpng 1.6.39; read as unknown chunks, they
// are held to the same limits.
static const png_byte read_as_unknown[] = "eXIf\0cICP\0cLLI\0cLLi";

swivel_png_status swivel_png_read(int descriptor, const swivel_png_limits *limits,
                                  const swivel_png_cancellation *cancellation, swivel_png_image *image) {
    memset(image, 0, sizeof *image);
    reader *r = calloc(1, sizeof *r);
    if (!r) return SWIVEL_PNG_OUT_OF_MEMORY;
    r->descriptor = descriptor;
    r->cancellation = cancellation;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r, on_error, on_warning);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!info) {
        png_destroy_read_struct(&png, NULL, NULL);
        free(r);
        return SWIVEL_PNG_OUT_OF_MEMORY;
    }
    // Changed between setjmp and a longjmp back to it: volatile, so they are not kept in registers.
    unsigned char *volatile pixels = NULL;
    volatile int all_rows_read = 0;
    volatile swivel_png_status status = SWIVEL_PNG_OK;

    if (setjmp(r->jump)) {
        // Once every row is in, a failure after them (a CRC error in a later chunk, a chunk libpng
        // refuses, a cancel) costs only the metadata that came after the image data; the file
        // ending before IEND is still a cut file (below), refused like one cut in its pixels.
        if (all_rows_read) goto done;
        status = r->cancelled ? SWIVEL_PNG_CANCELLED
                 : r->truncated ? SWIVEL_PNG_TRUNCATED
                 : r->read_errno ? SWIVEL_PNG_READ_ERROR : SWIVEL_PNG_LIBPNG_ERROR;
        goto done;
    }
    png_set_user_limits(png, limits->max_side, limits->max_side);
    png_set_chunk_malloc_max(png, limits->max_chunk_bytes);
    png_set_chunk_cache_max(png, limits->max_cached_chunks);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_NEVER, NULL, -1);
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_AS_DEFAULT, read_as_known, (int)(sizeof read_as_known / 5));
    png_set_keep_unknown_chunks(png, PNG_HANDLE_CHUNK_ALWAYS, read_as_unknown, (int)(sizeof read_as_unknown / 5));
    png_set_read_fn(png, r, on_read);
    png_read_info(png, info);

    png_uint_32 width, height;
    int bit_depth, color_type, interlace;
    png_get_IHDR(png, info, &width, &height, &bit_depth, &color_type, &interlace, NULL, NULL);
    image->width = width, image->height = height;
    image->bit_depth = bit_depth, image->color_type = color_type, image->interlaced = interlace != PNG_INTERLACE_NONE;
    if ((uint64_t)width * height > limits->max_pixels) {
        status = SWIVEL_PNG_TOO_MANY_PIXELS;
        goto done;
    }
    take_metadata(png, info, image);
    take_hdr_metadata(png, info, image);
    // A PQ or HLG 16-bit file keeps its 16 bits: the tone mapping (PNGDecoder) needs the signal
    // as coded, not its 8-bit steps (PQ's 8-bit steps are several percent of light apart).
    int hdr16 = bit_depth == 16 && image->has_cicp && (image->cicp_transfer == 16 || image->cicp_transfer == 18);

    if (hdr16) {
        // To RGB(A) 16, native-endian: tRNS to alpha, grey to RGB; PNG stores 16-bit samples
        // big-endian (PNG spec, 7.1), png_set_swap makes them little-endian.
        png_set_expand(png);
        if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        png_set_swap(png);
#endif
    } else {
        // To RGB(A) 8: palettes to RGB, 1/2/4-bit grey to 8 bits, a tRNS colour key or palette
        // alpha to an alpha channel (compared at the file's own depth, before scaling), 16-bit
        // samples scaled with rounding, round(v × 255 / 65535) (the linear scaling of the PNG 1.2
        // spec, 9.1; keeping only the high byte, libpng's other way down and SDL2_image's, is one
        // level off for about half the values: 0x20C0 gives 32, not 33), grey to RGB.
        if (color_type == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
        if (color_type == PNG_COLOR_TYPE_GRAY && bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
        if (png_get_valid(png, info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(png);
        if (bit_depth == 16) png_set_scale_16(png);
        if (color_type == PNG_COLOR_TYPE_GRAY || color_type == PNG_COLOR_TYPE_GRAY_ALPHA) png_set_gray_to_rgb(png);
    }
    int passes = png_set_interlace_handling(png);   // Adam7: 7 passes over the rows, else 1
    png_read_update_info(png, info);

    int channels = png_get_channels(png, info);
    size_t pitch = png_get_rowbytes(png, info);
    int sample_bytes = hdr16 ? 2 : 1;
    if ((channels != 3 && channels != 4) || png_get_bit_depth(png, info) != 8 * sample_bytes
        || pitch != (size_t)width * channels * sample_bytes) {
        on_error(png, "unexpected pixel layout after transforms");
    }
    pixels = malloc(pitch * height);
    if (!pixels) {
        status = SWIVEL_PNG_OUT_OF_MEMORY;
        goto done;
    }
    // Row by row (what png_read_image does inside), so that a cancelled read stops within a
    // row: one row of a 16000 px wide image takes libpng about 0.12 ms (measured: 16000 x 16000
    // RGB of zeros, 2.0 s for the 16000 rows on a busy 2-core machine).
    for (int pass = 0; pass < passes; pass++) {
        for (png_uint_32 y = 0; y < height; y++) {
            check_cancelled(png, r);
            png_read_row(png, pixels + pitch * y, NULL);
        }
    }
    all_rows_read = 1;
    image->pixels = pixels;
    image->pitch = pitch;
    image->has_alpha = channels == 4;
    image->sample_bits = 8 * sample_bytes;
    png_read_end(png, info);

done:
    if (all_rows_read && r->truncated) {
        status = SWIVEL_PNG_TRUNCATED;
        image->pixels = NULL;              // freed once, below, as `pixels`
    } else if (all_rows_read) {
        status = SWIVEL_PNG_OK;
        take_metadata(png, info, image);   // an eXIf after the image data
    }
    if (status != SWIVEL_PNG_OK) {
        image->read_errno = r->read_errno;
        memcpy(image->message, r->message, sizeof image->message);
        swivel_png_free(image);
        free(pixels);
    }
    png_destroy_read_struct(&png, &info, NULL);
    free(r);
    return status;
}

void swivel_png_free(swivel_png_image *image) {
    free(image->pixels);
    free(image->icc_profile);
    free(image->exif);
    image->pixels = image->icc_profile = image->exif = NULL;
    image->icc_profile_size = image->exif_size = 0;
}
