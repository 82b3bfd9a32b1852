/* cmyk-jxl OUT.jxl PROFILE.icc WIDTH HEIGHT C M Y K [ALPHA]: a lossless JPEG XL of one CMYK colour
   through libjxl's encoder (cjxl 0.7 reads no CMYK input). Inks are 0-255, 255 = full ink, and are
   stored as JPEG XL keeps them, inverted (255 = no ink); black is an extra channel of type
   JXL_CHANNEL_BLACK, the profile the CMYK ICC profile. For CMYKTests. */
#include <jxl/encode.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
int main(int argc, char **argv) {
    if (argc < 9) return 2;
    FILE *f = fopen(argv[2], "rb"); if (!f) return 3;
    fseek(f, 0, SEEK_END); long n = ftell(f); fseek(f, 0, SEEK_SET);
    unsigned char *icc = malloc(n); if (fread(icc, 1, n, f) != (size_t)n) return 3; fclose(f);
    int w = atoi(argv[3]), h = atoi(argv[4]), alpha = argc > 9;
    int channels = alpha ? 4 : 3;
    unsigned char *colour = malloc((size_t)w * h * channels), *black = malloc((size_t)w * h);
    for (int i = 0; i < w * h; i++) {
        for (int c = 0; c < 3; c++) colour[i * channels + c] = 255 - atoi(argv[5 + c]);
        if (alpha) colour[i * channels + 3] = atoi(argv[9]);
        black[i] = 255 - atoi(argv[8]);
    }
    JxlEncoder *enc = JxlEncoderCreate(NULL);
    JxlBasicInfo info; JxlEncoderInitBasicInfo(&info);
    info.xsize = w; info.ysize = h; info.bits_per_sample = 8; info.num_color_channels = 3;
    info.num_extra_channels = 1 + alpha; info.uses_original_profile = JXL_TRUE;
    if (alpha) { info.alpha_bits = 8; }
    if (JxlEncoderSetBasicInfo(enc, &info) != JXL_ENC_SUCCESS) { fprintf(stderr, "basic info\n"); return 4; }
    JxlExtraChannelInfo k; JxlEncoderInitExtraChannelInfo(JXL_CHANNEL_BLACK, &k);
    k.bits_per_sample = 8;
    if (JxlEncoderSetExtraChannelInfo(enc, alpha ? 1 : 0, &k) != JXL_ENC_SUCCESS) { fprintf(stderr, "black info\n"); return 4; }
    if (alpha) {
        JxlExtraChannelInfo a; JxlEncoderInitExtraChannelInfo(JXL_CHANNEL_ALPHA, &a); a.bits_per_sample = 8;
        if (JxlEncoderSetExtraChannelInfo(enc, 0, &a) != JXL_ENC_SUCCESS) { fprintf(stderr, "alpha info\n"); return 4; }
    }
    if (JxlEncoderSetICCProfile(enc, icc, n) != JXL_ENC_SUCCESS) { fprintf(stderr, "icc\n"); return 4; }
    JxlEncoderFrameSettings *settings = JxlEncoderFrameSettingsCreate(enc, NULL);
    JxlEncoderSetFrameLossless(settings, JXL_TRUE);
    JxlPixelFormat format = {channels, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    JxlPixelFormat one = {1, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0};
    if (JxlEncoderAddImageFrame(settings, &format, colour, (size_t)w * h * channels) != JXL_ENC_SUCCESS) { fprintf(stderr, "frame\n"); return 4; }
    if (JxlEncoderSetExtraChannelBuffer(settings, &one, black, (size_t)w * h, alpha ? 1 : 0) != JXL_ENC_SUCCESS) { fprintf(stderr, "black buffer\n"); return 4; }
    JxlEncoderCloseInput(enc);
    size_t cap = 1 << 20, used = 0; unsigned char *out = malloc(cap);
    for (;;) {
        unsigned char *next = out + used; size_t avail = cap - used;
        JxlEncoderStatus s = JxlEncoderProcessOutput(enc, &next, &avail);
        used = next - out;
        if (s == JXL_ENC_SUCCESS) break;
        if (s != JXL_ENC_NEED_MORE_OUTPUT) { fprintf(stderr, "encode %d\n", JxlEncoderGetError(enc)); return 5; }
        cap *= 2; out = realloc(out, cap);
    }
    FILE *o = fopen(argv[1], "wb"); fwrite(out, 1, used, o); fclose(o);
    JxlEncoderDestroy(enc);
    return 0;
}
