// stb_image (the header of Debian's libstb-dev, compiled here) for BMP and TGA.
//
// Compiled in rather than linked from Debian's libstb.so.0: that library is built with every
// reader (JPEG, PNG, GIF, PSD, PIC, HDR, PNM too), with the size limit fixed at 1 << 24 a side.
// Here only the two readers Swivel uses exist and the limit is Swivel's own. The code is small
// (about 20 KB of machine code), so it is linked into the program, not loaded lazily.

#include "stb_image_reader.h"

#include <stdint.h>
#include <string.h>

// Only the formats routed here; no file I/O (the caller has read the file), no float/HDR output.
#define STBI_ONLY_BMP
#define STBI_ONLY_TGA
#define STBI_NO_STDIO
#define STBI_NO_LINEAR
#define STBI_NO_HDR
// Messages meant for people ("Corrupt BMP", "BMP type not supported: RLE"): they become the
// reason in a "skipped" line.
#define STBI_FAILURE_USERMSG
// ImageLimits.maxSide: a header over it is refused before anything is allocated (the Swift side
// has checked the same limit, and the pixel count, on the header already).
#define STBI_MAX_DIMENSIONS 16384
#define STB_IMAGE_IMPLEMENTATION
#include <stb/stb_image.h>

// stb_image keeps its last failure reason in a global that is thread-local only when
// STBI_THREAD_LOCAL is defined (it defines it itself for GCC and clang); decoders run on several
// threads at once, so a build without it must fail. Its other globals (flip on load, the iPhone
// PNG and HDR settings) are never set here, only read.
#ifndef STBI_THREAD_LOCAL
#error "stb_image's failure reason would be shared between threads"
#endif

/// The bytes being decoded and what the reader asked of them.
typedef struct {
    const unsigned char *data;
    size_t size;
    size_t position;
    /// The reader's own small buffer (stbi__context.buffer_start), which it refills when it needs
    /// its next byte.
    const char *refill_buffer;
    int truncated;
} reader_state;

// stb_image reads through two paths: it refills its own buffer when it needs the next byte (a
// refill that finds nothing left means it wanted a byte the file does not have; a short one is
// just the file's last bytes), and it reads long runs (uncompressed rows, palettes) straight into
// place (any shortfall there is missing data). Either means the file is cut short; stb_image
// itself goes on with zeros, or leaves the rest of a row unwritten, so the caller is told.
static int read_bytes(void *user, char *into, int size) {
    reader_state *state = user;
    if (size <= 0) return 0;
    size_t left = state->size - state->position;
    size_t count = (size_t)size < left ? (size_t)size : left;
    if (into == state->refill_buffer ? count == 0 : count < (size_t)size) state->truncated = 1;
    memcpy(into, state->data + state->position, count);
    state->position += count;
    return (int)count;
}

// A skip past the end is not counted as cut short: some writers leave out the last row's padding,
// which the BMP reader skips. Missing pixels are caught by the reads that follow.
static void skip_bytes(void *user, int count) {
    reader_state *state = user;
    if (count <= 0) return;
    size_t left = state->size - state->position;
    state->position += (size_t)count < left ? (size_t)count : left;
}

static int at_end(void *user) {
    reader_state *state = user;
    return state->position >= state->size;
}

static void start(stbi__context *context, reader_state *state, const unsigned char *data, size_t size) {
    static const stbi_io_callbacks callbacks = { read_bytes, skip_bytes, at_end };
    memset(state, 0, sizeof *state);
    state->data = data;
    state->size = size;
    state->refill_buffer = (const char *)context->buffer_start;
    stbi__start_callbacks(context, (stbi_io_callbacks *)&callbacks, state);
}

int swivel_stb_info(swivel_stb_format format, const unsigned char *data, size_t size,
                    int *width, int *height, int *channels, const char **reason) {
    stbi__context context;
    reader_state state;
    if (size > INT32_MAX) { *reason = "file too large"; return 0; }
    start(&context, &state, data, size);
    stbi__g_failure_reason = NULL;
    int known = format == SWIVEL_STB_BMP ? stbi__bmp_info(&context, width, height, channels)
              : format == SWIVEL_STB_TGA ? stbi__tga_info(&context, width, height, channels) : 0;
    if (known) return 1;
    // The info readers say why only for some refusals; the others leave the general message.
    *reason = stbi__g_failure_reason ? stbi__g_failure_reason
            : format == SWIVEL_STB_BMP ? "BMP type not supported" : "TGA type not supported";
    return 0;
}

swivel_stb_image swivel_stb_decode(swivel_stb_format format, const unsigned char *data, size_t size) {
    swivel_stb_image image = { 0 };
    int width = 0, height = 0, channels = 0;
    if (!swivel_stb_info(format, data, size, &width, &height, &channels, &image.reason)) return image;
    image.channels = channels == 2 || channels == 4 ? 4 : 3;

    stbi__context context;
    reader_state state;
    stbi__result_info result;
    memset(&result, 0, sizeof result);
    result.bits_per_channel = 8;
    start(&context, &state, data, size);
    stbi__g_failure_reason = NULL;
    // Both readers make 8-bit samples, top row first, converted to `image.channels` (they flip
    // bottom-up files themselves; stbi_set_flip_vertically_on_load is never set).
    image.pixels = format == SWIVEL_STB_BMP
        ? stbi__bmp_load(&context, &image.width, &image.height, &channels, image.channels, &result)
        : stbi__tga_load(&context, &image.width, &image.height, &channels, image.channels, &result);
    image.truncated = state.truncated;
    if (!image.pixels) image.reason = stbi__g_failure_reason ? stbi__g_failure_reason : "cannot decode";
    return image;
}

void swivel_stb_free(unsigned char *pixels) { stbi_image_free(pixels); }

int swivel_stb_max_dimension(void) { return STBI_MAX_DIMENSIONS; }
