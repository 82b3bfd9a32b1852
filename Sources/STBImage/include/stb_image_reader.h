#ifndef SWIVEL_STB_IMAGE_READER_H
#define SWIVEL_STB_IMAGE_READER_H

#include <stddef.h>

/// An image stb_image decoded from memory (see swivel_stb_decode).
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
    /// Why decoding failed (stb_image's message for people, a static string), or NULL.
    const char *reason;
} swivel_stb_image;

/// The formats read here.
typedef enum { SWIVEL_STB_BMP = 1, SWIVEL_STB_TGA = 2 } swivel_stb_format;

/// The size of the `format` image in `data` as stb_image reads its header, without decoding any
/// pixels. Returns 1 and sets `*width`, `*height` and `*channels` (1 to 4, as stored), else returns
/// 0 and sets `*reason`.
int swivel_stb_info(swivel_stb_format format, const unsigned char *data, size_t size,
                    int *width, int *height, int *channels, const char **reason);

/// Decodes the `format` image in `data` with that format's reader alone (stb_image's own probe
/// would try every reader in turn) to 8-bit RGBA if it has alpha, else RGB. Safe to call from
/// several threads at once.
swivel_stb_image swivel_stb_decode(swivel_stb_format format, const unsigned char *data, size_t size);

void swivel_stb_free(unsigned char *pixels);

/// The largest width or height stb_image accepts here (STBI_MAX_DIMENSIONS).
int swivel_stb_max_dimension(void);

#endif
