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
/// What the photo information overlay shows of an EXIF block. Text fields are NUL-terminated
/// (cut to fit); a number is present when its `has_` flag is 1.
typedef struct SwivelExifDetails {
    char make[64], model[96], lens[128];
    char date_taken[20];
    int has_f_number, has_exposure, has_focal_length, has_iso, has_focal_length_35mm;
    unsigned int f_number[2], exposure[2], focal_length[2];   /* numerator, denominator */
    unsigned int iso, focal_length_35mm;
    int orientation;
} SwivelExifDetails;

static inline void swivel_exif_copy_text(ExifContent *ifd, ExifTag tag, char *out, size_t size) {
    ExifEntry *entry = exif_content_get_entry(ifd, tag);
    if (!entry || entry->format != EXIF_FORMAT_ASCII || !entry->data || entry->size == 0) return;
    size_t count = entry->size < size - 1 ? entry->size : size - 1;
    memcpy(out, entry->data, count);
    out[count] = 0;
}

static inline int swivel_exif_rational(ExifContent *ifd, ExifTag tag, ExifByteOrder order, unsigned int out[2]) {
    ExifEntry *entry = exif_content_get_entry(ifd, tag);
    if (!entry || entry->format != EXIF_FORMAT_RATIONAL || entry->components < 1 || entry->size < 8 || !entry->data)
        return 0;
    ExifRational value = exif_get_rational(entry->data, order);
    if (value.denominator == 0) return 0;
    out[0] = value.numerator;
    out[1] = value.denominator;
    return 1;
}

/// A SHORT or LONG (writers differ: ISO is SHORT in EXIF 2.3, some write LONG).
static inline int swivel_exif_integer(ExifContent *ifd, ExifTag tag, ExifByteOrder order, unsigned int *out) {
    ExifEntry *entry = exif_content_get_entry(ifd, tag);
    if (!entry || entry->components < 1 || !entry->data) return 0;
    if (entry->format == EXIF_FORMAT_SHORT && entry->size >= 2) *out = exif_get_short(entry->data, order);
    else if (entry->format == EXIF_FORMAT_LONG && entry->size >= 4) *out = exif_get_long(entry->data, order);
    else return 0;
    return 1;
}

/// Make, Model (IFD0), DateTimeOriginal, FNumber, ExposureTime, FocalLength,
/// FocalLengthIn35mmFilm, ISO (PhotographicSensitivity) and LensModel (EXIF IFD), Orientation.
static inline void swivel_exif_details(const unsigned char *bytes, unsigned int size, SwivelExifDetails *out) {
    memset(out, 0, sizeof *out);
    ExifData *data = swivel_exif_load(bytes, size);
    if (!data) return;
    ExifByteOrder order = exif_data_get_byte_order(data);
    ExifContent *ifd0 = data->ifd[EXIF_IFD_0], *exif = data->ifd[EXIF_IFD_EXIF];
    swivel_exif_copy_text(ifd0, EXIF_TAG_MAKE, out->make, sizeof out->make);
    swivel_exif_copy_text(ifd0, EXIF_TAG_MODEL, out->model, sizeof out->model);
    swivel_exif_copy_text(exif, EXIF_TAG_LENS_MODEL, out->lens, sizeof out->lens);
    swivel_exif_copy_text(exif, EXIF_TAG_DATE_TIME_ORIGINAL, out->date_taken, sizeof out->date_taken);
    out->has_f_number = swivel_exif_rational(exif, EXIF_TAG_FNUMBER, order, out->f_number);
    out->has_exposure = swivel_exif_rational(exif, EXIF_TAG_EXPOSURE_TIME, order, out->exposure);
    out->has_focal_length = swivel_exif_rational(exif, EXIF_TAG_FOCAL_LENGTH, order, out->focal_length);
    out->has_iso = swivel_exif_integer(exif, EXIF_TAG_ISO_SPEED_RATINGS, order, &out->iso);
    out->has_focal_length_35mm = swivel_exif_integer(exif, EXIF_TAG_FOCAL_LENGTH_IN_35MM_FILM, order,
                                                     &out->focal_length_35mm);
    unsigned int orientation = 0;
    if (swivel_exif_integer(ifd0, EXIF_TAG_ORIENTATION, order, &orientation) && orientation >= 1 && orientation <= 8)
        out->orientation = (int)orientation;
    exif_data_unref(data);
}
#endif
