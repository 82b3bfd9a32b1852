#ifndef SWIVEL_CWEBP_SHIM_H
#define SWIVEL_CWEBP_SHIM_H
// libwebp's decoder and its demuxer (libwebpdemux: containers, animation).
//
// Some of the functions Swift calls are static inline wrappers that pass the header's ABI version
// on to an exported function: WebPGetFeatures -> WebPGetFeaturesInternal, WebPInitDecoderConfig ->
// WebPInitDecoderConfigInternal, WebPDemuxPartial -> WebPDemuxInternal, WebPAnimDecoderOptionsInit
// -> WebPAnimDecoderOptionsInitInternal, WebPAnimDecoderNew -> WebPAnimDecoderNewInternal, and libwebpmux's WebPMuxCreate -> WebPMuxCreateInternal. Naming
// the exported ones here lets scripts/gen-lazy-libraries.py (which looks for the names used in
// Sources) give them their lazily loading definitions.
#include <webp/decode.h>
#include <webp/demux.h>
// libwebpmux: a file's chunks read and written again (the EXIF chunk of a turn).
#include <webp/mux.h>
#endif
