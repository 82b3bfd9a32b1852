#ifndef SWIVEL_CEXEMPI_SHIM_H
#define SWIVEL_CEXEMPI_SHIM_H
// exempi 2.6 (the XMP toolkit's C API): a photo's rating and label read from an XMP packet, and a
// sidecar's packet with them set, every other property and namespace kept. From bytes only:
// exempi's xmp_files_* API opens files by path, which a decoder worker cannot do (it has
// descriptors and no open), so the worker reads the packet from its descriptor (a sidecar whole,
// or the packet found in the photo's container: PhotoXMP.swift) and parses it here with xmp_new.
// No link line: its functions come from Sources/LazyLibraries, loaded on first use.
#include <exempi-2.0/exempi/xmp.h>
#include <string.h>

// The xmp namespace (Adobe's XMP specification, part 1, 8.4): NS_XAP in xmpconsts.h, which is
// data, not a function the lazy loader could resolve, so it is spelt out here.
#define SWIVEL_XMP_NS "http://ns.adobe.com/xap/1.0/"

/// Initialises the toolkit (xmp_init, which every other call needs); 1 on success.
static inline int swivel_xmp_start(void) { return xmp_init() ? 1 : 0; }

/// What a packet says: `*has_rating` 1 with `*rating` (as written, −1…5; a value exempi reads as
/// no integer leaves it 0), `*has_label` 1 with the label copied into `label` (cut to
/// `label_size` − 1 bytes). Returns 1 when the packet parsed, 0 when exempi refused it.
static inline int swivel_xmp_read(const char *bytes, size_t length, int *has_rating, int *rating,
                                  int *has_label, char *label, size_t label_size) {
    *has_rating = 0;
    *has_label = 0;
    *rating = 0;
    if (label_size > 0) label[0] = 0;
    XmpPtr xmp = xmp_new(bytes, length);
    if (!xmp) return 0;
    XmpStringPtr value = xmp_string_new();
    uint32_t options = 0;
    if (xmp_get_property(xmp, SWIVEL_XMP_NS, "Rating", value, &options)) {
        const char *text = xmp_string_cstr(value);
        char *end = NULL;
        // Lightroom writes integers; the spec allows reals ("xmp:Rating is a Real"): 2.0 is 2.
        double number = strtod(text, &end);
        if (end != text) {
            *has_rating = 1;
            *rating = number < -1 ? -1 : number > 5 ? 5 : (int)(number < 0 ? -1 : number + 0.5);
        }
    }
    if (xmp_get_property(xmp, SWIVEL_XMP_NS, "Label", value, &options)) {
        const char *text = xmp_string_cstr(value);
        size_t count = strlen(text);
        if (count > 0 && label_size > 0) {
            if (count > label_size - 1) count = label_size - 1;
            memcpy(label, text, count);
            label[count] = 0;
            *has_label = 1;
        }
    }
    xmp_string_free(value);
    xmp_free(xmp);
    return 1;
}

/// The packet `bytes` (NULL or empty: a new one) with xmp:Rating set to `rating` (when
/// `set_rating`) and xmp:Label to `label` (when `set_label`; NULL or empty: removed), serialized as UTF-8 into a new string (the caller frees it
/// with xmp_string_free), without the packet wrapper unless `wrapper`. NULL when the packet does
/// not parse (a damaged sidecar is left as it is, not replaced) or exempi fails.
static inline XmpStringPtr swivel_xmp_merge(const char *bytes, size_t length, int set_rating, int rating,
                                            int set_label, const char *label, int wrapper) {
    XmpPtr xmp = length > 0 ? xmp_new(bytes, length) : xmp_new_empty();
    if (!xmp) return NULL;
    char number[8];
    number[0] = rating < 0 ? '-' : (char)('0' + (rating > 5 ? 5 : rating));
    number[1] = rating < 0 ? '1' : 0;
    number[2] = 0;
    int ok = !set_rating || xmp_set_property(xmp, SWIVEL_XMP_NS, "Rating", number, 0);
    if (!set_label) {
    } else if (ok && label && label[0]) {
        ok = xmp_set_property(xmp, SWIVEL_XMP_NS, "Label", label, 0);
    } else if (ok && xmp_has_property(xmp, SWIVEL_XMP_NS, "Label")) {
        ok = xmp_delete_property(xmp, SWIVEL_XMP_NS, "Label");
    }
    XmpStringPtr out = ok ? xmp_string_new() : NULL;
    if (out && !xmp_serialize_and_format(xmp, out, wrapper ? 0 : XMP_SERIAL_OMITPACKETWRAPPER, 0, "\n", " ", 0)) {
        xmp_string_free(out);
        out = NULL;
    }
    xmp_free(xmp);
    return out;
}
#endif
