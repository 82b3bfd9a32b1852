#ifndef SWIVEL_CEXIF_SHIM_H
#define SWIVEL_CEXIF_SHIM_H
#include <libexif/exif-data.h>
#include <libexif/exif-utils.h>
#include <stdlib.h>
#include <string.h>

// Two questions Swivel asks of an EXIF block, answered with libexif (which bounds-checks every
// offset and count and stops IFD loops and runaway recursion). `bytes` is an APP1-style payload
// ("Exif\0\0" then a TIFF structure) or a bare TIFF structure ("II*\0" / "MM\0*").
// The options libexif sets by default make it "fix" the data to the standard, adding missing
// entries: wasted work here, so they are cleared.

static inline ExifData *swivel_exif_load(const unsigned char *bytes, unsigned int size) {
    ExifData *data = exif_data_new();
    if (!data) return NULL;
    exif_data_unset_option(data, EXIF_DATA_OPTION_FOLLOW_SPECIFICATION);
    exif_data_unset_option(data, EXIF_DATA_OPTION_IGNORE_UNKNOWN_TAGS);
    exif_data_load_data(data, bytes, size);
    return data;
}

/// The Orientation tag of IFD0 (1-8), or 0 when it is missing or out of range.
static inline int swivel_exif_orientation(const unsigned char *bytes, unsigned int size) {
    ExifData *data = swivel_exif_load(bytes, size);
    if (!data) return 0;
    int value = 0;
    ExifEntry *entry = exif_content_get_entry(data->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->size >= 2 && entry->data) {
        int v = exif_get_short(entry->data, exif_data_get_byte_order(data));
        if (v >= 1 && v <= 8) value = v;
    }
    exif_data_unref(data);
    return value;
}

/// DateTimeOriginal of the EXIF IFD, "YYYY:MM:DD HH:MM:SS", copied into `out` (20 bytes with the
/// terminating zero); 1 when found, else 0.
static inline int swivel_exif_date_taken(const unsigned char *bytes, unsigned int size, char out[20]) {
    ExifData *data = swivel_exif_load(bytes, size);
    if (!data) return 0;
    int found = 0;
    ExifEntry *entry = exif_content_get_entry(data->ifd[EXIF_IFD_EXIF], EXIF_TAG_DATE_TIME_ORIGINAL);
    if (entry && entry->format == EXIF_FORMAT_ASCII && entry->data && entry->size >= 19) {
        memcpy(out, entry->data, 19);
        out[19] = 0;
        found = 1;
    }
    exif_data_unref(data);
    return found;
}
#endif
