#include "jpeg_reader.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>   // jpeglib.h needs size_t and FILE declared first
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jpeglib.h>
#include <jerror.h>

// The file is read with pread in blocks of this many bytes, so a decode holds this much of the
// file at a time whatever its size (libjpeg's own stdio source reads 4096).
#define READ_BLOCK (64 * 1024)
// Output rows asked of libjpeg a call; it returns after at most one iMCU row (8 or 16 rows of the
// unscaled image), and the cancellation is looked at before each call.
#define ROWS_PER_CALL 16

// "Exif\0\0" (EXIF 2.32, 4.7.2: the APP1 identifier) and "ICC_PROFILE\0" (ICC.1:2022, B.4: the
// APP2 identifier, then the chunk's sequence number and the chunk count, a byte each).
static const unsigned char exif_signature[6] = {'E', 'x', 'i', 'f', 0, 0};
static const unsigned char icc_signature[12] = {'I', 'C', 'C', '_', 'P', 'R', 'O', 'F', 'I', 'L', 'E', 0};
#define ICC_HEADER 14

struct swivel_jpeg_reader {
    struct jpeg_decompress_struct cinfo;   // first: libjpeg's pointer to it is the reader's
    struct jpeg_error_mgr error;
    struct jpeg_source_mgr source;
    struct jpeg_progress_mgr progress;
    swivel_jpeg_limits limits;
    int descriptor;
    const unsigned char *memory;   // or the JPEG in memory (swivel_jpeg_open_memory), not the descriptor
    size_t memory_size;
    off_t next;                 // file offset of the next pread
    int hit_end;                // libjpeg was given a made-up EOI (JWRN_JPEG_EOF)
    int read_errno;
    int header_done;            // metadata segments after the first scan are not the image's
    swivel_jpeg_status stop;    // why the last longjmp was made
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
    unsigned char *exif;
    size_t exif_size;
    unsigned char *icc_chunks[256];
    size_t icc_chunk_sizes[256];
    size_t icc_total;
    int icc_too_big;
    unsigned char *icc_profile;
    size_t icc_profile_size;
    int adobe;
    unsigned char buffer[READ_BLOCK];
};

typedef struct swivel_jpeg_reader reader;

_Noreturn static void stop(reader *r, swivel_jpeg_status status) {
    r->stop = status;
    longjmp(r->jump, 1);
}

static void check_cancelled(reader *r) {
    if (r->limits.is_cancelled && r->limits.is_cancelled(r->limits.cancel_context)) stop(r, SWIVEL_JPEG_CANCELLED);
}

// MARK: errors and messages: kept, never printed

_Noreturn static void on_error(j_common_ptr cinfo) {
    reader *r = (reader *)cinfo;
    (*cinfo->err->format_message)(cinfo, r->message);
    stop(r, SWIVEL_JPEG_LIBJPEG_ERROR);
}

// Warnings (level -1) are oddities libjpeg reads past; traces (0 and up) are for debugging. Only
// the made-up end of file matters: the image after it is grey, not the file's.
static void on_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    cinfo->err->num_warnings++;
    if (cinfo->err->msg_code == JWRN_JPEG_EOF) ((reader *)cinfo)->hit_end = 1;
}

static void on_output(j_common_ptr cinfo) { (void)cinfo; }

// MARK: the source: the file, with pread

static void init_source(j_decompress_ptr cinfo) { (void)cinfo; }
static void term_source(j_decompress_ptr cinfo) { (void)cinfo; }

// A file that ends early gets an EOI marker after its last byte, with libjpeg's warning, as
// libjpeg's own sources do (jdatasrc.c): the decode then finishes, and the warning says it was cut.
static boolean fill_input_buffer(j_decompress_ptr cinfo) {
    reader *r = (reader *)cinfo;
    check_cancelled(r);
    if (r->memory && (size_t)r->next < r->memory_size) {
        // In memory: the rest at once, in place.
        cinfo->src->next_input_byte = r->memory + r->next;
        cinfo->src->bytes_in_buffer = r->memory_size - (size_t)r->next;
        r->next = (off_t)r->memory_size;
        return TRUE;
    }
    ssize_t got = 0;
    if (!r->memory) do {
        got = pread(r->descriptor, r->buffer, READ_BLOCK, r->next);
    } while (got < 0 && errno == EINTR);
    if (got < 0) {
        r->read_errno = errno;
        stop(r, SWIVEL_JPEG_READ_ERROR);
    }
    if (got == 0) {
        WARNMS(cinfo, JWRN_JPEG_EOF);
        r->buffer[0] = 0xFF;
        r->buffer[1] = JPEG_EOI;
        got = 2;
    } else {
        r->next += got;
    }
    cinfo->src->next_input_byte = r->buffer;
    cinfo->src->bytes_in_buffer = (size_t)got;
    return TRUE;
}

// What is skipped is not read: the next read starts after it (past the end, it finds the end).
static void skip_input_data(j_decompress_ptr cinfo, long count) {
    if (count <= 0) return;
    struct jpeg_source_mgr *source = cinfo->src;
    if ((size_t)count <= source->bytes_in_buffer) {
        source->next_input_byte += count;
        source->bytes_in_buffer -= (size_t)count;
        return;
    }
    reader *r = (reader *)cinfo;
    r->next += count - (off_t)source->bytes_in_buffer;
    source->bytes_in_buffer = 0;
    check_cancelled(r);
}

static int next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *source = cinfo->src;
    if (source->bytes_in_buffer == 0) (*source->fill_input_buffer)(cinfo);
    source->bytes_in_buffer--;
    return *source->next_input_byte++;
}

static void read_bytes(j_decompress_ptr cinfo, unsigned char *out, size_t count) {
    struct jpeg_source_mgr *source = cinfo->src;
    while (count > 0) {
        if (source->bytes_in_buffer == 0) (*source->fill_input_buffer)(cinfo);
        size_t take = source->bytes_in_buffer < count ? source->bytes_in_buffer : count;
        memcpy(out, source->next_input_byte, take);
        source->next_input_byte += take;
        source->bytes_in_buffer -= take;
        out += take;
        count -= take;
    }
}

// MARK: the metadata segments, read by the reader instead of saved by libjpeg (which
// keeps every segment of a kind, however many a file has: a file of 4-byte APPn segments would
// have it allocate without bound). Each segment's length word counts itself.

static long segment_length(j_decompress_ptr cinfo) {
    long length = next_byte(cinfo) << 8;
    length |= next_byte(cinfo);
    return length >= 2 ? length - 2 : 0;
}

// APP1: the first "Exif\0\0" segment before the first scan is kept whole (at most 65533 bytes, the
// largest a length word allows); XMP and the rest are skipped unread.
static boolean read_app1(j_decompress_ptr cinfo) {
    reader *r = (reader *)cinfo;
    check_cancelled(r);
    long length = segment_length(cinfo);
    if (!r->header_done && !r->exif && length >= (long)sizeof exif_signature) {
        unsigned char head[sizeof exif_signature];
        read_bytes(cinfo, head, sizeof head);
        length -= sizeof head;
        if (memcmp(head, exif_signature, sizeof head) == 0) {
            r->exif = malloc(sizeof head + (size_t)length);
            if (!r->exif) stop(r, SWIVEL_JPEG_OUT_OF_MEMORY);
            r->exif_size = sizeof head + (size_t)length;
            memcpy(r->exif, head, sizeof head);
            read_bytes(cinfo, r->exif + sizeof head, (size_t)length);
            length = 0;
        }
    }
    skip_input_data(cinfo, length);
    return TRUE;
}

// APP2: "ICC_PROFILE\0" chunks with data, kept by sequence number (a repeated number replaces the
// earlier chunk) while their total is within max_icc_bytes; past it the profile is dropped and the
// remaining chunks are skipped unread.
static boolean read_app2(j_decompress_ptr cinfo) {
    reader *r = (reader *)cinfo;
    check_cancelled(r);
    long length = segment_length(cinfo);
    if (!r->header_done && !r->icc_too_big && length > ICC_HEADER) {
        unsigned char head[ICC_HEADER];
        read_bytes(cinfo, head, sizeof head);
        length -= sizeof head;
        if (memcmp(head, icc_signature, sizeof icc_signature) == 0) {
            int sequence = head[12];
            size_t total = r->icc_total - r->icc_chunk_sizes[sequence] + (size_t)length;
            free(r->icc_chunks[sequence]);
            r->icc_chunks[sequence] = NULL;
            r->icc_total -= r->icc_chunk_sizes[sequence];
            r->icc_chunk_sizes[sequence] = 0;
            if (total > r->limits.max_icc_bytes) {
                r->icc_too_big = 1;
                for (int i = 0; i < 256; i++) {
                    free(r->icc_chunks[i]);
                    r->icc_chunks[i] = NULL;
                    r->icc_chunk_sizes[i] = 0;
                }
                r->icc_total = 0;
            } else {
                r->icc_chunks[sequence] = malloc((size_t)length);
                if (!r->icc_chunks[sequence]) stop(r, SWIVEL_JPEG_OUT_OF_MEMORY);
                r->icc_chunk_sizes[sequence] = (size_t)length;
                r->icc_total = total;
                read_bytes(cinfo, r->icc_chunks[sequence], (size_t)length);
                length = 0;
            }
        }
    }
    skip_input_data(cinfo, length);
    return TRUE;
}

// APP14: what libjpeg's own reader of it does (jdmarker.c, examine_app14: an "Adobe" segment of
// at least 12 bytes gives the colour transform, which tells YCCK from CMYK), and, before the first
// scan, whether any segment starts "Adobe" (CMYK stored inverted).
static boolean read_app14(j_decompress_ptr cinfo) {
    reader *r = (reader *)cinfo;
    long length = segment_length(cinfo);
    unsigned char head[12];
    size_t count = length < (long)sizeof head ? (size_t)length : sizeof head;
    read_bytes(cinfo, head, count);
    length -= (long)count;
    if (count >= 5 && memcmp(head, "Adobe", 5) == 0) {
        if (!r->header_done) r->adobe = 1;
        if (count >= 12) {
            cinfo->saw_Adobe_marker = TRUE;
            cinfo->Adobe_transform = head[11];
        }
    }
    skip_input_data(cinfo, length);
    return TRUE;
}

// MARK: work limits

// Called by libjpeg for every iMCU row of every scan it takes in (jpeg_start_decompress of a
// progressive or multi-scan file) and for every jpeg_read_scanlines call. The scan limit is
// TurboJPEG's TJFLAG_LIMITSCANS (turbojpeg.c, my_progress_monitor), with its words.
static void on_progress(j_common_ptr cinfo) {
    reader *r = (reader *)cinfo;
    check_cancelled(r);
    if (((j_decompress_ptr)cinfo)->input_scan_number > r->limits.max_scans) {
        snprintf(r->message, sizeof r->message, "Progressive JPEG image has more than %d scans", r->limits.max_scans);
        stop(r, SWIVEL_JPEG_SCAN_LIMIT);
    }
}

// MARK: the calls

// A libjpeg error after the file ran out is the file's being cut short.
static swivel_jpeg_status stopped(reader *r) {
    return r->stop == SWIVEL_JPEG_LIBJPEG_ERROR && r->hit_end ? SWIVEL_JPEG_TRUNCATED : r->stop;
}

void swivel_jpeg_close(reader *r) {
    if (!r) return;
    jpeg_destroy_decompress(&r->cinfo);   // nothing to do before jpeg_CreateDecompress (cinfo.mem is NULL)
    free(r->exif);
    for (int i = 0; i < 256; i++) free(r->icc_chunks[i]);
    free(r->icc_profile);
    free(r);
}

static swivel_jpeg_status open_reader(int descriptor, const unsigned char *memory, size_t memory_size,
                                      const swivel_jpeg_limits *limits, reader **out, swivel_jpeg_header *header);

swivel_jpeg_status swivel_jpeg_open(int descriptor, const swivel_jpeg_limits *limits, reader **out,
                                    swivel_jpeg_header *header) {
    return open_reader(descriptor, NULL, 0, limits, out, header);
}

swivel_jpeg_status swivel_jpeg_open_memory(const unsigned char *bytes, size_t size, const swivel_jpeg_limits *limits,
                                           reader **out, swivel_jpeg_header *header) {
    return open_reader(-1, bytes, size, limits, out, header);
}

static swivel_jpeg_status open_reader(int descriptor, const unsigned char *memory, size_t memory_size,
                                      const swivel_jpeg_limits *limits, reader **out, swivel_jpeg_header *header) {
    memset(header, 0, sizeof *header);
    *out = NULL;
    reader *r = calloc(1, sizeof *r);
    if (!r) return SWIVEL_JPEG_OUT_OF_MEMORY;
    r->descriptor = descriptor;
    r->memory = memory;
    r->memory_size = memory_size;
    r->limits = *limits;
    r->cinfo.err = jpeg_std_error(&r->error);
    r->error.error_exit = on_error;
    r->error.emit_message = on_message;
    r->error.output_message = on_output;
    if (setjmp(r->jump)) {
        swivel_jpeg_status status = stopped(r);
        memcpy(header->message, r->message, sizeof header->message);
        header->read_errno = r->read_errno;
        swivel_jpeg_close(r);
        return status;
    }
    jpeg_CreateDecompress(&r->cinfo, JPEG_LIB_VERSION, sizeof r->cinfo);
    r->cinfo.mem->max_memory_to_use = limits->max_memory;
    r->source.init_source = init_source;
    r->source.fill_input_buffer = fill_input_buffer;
    r->source.skip_input_data = skip_input_data;
    r->source.resync_to_restart = jpeg_resync_to_restart;
    r->source.term_source = term_source;
    r->cinfo.src = &r->source;
    r->progress.progress_monitor = on_progress;
    r->cinfo.progress = &r->progress;
    jpeg_set_marker_processor(&r->cinfo, JPEG_APP0 + 1, read_app1);
    jpeg_set_marker_processor(&r->cinfo, JPEG_APP0 + 2, read_app2);
    jpeg_set_marker_processor(&r->cinfo, JPEG_APP0 + 14, read_app14);
    jpeg_read_header(&r->cinfo, TRUE);
    r->header_done = 1;

    if (r->icc_total > 0) {
        r->icc_profile = malloc(r->icc_total);
        if (!r->icc_profile) stop(r, SWIVEL_JPEG_OUT_OF_MEMORY);
        for (int i = 0; i < 256; i++) {
            if (!r->icc_chunks[i]) continue;
            memcpy(r->icc_profile + r->icc_profile_size, r->icc_chunks[i], r->icc_chunk_sizes[i]);
            r->icc_profile_size += r->icc_chunk_sizes[i];
            free(r->icc_chunks[i]);
            r->icc_chunks[i] = NULL;
        }
    }
    header->width = r->cinfo.image_width;
    header->height = r->cinfo.image_height;
    header->cmyk = r->cinfo.jpeg_color_space == JCS_CMYK || r->cinfo.jpeg_color_space == JCS_YCCK;
    header->exif = r->exif;
    header->exif_size = r->exif_size;
    header->icc_profile = r->icc_profile;
    header->icc_profile_size = r->icc_profile_size;
    header->adobe = r->adobe;
    *out = r;
    return SWIVEL_JPEG_OK;
}

swivel_jpeg_status swivel_jpeg_decode(reader *r, unsigned scale_num, unsigned scale_denom, unsigned char *pixels,
                                      uint32_t width, uint32_t height, char *message) {
    message[0] = 0;
    if (setjmp(r->jump)) {
        memcpy(message, r->message, sizeof r->message);
        return stopped(r);
    }
    int cmyk = r->cinfo.jpeg_color_space == JCS_CMYK || r->cinfo.jpeg_color_space == JCS_YCCK;
    r->cinfo.scale_num = scale_num;
    r->cinfo.scale_denom = scale_denom;
    // TurboJPEG's TJPF_RGB and TJPF_CMYK (turbojpeg.c, pf2cs): grey and YCbCr are converted to RGB,
    // YCCK to CMYK.
    r->cinfo.out_color_space = cmyk ? JCS_CMYK : JCS_EXT_RGB;
    jpeg_calc_output_dimensions(&r->cinfo);
    size_t channels = cmyk ? 4 : 3;
    if (r->cinfo.output_width != width || r->cinfo.output_height != height
        || (size_t)r->cinfo.output_components != channels) {
        snprintf(message, JMSG_LENGTH_MAX, "libjpeg scales to %u×%u×%d, not %u×%u×%zu", r->cinfo.output_width,
                 r->cinfo.output_height, r->cinfo.output_components, width, height, channels);
        return SWIVEL_JPEG_BAD_OUTPUT;
    }
    jpeg_start_decompress(&r->cinfo);
    size_t pitch = (size_t)width * channels;
    while (r->cinfo.output_scanline < r->cinfo.output_height) {
        check_cancelled(r);
        JSAMPROW rows[ROWS_PER_CALL];
        JDIMENSION first = r->cinfo.output_scanline;
        JDIMENSION count = r->cinfo.output_height - first < ROWS_PER_CALL ? r->cinfo.output_height - first : ROWS_PER_CALL;
        for (JDIMENSION i = 0; i < count; i++) rows[i] = pixels + (size_t)(first + i) * pitch;
        jpeg_read_scanlines(&r->cinfo, rows, count);
    }
    // To the EOI, as TurboJPEG does: a file cut after its last scan still ends early.
    jpeg_finish_decompress(&r->cinfo);
    return r->hit_end ? SWIVEL_JPEG_TRUNCATED : SWIVEL_JPEG_OK;
}
