#ifndef SWIVEL_CTIFF_SHIM_H
#define SWIVEL_CTIFF_SHIM_H
#include <tiffio.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// Swivel's use of libtiff, in C because its tag getters are variadic (Swift cannot call them) and
// its RGBA reader takes C callbacks. Only non-variadic libtiff functions are called here
// (TIFFVGetField rather than TIFFGetField): the photo libraries are loaded on first use through
// stubs (Sources/LazyLibraries), which cannot forward a variable argument list.
//
// Thread safety: every TIFF handle has its own reader, its own error and warning handlers (set
// through TIFFOpenOptions, libtiff 4.5) and its own buffers; libtiff keeps no other state per
// image. The process-wide handlers are switched off once (swivel_tiff_silence_globals).

/// One open TIFF and the file it reads: a descriptor read with pread at libtiff's own offset, so
/// nothing is read but what libtiff asks for (the directory and the strips or tiles it decodes).
typedef struct SwivelTIFFReader {
    TIFF *tif;
    int fd;
    uint64_t size;
    uint64_t offset;
    /// 1 once libtiff asked for bytes past the end of the file.
    int ran_out;
    /// libtiff's first error message for this file ("" when none).
    char error[256];
    /// Asked before every read and every band of rows (may be NULL): a non-zero answer makes
    /// reads fail and the RGBA read stop, with `cancelled` set.
    int (*is_cancelled)(void *context);
    void *cancel_context;
    int cancelled;
    /// The buffer libtiff reads raw tiles into when it is given one (see swivel_tiff_read_rgba),
    /// freed after the TIFF is closed.
    void *tile_buffer;
} SwivelTIFFReader;

static inline int swivel_tiff_check_cancelled(SwivelTIFFReader *reader) {
    if (!reader->cancelled && reader->is_cancelled && reader->is_cancelled(reader->cancel_context)) reader->cancelled = 1;
    return reader->cancelled;
}

static tmsize_t swivel_tiff_read_proc(thandle_t handle, void *buffer, tmsize_t size) {
    SwivelTIFFReader *reader = (SwivelTIFFReader *)handle;
    if (size <= 0) return 0;
    // libtiff reads a large strip or tile in growing pieces (1 MiB first), so a cancel is seen
    // while one huge strip is read, not only between strips.
    if (swivel_tiff_check_cancelled(reader)) return -1;
    if (reader->offset >= reader->size) { reader->ran_out = 1; return 0; }
    tmsize_t filled = 0;
    while (filled < size) {
        ssize_t got = pread(reader->fd, (char *)buffer + filled, (size_t)(size - filled),
                            (off_t)(reader->offset + (uint64_t)filled));
        if (got > 0) {
            filled += got;
        } else if (got == 0) {
            break;
        } else if (errno != EINTR) {
            if (filled == 0) return -1;
            break;
        }
    }
    reader->offset += (uint64_t)filled;
    if (filled < size) reader->ran_out = 1;
    return filled;
}

static tmsize_t swivel_tiff_write_proc(thandle_t handle, void *buffer, tmsize_t size) {
    (void)handle; (void)buffer; (void)size;
    return -1;   // opened for reading only
}

static toff_t swivel_tiff_seek_proc(thandle_t handle, toff_t offset, int whence) {
    SwivelTIFFReader *reader = (SwivelTIFFReader *)handle;
    switch (whence) {
    case SEEK_SET: reader->offset = offset; break;
    case SEEK_CUR: reader->offset += offset; break;
    case SEEK_END: reader->offset = reader->size + offset; break;
    default: return (toff_t)-1;
    }
    return reader->offset;
}

static int swivel_tiff_close_proc(thandle_t handle) { (void)handle; return 0; }   // the caller closes the descriptor
static toff_t swivel_tiff_size_proc(thandle_t handle) { return ((SwivelTIFFReader *)handle)->size; }
static int swivel_tiff_map_proc(thandle_t handle, void **base, toff_t *size) {
    (void)handle; (void)base; (void)size;
    return 0;   // no mapping: libtiff reads what it needs
}
static void swivel_tiff_unmap_proc(thandle_t handle, void *base, toff_t size) { (void)handle; (void)base; (void)size; }

static int swivel_tiff_on_error(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)module;
    SwivelTIFFReader *reader = (SwivelTIFFReader *)user_data;
    if (reader->error[0] == 0) vsnprintf(reader->error, sizeof reader->error, format, arguments);
    return 1;   // handled: the process-wide handler is not called
}

static int swivel_tiff_on_warning(TIFF *tif, void *user_data, const char *module, const char *format, va_list arguments) {
    (void)tif; (void)user_data; (void)module; (void)format; (void)arguments;
    return 1;   // warnings ("unknown field with tag …") say nothing a viewer acts on
}

/// Switches off libtiff's process-wide warning and error handlers, which print to stderr; the
/// handlers of each TIFF opened here catch its messages first. Call once, before any TIFF is opened.
static inline void swivel_tiff_silence_globals(void) {
    TIFFSetErrorHandler(NULL);
    TIFFSetWarningHandler(NULL);
}

/// The largest single allocation libtiff may make for one file: the largest image Swivel decodes
/// (ImageLimits: 256 MP) as one strip of 8-bit RGBA; a directory or strip needing more is refused.
#define SWIVEL_TIFF_MAX_ALLOCATION ((tmsize_t)1024 * 1024 * 1024)

/// Opens the TIFF on `reader->fd` (of `reader->size` bytes; the other fields zeroed) and reads its
/// first directory. 1 on success; else 0 with `reader->error` (and `ran_out`) saying why.
/// Strip and tile offsets are loaded when first needed ("D"), so a directory that claims billions
/// of strips costs nothing before its size is checked.
static inline int swivel_tiff_open(SwivelTIFFReader *reader) {
    TIFFOpenOptions *options = TIFFOpenOptionsAlloc();
    if (!options) { snprintf(reader->error, sizeof reader->error, "out of memory"); return 0; }
    TIFFOpenOptionsSetMaxSingleMemAlloc(options, SWIVEL_TIFF_MAX_ALLOCATION);
    TIFFOpenOptionsSetErrorHandlerExtR(options, swivel_tiff_on_error, reader);
    TIFFOpenOptionsSetWarningHandlerExtR(options, swivel_tiff_on_warning, reader);
    reader->tif = TIFFClientOpenExt("TIFF", "rD", (thandle_t)reader, swivel_tiff_read_proc, swivel_tiff_write_proc,
                                    swivel_tiff_seek_proc, swivel_tiff_close_proc, swivel_tiff_size_proc,
                                    swivel_tiff_map_proc, swivel_tiff_unmap_proc, options);
    TIFFOpenOptionsFree(options);
    if (!reader->tif && reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "not a TIFF file");
    return reader->tif != NULL;
}

static inline void swivel_tiff_close(SwivelTIFFReader *reader) {
    if (reader->tif) TIFFClose(reader->tif);
    reader->tif = NULL;
    free(reader->tile_buffer);
    reader->tile_buffer = NULL;
}

static inline int swivel_tiff_get(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetField(tif, tag, arguments);
    va_end(arguments);
    return found;
}

static inline int swivel_tiff_get_defaulted(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int found = TIFFVGetFieldDefaulted(tif, tag, arguments);
    va_end(arguments);
    return found;
}

static inline int swivel_tiff_set(TIFF *tif, uint32_t tag, ...) {
    va_list arguments;
    va_start(arguments, tag);
    int done = TIFFVSetField(tif, tag, arguments);
    va_end(arguments);
    return done;
}

/// The EXIF DateTimeOriginal of an open TIFF (its first directory read), as libtiff reads it:
/// the EXIF directory that IFD0's ExifIFD tag points to, wherever it lies, and nothing else (no
/// strip, no tile). Copies at most `size` − 1 bytes into `text`; 1 when the tag is there, else 0.
static inline int swivel_tiff_date_taken(SwivelTIFFReader *reader, char *text, size_t size) {
    uint64_t exif = 0;   // TIFFTAG_EXIFIFD is an IFD8 field: libtiff returns a uint64
    if (!swivel_tiff_get(reader->tif, TIFFTAG_EXIFIFD, &exif) || exif == 0) return 0;
    if (!TIFFReadEXIFDirectory(reader->tif, exif)) return 0;
    const char *value = NULL;
    if (!swivel_tiff_get(reader->tif, EXIFTAG_DATETIMEORIGINAL, &value) || !value) return 0;
    snprintf(text, size, "%s", value);
    return 1;
}

/// An ASCII tag of the current directory (Make, Model), copied into `text` (at most `size` − 1
/// bytes); 1 when the tag is there.
static inline int swivel_tiff_text(TIFF *tif, uint32_t tag, char *text, size_t size) {
    const char *value = NULL;
    if (!swivel_tiff_get(tif, tag, &value) || !value) return 0;
    snprintf(text, size, "%s", value);
    return 1;
}

/// What the first directory says, as libtiff read it (defaults where a tag is absent).
typedef struct SwivelTIFFInfo {
    uint32_t width, height;
    uint16_t bits_per_sample, samples_per_pixel, sample_format, photometric, compression, planar;
    /// The Orientation tag (1-8), or 0 when absent.
    uint16_t orientation;
    int tiled;
    /// The bytes of one decoded strip or tile, as libtiff will allocate them (0 when libtiff finds
    /// the size overflows).
    uint64_t chunk_bytes;
    uint32_t tile_width, tile_length, rows_per_strip;
    /// Whether libtiff was built with the decoder of `compression`.
    int codec_configured;
    /// The codec's name ("LZW", "JPEG", …), or NULL for a scheme libtiff does not know.
    const char *codec_name;
    /// The WhitePoint tag (CIE xy), or 0 0 when absent.
    float white_x, white_y;
    /// InkSet (1: CMYK, the default).
    uint16_t inkset;
} SwivelTIFFInfo;

static inline void swivel_tiff_info(TIFF *tif, SwivelTIFFInfo *info) {
    memset(info, 0, sizeof *info);
    swivel_tiff_get(tif, TIFFTAG_IMAGEWIDTH, &info->width);
    swivel_tiff_get(tif, TIFFTAG_IMAGELENGTH, &info->height);
    swivel_tiff_get_defaulted(tif, TIFFTAG_BITSPERSAMPLE, &info->bits_per_sample);
    swivel_tiff_get_defaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &info->samples_per_pixel);
    swivel_tiff_get_defaulted(tif, TIFFTAG_SAMPLEFORMAT, &info->sample_format);
    swivel_tiff_get_defaulted(tif, TIFFTAG_COMPRESSION, &info->compression);
    swivel_tiff_get_defaulted(tif, TIFFTAG_PLANARCONFIG, &info->planar);
    if (!swivel_tiff_get(tif, TIFFTAG_PHOTOMETRIC, &info->photometric)) info->photometric = 0xFFFF;
    if (!swivel_tiff_get(tif, TIFFTAG_ORIENTATION, &info->orientation)) info->orientation = 0;
    info->tiled = TIFFIsTiled(tif);
    if (info->tiled) {
        swivel_tiff_get(tif, TIFFTAG_TILEWIDTH, &info->tile_width);
        swivel_tiff_get(tif, TIFFTAG_TILELENGTH, &info->tile_length);
        info->chunk_bytes = TIFFTileSize64(tif);
    } else {
        swivel_tiff_get_defaulted(tif, TIFFTAG_ROWSPERSTRIP, &info->rows_per_strip);
        info->chunk_bytes = TIFFStripSize64(tif);
    }
    float *white = NULL;
    if (swivel_tiff_get(tif, TIFFTAG_WHITEPOINT, &white) && white) {
        info->white_x = white[0];
        info->white_y = white[1];
    }
    info->inkset = INKSET_CMYK;
    swivel_tiff_get(tif, TIFFTAG_INKSET, &info->inkset);
    info->codec_configured = TIFFIsCODECConfigured(info->compression);
    const TIFFCodec *codec = TIFFFindCODEC(info->compression);
    info->codec_name = codec ? codec->name : NULL;
}

/// The ICC profile (tag 34675) of the first directory: a pointer into libtiff's copy, valid until
/// the TIFF is closed. 1 when there is one.
static inline int swivel_tiff_icc_profile(TIFF *tif, const unsigned char **bytes, uint32_t *count) {
    void *data = NULL;
    uint32_t size = 0;
    if (!swivel_tiff_get(tif, TIFFTAG_ICCPROFILE, &size, &data) || !data || size == 0) return 0;
    *bytes = (const unsigned char *)data;
    *count = size;
    return 1;
}

// Put routines of our own, for what libtiff's RGBA reader (tif_getimage.c) gets wrong or refuses.
// Each has the signature and the skew conventions of libtiff's own (fromskew in samples,
// toskew in pixels) and writes packed R, G, B, A bytes.

/// CIE L*a*b* (PhotometricInterpretation 8), 8 bits: written as L* (0-255 for 0-100), a* + 128,
/// b* + 128 (TIFF stores a* and b* as signed bytes, TIFF 6.0 section 23) and alpha 255, for the
/// caller to convert. libtiff's own conversion maps its white (D50 where the WhitePoint tag is
/// absent) through sRGB's D65 matrix without adapting it (a yellow cast), and uses a plain 2.4
/// power for the tone curve.
static void swivel_tiff_put_lab8(TIFFRGBAImage *img, uint32_t *cp, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                 int32_t fromskew, int32_t toskew, unsigned char *pp) {
    int samples = img->samplesperpixel;
    (void)y;
    fromskew *= samples;
    for (; h > 0; --h) {
        for (x = w; x > 0; --x) {
            *cp++ = (uint32_t)pp[0] | (uint32_t)(pp[1] ^ 0x80) << 8 | (uint32_t)(pp[2] ^ 0x80) << 16 | 0xFF000000u;
            pp += samples;
        }
        cp += toskew;
        pp += fromskew;
    }
}

/// 16-bit L*a*b*: L* 0-65535 for 0-100, a* and b* signed, 256 to a unit (TIFF 6.0 section 23),
/// packed into the pixel's 32 bits (there is no alpha) as L* in 10 bits (0-1023 for 0-100) and
/// a* + 128, b* + 128 in 11 bits each (8 to a unit): finer than 8 bits, which near an sRGB
/// channel's zero would show.
static inline uint32_t swivel_tiff_lab16(uint16_t l, uint16_t a, uint16_t b) {
    uint32_t l10 = ((uint32_t)l * 1023u + 32767u) / 65535u;
    uint32_t a11 = ((uint32_t)((int32_t)(int16_t)a + 32768) + 16) >> 5, b11 = ((uint32_t)((int32_t)(int16_t)b + 32768) + 16) >> 5;
    if (a11 > 2047) a11 = 2047;
    if (b11 > 2047) b11 = 2047;
    return l10 | a11 << 10 | b11 << 21;
}

static void swivel_tiff_put_lab16(TIFFRGBAImage *img, uint32_t *cp, uint32_t x, uint32_t y, uint32_t w, uint32_t h,
                                  int32_t fromskew, int32_t toskew, unsigned char *pp) {
    int samples = img->samplesperpixel;
    uint16_t *wp = (uint16_t *)pp;
    (void)y;
    fromskew *= samples;
    for (; h > 0; --h) {
        for (x = w; x > 0; --x) {
            *cp++ = swivel_tiff_lab16(wp[0], wp[1], wp[2]);
            wp += samples;
        }
        cp += toskew;
        wp += fromskew;
    }
}

static void swivel_tiff_put_lab8_separate(TIFFRGBAImage *img, uint32_t *cp, uint32_t x, uint32_t y, uint32_t w,
                                          uint32_t h, int32_t fromskew, int32_t toskew, unsigned char *l,
                                          unsigned char *a, unsigned char *b, unsigned char *alpha) {
    (void)img; (void)y; (void)alpha;
    for (; h > 0; --h) {
        for (x = w; x > 0; --x) {
            *cp++ = (uint32_t)*l++ | (uint32_t)(*a++ ^ 0x80) << 8 | (uint32_t)(*b++ ^ 0x80) << 16 | 0xFF000000u;
        }
        l += fromskew; a += fromskew; b += fromskew;
        cp += toskew;
    }
}

static void swivel_tiff_put_lab16_separate(TIFFRGBAImage *img, uint32_t *cp, uint32_t x, uint32_t y, uint32_t w,
                                           uint32_t h, int32_t fromskew, int32_t toskew, unsigned char *l,
                                           unsigned char *a, unsigned char *b, unsigned char *alpha) {
    uint16_t *wl = (uint16_t *)l, *wa = (uint16_t *)a, *wb = (uint16_t *)b;
    (void)img; (void)y; (void)alpha;
    for (; h > 0; --h) {
        for (x = w; x > 0; --x) *cp++ = swivel_tiff_lab16(*wl++, *wa++, *wb++);
        wl += fromskew; wa += fromskew; wb += fromskew;
        cp += toskew;
    }
}

/// Grey with alpha (two samples a pixel, 8 or 16 bits), premultiplied: libtiff's own keeps an
/// unassociated alpha's grey as stored (not multiplied in, unlike its RGB routines) and drops
/// 16-bit alpha altogether. Unassociated alpha is multiplied in with libtiff's rounding
/// ((v × a + 127) / 255); associated alpha is already in. MinIsWhite greys are inverted first
/// (under associated alpha, against the alpha: a − v).
static void swivel_tiff_put_grey_alpha(TIFFRGBAImage *img, uint32_t *cp, uint32_t x, uint32_t y, uint32_t w,
                                       uint32_t h, int32_t fromskew, int32_t toskew, unsigned char *pp) {
    int samples = img->samplesperpixel, wide = img->bitspersample == 16;
    int white = img->photometric == PHOTOMETRIC_MINISWHITE, associated = img->alpha == EXTRASAMPLE_ASSOCALPHA;
    (void)y;
    fromskew *= samples;
    for (; h > 0; --h) {
        for (x = w; x > 0; --x) {
            uint32_t v, a;
            if (wide) {
                uint16_t *wp = (uint16_t *)pp;
                v = (wp[0] + 128u) / 257u;
                a = (wp[1] + 128u) / 257u;
                pp += 2 * samples;
            } else {
                v = pp[0];
                a = pp[1];
                pp += samples;
            }
            if (associated) {
                if (v > a) v = a;
                if (white) v = a - v;
            } else {
                if (white) v = 255 - v;
                v = (v * a + 127) / 255;
            }
            *cp++ = v | v << 8 | v << 16 | a << 24;
        }
        cp += toskew;
        pp += fromskew * (wide ? 2 : 1);
    }
}

/// Reads the first directory's image into `raster` (`width` × `height` pixels, width and height
/// as `swivel_tiff_info` gave them): R, G, B, A bytes, alpha multiplied in, top row first, in
/// the stored orientation (Swivel turns it upright itself, by the orientation `swivel_tiff_info`
/// gave). Every photometric libtiff's RGBA reader knows: RGB, palette, grey (MinIsBlack and
/// MinIsWhite), YCbCr (JPEG-compressed or not), CMYK, LogLuv/LogL, CIE L*a*b*, 1 to 16 bits,
/// associated or unassociated alpha.
/// `*lab` is set to 1 when the raster holds 8-bit L*a*b* (see swivel_tiff_put_lab8), to 2 when it
/// holds packed 16-bit L*a*b* (swivel_tiff_lab16), for the caller to convert; `*alpha` to 1 when
/// the raster has alpha other than 255.
/// 1 on success; else 0 with `reader->error` (and `ran_out`) saying why.
static inline int swivel_tiff_read_rgba(SwivelTIFFReader *reader, uint32_t *raster, uint32_t width, uint32_t height,
                                        int *lab, int *alpha) {
    TIFF *tif = reader->tif;
    char message[1024] = "";
    uint16_t photometric = 0;
    *lab = swivel_tiff_get(tif, TIFFTAG_PHOTOMETRIC, &photometric) && photometric == PHOTOMETRIC_CIELAB;
    // L*a*b* goes through libtiff's RGB path (which reads and unpacks the samples, 8 or 16 bits,
    // contiguous or planar) with our put routine in place of its RGB one.
    if (*lab && !swivel_tiff_set(tif, TIFFTAG_PHOTOMETRIC, PHOTOMETRIC_RGB)) {
        if (reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "cannot read CIE L*a*b*");
        return 0;
    }
    // YCbCr whose YCbCrCoefficients are unusable (image-rs's ycbcr_lzw_broken.tif has 0, 0, 0) is
    // refused by libtiff's RGBA reader ("Invalid values for YCbCrCoefficients tag"): they are
    // taken as absent, TIFF 6.0's default (CCIR 601-1's 0.299, 0.587, 0.114), as ImageMagick does.
    float *luma = NULL;
    if (photometric == PHOTOMETRIC_YCBCR && swivel_tiff_get_defaulted(tif, TIFFTAG_YCBCRCOEFFICIENTS, &luma) && luma
        && !(isfinite(luma[0]) && isfinite(luma[1]) && isfinite(luma[2]) && luma[1] > 0)) {
        float ccir601[3] = {0.299f, 0.587f, 0.114f};
        swivel_tiff_set(tif, TIFFTAG_YCBCRCOEFFICIENTS, ccir601);
    }
    // Uncompressed tiles whose size is not a multiple of 1 KiB: libtiff 4.5 reads the first tile
    // into a buffer of its own rounded up to 1 KiB, then takes that buffer's size for the tile's
    // bytes and refuses the file ("Invalid tile byte count for tile 0. Expected 32, got 1024";
    // with the file mapped, as tiff2rgba opens it, the sizes agree). Given a buffer of the tile's
    // own size, it reads the tiles into that.
    uint16_t compression = COMPRESSION_NONE;
    swivel_tiff_get_defaulted(tif, TIFFTAG_COMPRESSION, &compression);
    if (TIFFIsTiled(tif) && compression == COMPRESSION_NONE && !reader->tile_buffer) {
        uint64_t size = TIFFTileSize64(tif);
        if (size > 0 && size % 1024 != 0 && size <= (uint64_t)SWIVEL_TIFF_MAX_ALLOCATION) {
            reader->tile_buffer = malloc((size_t)size);
            if (!reader->tile_buffer) {
                snprintf(reader->error, sizeof reader->error, "out of memory");
                return 0;
            }
            TIFFReadBufferSetup(tif, reader->tile_buffer, (tmsize_t)size);
        }
    }
    TIFFRGBAImage image;
    memset(&image, 0, sizeof image);
    if (!TIFFRGBAImageBegin(&image, tif, 1, message)) {
        if (reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "%s", message);
        return 0;
    }
    // The pixels as stored: what libtiff would turn is turned by Swivel's own orientation step.
    image.orientation = ORIENTATION_TOPLEFT;
    image.req_orientation = ORIENTATION_TOPLEFT;
    *alpha = image.alpha != 0;
    if (*lab) {
        *alpha = 0;
        if (image.bitspersample == 16) *lab = 2;
        if (image.isContig) {
            image.put.contig = image.bitspersample == 16 ? swivel_tiff_put_lab16 : swivel_tiff_put_lab8;
        } else {
            image.put.separate = image.bitspersample == 16 ? swivel_tiff_put_lab16_separate : swivel_tiff_put_lab8_separate;
        }
        if (image.bitspersample != 8 && image.bitspersample != 16) {
            snprintf(reader->error, sizeof reader->error, "%u-bit CIE L*a*b* is not supported", image.bitspersample);
            TIFFRGBAImageEnd(&image);
            return 0;
        }
    } else if ((image.photometric == PHOTOMETRIC_MINISBLACK || image.photometric == PHOTOMETRIC_MINISWHITE)
               && image.isContig && image.alpha && image.samplesperpixel == 2
               && (image.bitspersample == 8 || image.bitspersample == 16)) {
        image.put.contig = swivel_tiff_put_grey_alpha;
    }
    // In bands of whole strips (or rows of tiles), as TIFFReadRGBAStrip does (row_offset), so
    // that a cancel is seen between them: each strip or tile is still read and decoded once.
    // A band is at least 16 rows (strips of one row would make a call a row). An image stored
    // as one compressed strip is one band: only its reads are checked (see the read proc).
    uint32_t unit = 0;
    if (TIFFIsTiled(tif)) swivel_tiff_get(tif, TIFFTAG_TILELENGTH, &unit);
    else swivel_tiff_get_defaulted(tif, TIFFTAG_ROWSPERSTRIP, &unit);
    if (unit == 0 || unit > height) unit = height;
    uint32_t band = unit < 16 ? (16 + unit - 1) / unit * unit : unit;
    int ok = 1;
    for (uint32_t row = 0; ok && row < height; row += band) {
        if (swivel_tiff_check_cancelled(reader)) { ok = 0; break; }
        image.row_offset = (int)row;
        ok = TIFFRGBAImageGet(&image, raster + (size_t)row * width, width, height - row < band ? height - row : band);
    }
    TIFFRGBAImageEnd(&image);
    if (reader->cancelled) return 0;
    if (!ok && reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "cannot read the image");
    return ok;
}

/// One sample of `bits` bits (1-32) at bit `bit` of a decoded row, as TIFF packs them: 8, 16, 24
/// and 32 bits in the machine's byte order (TIFFReadEncodedStrip/Tile swap them to it), other
/// sizes as a bit string, high-order bits first (TIFF 6.0, section 2: BitsPerSample).
static inline uint32_t swivel_tiff_sample_bits(const unsigned char *row, uint64_t bit, int bits) {
    const unsigned char *p = row + (bit >> 3);
    switch (bits) {
    case 8: return p[0];
    case 16: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 32: { uint32_t v; memcpy(&v, p, 4); return v; }
    case 24: {
        uint32_t v = 0;
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(&v, p, 3);
#else
        memcpy((unsigned char *)&v + 1, p, 3);
#endif
        return v;
    }
    default: {
        int skip = (int)(bit & 7), need = (skip + bits + 7) >> 3;
        uint64_t v = 0;
        for (int i = 0; i < need; i++) v = v << 8 | p[i];
        return (uint32_t)((v >> (need * 8 - skip - bits)) & ((1ull << bits) - 1));
    }
    }
}

/// Reads the first directory's samples, for what libtiff's RGBA reader refuses but holds plain
/// numbers (TIFFDecoder.readsSamples): floating point (16, 32 or 64 bits), integers of other
/// sizes than 1, 2, 4, 8 and 16 bits (12-bit grey), CMYK of more than 8 bits. Grey (MinIsBlack,
/// MinIsWhite), RGB or CMYK (InkSet 1), the first extra sample taken as alpha where ExtraSamples
/// says it is one; contiguous or planar, strips or tiles, each read once through
/// TIFFReadEncodedStrip/Tile (which undo the compression, the predictor, floating point's too,
/// and the byte order), a band of strips or a row of tiles at a time, the cancellation looked
/// at before each.
/// Writes `width` × `height` pixels into `out` as R, G, B, A uint16_t, top row first, in the
/// stored orientation: integers scaled to 0-65535; floating point as IEEE half-precision bit
/// patterns of the values as stored, associated alpha divided out. CMYK becomes RGB as libtiff's
/// RGBA reader turns 8-bit CMYK, (1 − C)(1 − K). `*associated` is set to 1 when integer alpha
/// is associated (left multiplied in). 1 on success; else 0 with `reader->error` saying why.
static inline int swivel_tiff_read_samples(SwivelTIFFReader *reader, uint16_t *out, uint32_t width, uint32_t height,
                                           int *associated) {
    TIFF *tif = reader->tif;
    uint16_t bits = 1, spp = 1, format = SAMPLEFORMAT_UINT, photometric = PHOTOMETRIC_MINISBLACK;
    uint16_t planar = PLANARCONFIG_CONTIG, extra_count = 0;
    uint16_t *extra = NULL;
    swivel_tiff_get_defaulted(tif, TIFFTAG_BITSPERSAMPLE, &bits);
    swivel_tiff_get_defaulted(tif, TIFFTAG_SAMPLESPERPIXEL, &spp);
    swivel_tiff_get_defaulted(tif, TIFFTAG_SAMPLEFORMAT, &format);
    swivel_tiff_get_defaulted(tif, TIFFTAG_PLANARCONFIG, &planar);
    swivel_tiff_get(tif, TIFFTAG_PHOTOMETRIC, &photometric);
    swivel_tiff_get_defaulted(tif, TIFFTAG_EXTRASAMPLES, &extra_count, &extra);
    int colours = photometric == PHOTOMETRIC_RGB ? 3 : photometric == PHOTOMETRIC_SEPARATED ? 4 : 1;
    int is_float = format == SAMPLEFORMAT_IEEEFP;
    if (spp < colours || bits < 1 || bits > 64 || (!is_float && bits > 32)
        || (is_float && bits != 16 && bits != 32 && bits != 64)) {
        snprintf(reader->error, sizeof reader->error, "%u-bit samples (%u a pixel) are not supported", bits, spp);
        return 0;
    }
    int alpha = spp > colours && extra_count > 0 && extra
        && (extra[0] == EXTRASAMPLE_ASSOCALPHA || extra[0] == EXTRASAMPLE_UNASSALPHA);
    int is_associated = alpha && extra[0] == EXTRASAMPLE_ASSOCALPHA;
    *associated = is_associated && !is_float;
    int used = colours + alpha;   // the samples kept a pixel: the colours, then alpha
    int tiled = TIFFIsTiled(tif), planes = planar == PLANARCONFIG_SEPARATE ? spp : 1;
    int per_chunk_pixel = planar == PLANARCONFIG_SEPARATE ? 1 : spp;
    uint32_t chunk_width = width, chunk_height = height;
    if (tiled) {
        swivel_tiff_get(tif, TIFFTAG_TILEWIDTH, &chunk_width);
        swivel_tiff_get(tif, TIFFTAG_TILELENGTH, &chunk_height);
    } else {
        swivel_tiff_get_defaulted(tif, TIFFTAG_ROWSPERSTRIP, &chunk_height);
    }
    if (chunk_width == 0 || chunk_height == 0) {
        snprintf(reader->error, sizeof reader->error, tiled ? "malformed TIFF tile size" : "malformed TIFF strip size");
        return 0;
    }
    if (chunk_height > height) chunk_height = height;
    uint64_t row_bytes = ((uint64_t)chunk_width * per_chunk_pixel * bits + 7) / 8;
    uint64_t chunk_bytes = tiled ? TIFFTileSize64(tif) : TIFFStripSize64(tif);
    uint64_t band_count = (uint64_t)chunk_height * width * used;
    if (chunk_bytes == 0 || chunk_bytes < row_bytes || chunk_bytes > (uint64_t)SWIVEL_TIFF_MAX_ALLOCATION
        || band_count > (uint64_t)SWIVEL_TIFF_MAX_ALLOCATION / sizeof(float)) {
        snprintf(reader->error, sizeof reader->error, "TIFF strips or tiles of %llu bytes are not supported",
                 (unsigned long long)chunk_bytes);
        return 0;
    }
    unsigned char *chunk = malloc((size_t)chunk_bytes);
    float *band = malloc((size_t)band_count * sizeof(float));
    int ok = chunk && band;
    if (!ok) snprintf(reader->error, sizeof reader->error, "out of memory");
    double scale = is_float ? 1 : 1.0 / (double)((1ull << bits) - 1);
    for (uint32_t top = 0; ok && top < height; top += chunk_height) {
        uint32_t rows = height - top < chunk_height ? height - top : chunk_height;
        memset(band, 0, (size_t)rows * width * used * sizeof(float));
        for (uint32_t left = 0; ok && left < width; left += chunk_width) {
            uint32_t columns = width - left < chunk_width ? width - left : chunk_width;
            for (int plane = 0; ok && plane < planes; plane++) {
                if (swivel_tiff_check_cancelled(reader)) { ok = 0; break; }
                tmsize_t got = tiled
                    ? TIFFReadEncodedTile(tif, TIFFComputeTile(tif, left, top, 0, (uint16_t)plane), chunk, (tmsize_t)chunk_bytes)
                    : TIFFReadEncodedStrip(tif, TIFFComputeStrip(tif, top, (uint16_t)plane), chunk, (tmsize_t)chunk_bytes);
                if (got < 0 || (uint64_t)got < row_bytes * (tiled ? chunk_height : rows)) {
                    if (reader->error[0] == 0) snprintf(reader->error, sizeof reader->error, "cannot read the image");
                    ok = 0;
                    break;
                }
                for (uint32_t y = 0; y < rows; y++) {
                    const unsigned char *row = chunk + y * row_bytes;
                    float *to = band + ((size_t)y * width + left) * used;
                    for (uint32_t x = 0; x < columns; x++, to += used) {
                        for (int s = 0; s < per_chunk_pixel; s++) {
                            int sample = planes > 1 ? plane : s;
                            if (sample >= used) continue;
                            uint64_t bit = ((uint64_t)x * per_chunk_pixel + s) * bits;
                            float value;
                            if (!is_float) {
                                value = (float)(swivel_tiff_sample_bits(row, bit, bits) * scale);
                            } else if (bits == 16) {
                                _Float16 half;
                                memcpy(&half, row + (bit >> 3), 2);
                                value = (float)half;
                            } else if (bits == 32) {
                                memcpy(&value, row + (bit >> 3), 4);
                            } else {
                                double wide;
                                memcpy(&wide, row + (bit >> 3), 8);
                                value = (float)wide;
                            }
                            to[sample] = value;
                        }
                    }
                }
            }
        }
        for (uint32_t y = 0; ok && y < rows; y++) {
            const float *from = band + (size_t)y * width * used;
            uint16_t *to = out + ((size_t)(top + y) * width) * 4;
            for (uint32_t x = 0; x < width; x++, from += used, to += 4) {
                float rgba[4];
                switch (photometric) {
                case PHOTOMETRIC_MINISWHITE: rgba[0] = rgba[1] = rgba[2] = 1 - from[0]; break;
                case PHOTOMETRIC_RGB: rgba[0] = from[0]; rgba[1] = from[1]; rgba[2] = from[2]; break;
                case PHOTOMETRIC_SEPARATED:
                    for (int c = 0; c < 3; c++) rgba[c] = (1 - from[c]) * (1 - from[3]);
                    break;
                default: rgba[0] = rgba[1] = rgba[2] = from[0]; break;
                }
                rgba[3] = alpha ? from[colours] : 1;
                if (is_float) {
                    if (is_associated && rgba[3] > 0) for (int c = 0; c < 3; c++) rgba[c] /= rgba[3];
                    if (!(rgba[3] > 0)) rgba[3] = 0;
                    if (rgba[3] > 1) rgba[3] = 1;
                    for (int c = 0; c < 4; c++) {
                        _Float16 half = (_Float16)rgba[c];
                        memcpy(&to[c], &half, 2);
                    }
                } else {
                    for (int c = 0; c < 4; c++) {
                        float v = rgba[c] > 0 ? (rgba[c] < 1 ? rgba[c] : 1) : 0;
                        to[c] = (uint16_t)(v * 65535 + 0.5f);
                    }
                }
            }
        }
    }
    free(chunk);
    free(band);
    if (reader->cancelled) return 0;
    return ok;
}

#endif
