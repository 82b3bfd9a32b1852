#ifndef SWIVEL_STB_IMAGE_READER_H
#define SWIVEL_STB_IMAGE_READER_H

#include <stddef.h>

/// What stb_image reads: `head` (bytes in memory: the file's first bytes, or a corrected header
/// and palette, or a whole expanded file), then `tail_size` bytes of the file open on
/// `descriptor` from `tail_offset` on, read with pread in 64 KiB blocks as stb_image asks for
/// them (never whole). `is_cancelled` (may be NULL) is asked at every read stb_image makes.
typedef struct {
    const unsigned char *head;
    size_t head_size;
    int descriptor;
    size_t tail_offset, tail_size;
    int (*is_cancelled)(void *context);
    void *cancel_context;
} swivel_stb_input;

/// An image stb_image decoded (see swivel_stb_decode).
typedef struct {
    /// `width` × `height` pixels of `channels` bytes (3: RGB, 4: RGBA, alpha not multiplied in),
    /// top row first; NULL when decoding failed. Free with swivel_stb_free.
    unsigned char *pixels;
    int width;
    int height;
    int channels;
    /// 1 when the reader asked for bytes past the end of the data: the file is cut short and the
    /// rest of `pixels` (if any) is made up (stb_image reads a missing byte as 0 and goes on).
    int truncated;
    /// 1 when `is_cancelled` said so: `pixels` is NULL.
    int cancelled;
    /// errno of a failed pread (0 when none).
    int read_errno;
    /// Why decoding failed (stb_image's message for people, a static string), or NULL.
    const char *reason;
} swivel_stb_image;

/// The formats read here.
typedef enum { SWIVEL_STB_BMP = 1, SWIVEL_STB_TGA = 2 } swivel_stb_format;

/// The size of the `format` image in `input` as stb_image reads its header, without decoding any
/// pixels. Returns 1 and sets `*width`, `*height` and `*channels` (1 to 4, as stored), else returns
/// 0 and sets `*reason`.
int swivel_stb_info(swivel_stb_format format, const swivel_stb_input *input,
                    int *width, int *height, int *channels, const char **reason);

/// Decodes the `format` image in `input` with that format's reader alone (stb_image's own probe
/// would try every reader in turn) to 8-bit RGBA if it has alpha, else RGB. Safe to call from
/// several threads at once. A cancel stops it at stb_image's next read (of 128 bytes): it
/// longjmps out of the loader, whose allocations are tracked and freed here.
swivel_stb_image swivel_stb_decode(swivel_stb_format format, const swivel_stb_input *input);

void swivel_stb_free(unsigned char *pixels);

/// The largest width or height stb_image accepts here (STBI_MAX_DIMENSIONS).
int swivel_stb_max_dimension(void);

#endif
