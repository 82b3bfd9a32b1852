// stb_image (the header of Debian's libstb-dev, compiled here) for BMP and TGA.
//
// Compiled in rather than linked from Debian's libstb.so.0: that library is built with every
// reader (JPEG, PNG, GIF, PSD, PIC, HDR, PNM too), with the size limit fixed at 1 << 24 a side.
// Here only the two readers Swivel uses exist and the limit is Swivel's own. The code is small
// (about 20 KB of machine code), so it is linked into the program, not loaded lazily.

#include "stb_image_reader.h"

#include <errno.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

// stb_image's allocations during one decode on this thread, so that a cancelled decode can
// longjmp out of its reader (from the read callback) and free what it had made: the BMP and TGA
// readers hold at most three blocks at once (the image, a TGA's palette, a converted copy).
#define TRACKED_BLOCKS 8
typedef struct {
    void *blocks[TRACKED_BLOCKS];
    /// A block could not be remembered (never expected): a cancel then waits for the decode.
    int overflowed;
} tracked_blocks;
static _Thread_local tracked_blocks *tracking;

static void remember(void *block) {
    if (!tracking || !block) return;
    for (int i = 0; i < TRACKED_BLOCKS; i++) {
        if (!tracking->blocks[i]) { tracking->blocks[i] = block; return; }
    }
    tracking->overflowed = 1;
}

static void forget(void *block) {
    if (!tracking || !block) return;
    for (int i = 0; i < TRACKED_BLOCKS; i++) {
        if (tracking->blocks[i] == block) { tracking->blocks[i] = NULL; return; }
    }
}

static void *tracked_malloc(size_t size) {
    void *block = malloc(size);
    remember(block);
    return block;
}

static void *tracked_realloc(void *block, size_t size) {
    void *moved = realloc(block, size);
    if (moved) { forget(block); remember(moved); }
    return moved;
}

static void tracked_free(void *block) {
    forget(block);
    free(block);
}

#define STBI_MALLOC(size) tracked_malloc(size)
#define STBI_REALLOC(block, size) tracked_realloc(block, size)
#define STBI_FREE(block) tracked_free(block)

// Only the formats routed here; no stdio (the file is read through callbacks), no float/HDR output.
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

// The file's bytes beyond `head` are read with pread in blocks of this many.
#define TAIL_BLOCK (64 * 1024)

/// The bytes being decoded (`head`, then the file from `tail_offset` on) and what the reader
/// asked of them.
typedef struct {
    const swivel_stb_input *input;
    size_t size;       // head + tail
    size_t position;   // in head + tail
    /// The block of the tail last read: bytes block_start ..< block_start + block_filled of the tail.
    size_t block_start, block_filled;
    int read_errno;
    /// Set before the loader runs: a cancel longjmps here (when every block is tracked).
    jmp_buf *cancel_jump;
    int cancelled;
    /// The reader's own small buffer (stbi__context.buffer_start), which it refills when it needs
    /// its next byte.
    const char *refill_buffer;
    int truncated;
    unsigned char block[TAIL_BLOCK];   // last: `start` zeroes only what comes before it
} reader_state;

// stb_image reads through two paths: it refills its own buffer when it needs the next byte (a
// refill that finds nothing left means it wanted a byte the file does not have; a short one is
// just the file's last bytes), and it reads long runs (uncompressed rows, palettes) straight into
// place (any shortfall there is missing data). Either means the file is cut short; stb_image
// itself goes on with zeros, or leaves the rest of a row unwritten, so the caller is told.
// A cancel (asked at every read: stb_image reads 128 bytes at a time) gives no more bytes:
// longjmps out of the loader when its blocks are all tracked, else reads as the end of the file,
// after which stb_image runs through the rest of its pixels on zeros without reading.
static size_t copy_bytes(reader_state *state, char *into, size_t count) {
    const swivel_stb_input *input = state->input;
    if (input->is_cancelled && input->is_cancelled(input->cancel_context)) {
        state->cancelled = 1;
        if (state->cancel_jump && !(tracking && tracking->overflowed)) longjmp(*state->cancel_jump, 1);
        return 0;
    }
    size_t copied = 0;
    while (copied < count) {
        size_t at = state->position + copied;
        if (at < input->head_size) {
            size_t take = input->head_size - at < count - copied ? input->head_size - at : count - copied;
            memcpy(into + copied, input->head + at, take);
            copied += take;
            continue;
        }
        size_t tail_at = at - input->head_size;
        if (tail_at < state->block_start || tail_at >= state->block_start + state->block_filled) {
            ssize_t got;
            do {
                got = pread(input->descriptor, state->block, TAIL_BLOCK, (off_t)(input->tail_offset + tail_at));
            } while (got < 0 && errno == EINTR);
            if (got <= 0) {
                if (got < 0) state->read_errno = errno;
                break;
            }
            state->block_start = tail_at;
            state->block_filled = (size_t)got;
        }
        size_t offset = tail_at - state->block_start;
        size_t take = state->block_filled - offset < count - copied ? state->block_filled - offset : count - copied;
        memcpy(into + copied, state->block + offset, take);
        copied += take;
    }
    return copied;
}

static int read_bytes(void *user, char *into, int size) {
    reader_state *state = user;
    if (size <= 0) return 0;
    size_t left = state->size - state->position;
    size_t wanted = (size_t)size < left ? (size_t)size : left;
    size_t count = copy_bytes(state, into, wanted);
    if (state->cancelled) return 0;
    if (into == state->refill_buffer ? count == 0 : count < (size_t)size) state->truncated = 1;
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

static void start(stbi__context *context, reader_state *state, const swivel_stb_input *input) {
    static const stbi_io_callbacks callbacks = { read_bytes, skip_bytes, at_end };
    memset(state, 0, offsetof(reader_state, block));
    state->input = input;
    state->size = input->head_size + input->tail_size;
    state->refill_buffer = (const char *)context->buffer_start;
    stbi__start_callbacks(context, (stbi_io_callbacks *)&callbacks, state);
}

int swivel_stb_info(swivel_stb_format format, const swivel_stb_input *input,
                    int *width, int *height, int *channels, const char **reason) {
    stbi__context context;
    reader_state *state = malloc(sizeof *state);
    if (!state) { *reason = "out of memory"; return 0; }
    if (input->head_size + input->tail_size > INT32_MAX) { free(state); *reason = "file too large"; return 0; }
    start(&context, state, input);
    stbi__g_failure_reason = NULL;
    int known = format == SWIVEL_STB_BMP ? stbi__bmp_info(&context, width, height, channels)
              : format == SWIVEL_STB_TGA ? stbi__tga_info(&context, width, height, channels) : 0;
    free(state);
    if (known) return 1;
    // The info readers say why only for some refusals; the others leave the general message.
    *reason = stbi__g_failure_reason ? stbi__g_failure_reason
            : format == SWIVEL_STB_BMP ? "BMP type not supported" : "TGA type not supported";
    return 0;
}

// The loader's run, with the jump buffer a cancel lands in. The state it fills is the caller's,
// so a longjmp leaves nothing indeterminate here that is used after.
static void load(swivel_stb_format format, stbi__context *context, reader_state *state, swivel_stb_image *image,
                 stbi__result_info *result) {
    jmp_buf jump;
    if (setjmp(jump)) {
        image->pixels = NULL;
        return;
    }
    state->cancel_jump = &jump;
    int channels = 0;
    // Both readers make 8-bit samples, top row first, converted to `image.channels` (they flip
    // bottom-up files themselves; stbi_set_flip_vertically_on_load is never set).
    image->pixels = format == SWIVEL_STB_BMP
        ? stbi__bmp_load(context, &image->width, &image->height, &channels, image->channels, result)
        : stbi__tga_load(context, &image->width, &image->height, &channels, image->channels, result);
    state->cancel_jump = NULL;
}

swivel_stb_image swivel_stb_decode(swivel_stb_format format, const swivel_stb_input *input) {
    swivel_stb_image image = { 0 };
    int width = 0, height = 0, channels = 0;
    if (!swivel_stb_info(format, input, &width, &height, &channels, &image.reason)) return image;
    image.channels = channels == 2 || channels == 4 ? 4 : 3;

    stbi__context context;
    reader_state *state = malloc(sizeof *state);
    if (!state) { image.reason = "out of memory"; return image; }
    stbi__result_info result;
    memset(&result, 0, sizeof result);
    result.bits_per_channel = 8;
    start(&context, state, input);
    stbi__g_failure_reason = NULL;
    tracked_blocks blocks = { { 0 }, 0 };
    tracking = &blocks;
    load(format, &context, state, &image, &result);
    tracking = NULL;
    if (state->cancelled) {
        // Whatever the loader had allocated, the image included (a loader that finished after
        // the cancel read zeros: its image is not wanted either).
        for (int i = 0; i < TRACKED_BLOCKS; i++) free(blocks.blocks[i]);
        image.pixels = NULL;
        image.cancelled = 1;
    }
    image.truncated = state->truncated;
    image.read_errno = state->read_errno;
    if (!image.pixels && !image.cancelled) image.reason = stbi__g_failure_reason ? stbi__g_failure_reason : "cannot decode";
    free(state);
    return image;
}

void swivel_stb_free(unsigned char *pixels) { stbi_image_free(pixels); }

int swivel_stb_max_dimension(void) { return STBI_MAX_DIMENSIONS; }
