// Which system calls the photo libraries make once a process is confined as Swivel's decoder
// workers are to be (docs/design.md, "Decoders in a box"): no_new_privs, Landlock with no file
// access, and a seccomp allow-list whose default is a trap that names the call. A measuring tool,
// not part of the app; C because it calls each library directly, the app's Swift decoders aside.
// Needs libseccomp-dev besides the app's packages.
//
//   cc -O1 -o /tmp/confined-decode-probe scripts/confined-decode-probe.c $(pkg-config --cflags SDL2_image) \
//      -lseccomp -lturbojpeg -lheif -lavif -ljxl -ljxl_threads -lwebp -lpng16 -ltiff -lgif -llcms2 \
//      -lexif -lSDL2_image -lSDL2
//   /tmp/confined-decode-probe MODE 3< FILE
//     MODE: jpeg heif avif jxl webp png tiff gif svg lcms exif (decode FILE with that library),
//           nproc (glibc's processor count), open (/etc/passwd), exec (/bin/true).
//     NOCONFINE=1 in the environment: the same without confinement, to compare.
//   Built with -DCONFINE_AT_LOAD -shared -fPIC instead, it is a library whose constructor confines
//   whatever process preloads it (LD_PRELOAD=/tmp/probe.so swivel --version): the calls a program
//   makes, before and after its main, under the same filter.
// Out, on stderr: "MODE WxH confine MS ms decode MS ms" and exit 0; the library's error and exit 3;
// or "forbidden syscall N (NAME)" and exit 99. "probe PATH answered ENOENT": glibc's processor
// count looking in /sys and /proc, answered so that it falls back to sched_getaffinity.
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <linux/landlock.h>
#include <seccomp.h>
#include <signal.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>
#include <turbojpeg.h>
#include <libheif/heif.h>
#include <avif/avif.h>
#include <jxl/decode.h>
#include <jxl/thread_parallel_runner.h>
#include <webp/decode.h>
#include <png.h>
#include <tiffio.h>
#include <gif_lib.h>
#include <SDL2/SDL_image.h>
#include <lcms2.h>
#include <libexif/exif-data.h>

#include <ucontext.h>
static void on_sigsys(int sig, siginfo_t *info, void *ctx) {
    char line[160];
    if (info->si_syscall == SYS_openat) {
        ucontext_t *uc = ctx;
        const char *path = (const char *)uc->uc_mcontext.gregs[REG_RSI];
        if (!strncmp(path, "/sys/devices/system/cpu/", 24) || !strcmp(path, "/proc/stat")) {
            int n = snprintf(line, sizeof line, "probe %s answered ENOENT\n", path); write(2, line, n);
            uc->uc_mcontext.gregs[REG_RAX] = -ENOENT; return;
        }
        int n = snprintf(line, sizeof line, "openat %s\n", path); write(2, line, n);
    }
    int n = snprintf(line, sizeof line, "forbidden syscall %d (%s)\n", info->si_syscall,
                     seccomp_syscall_resolve_num_arch(SCMP_ARCH_NATIVE, info->si_syscall) ?: "?");
    write(2, line, n);
    _exit(99);
}

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec / 1e9; }

static int confine(void) {
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0)) return -1;
    struct landlock_ruleset_attr attr = { .handled_access_fs =
        LANDLOCK_ACCESS_FS_EXECUTE | LANDLOCK_ACCESS_FS_WRITE_FILE | LANDLOCK_ACCESS_FS_READ_FILE |
        LANDLOCK_ACCESS_FS_READ_DIR | LANDLOCK_ACCESS_FS_REMOVE_DIR | LANDLOCK_ACCESS_FS_REMOVE_FILE |
        LANDLOCK_ACCESS_FS_MAKE_CHAR | LANDLOCK_ACCESS_FS_MAKE_DIR | LANDLOCK_ACCESS_FS_MAKE_REG |
        LANDLOCK_ACCESS_FS_MAKE_SOCK | LANDLOCK_ACCESS_FS_MAKE_FIFO | LANDLOCK_ACCESS_FS_MAKE_BLOCK |
        LANDLOCK_ACCESS_FS_MAKE_SYM | LANDLOCK_ACCESS_FS_REFER };
    int rs = syscall(SYS_landlock_create_ruleset, &attr, sizeof attr, 0);
    if (rs < 0) { perror("landlock"); } else { if (syscall(SYS_landlock_restrict_self, rs, 0)) perror("restrict"); close(rs); }
    struct sigaction sa = { .sa_sigaction = on_sigsys, .sa_flags = SA_SIGINFO };
    sigaction(SIGSYS, &sa, NULL);
    scmp_filter_ctx ctx = seccomp_init(SCMP_ACT_TRAP);
    int allowed[] = { SCMP_SYS(read), SCMP_SYS(pread64), SCMP_SYS(readv), SCMP_SYS(write), SCMP_SYS(lseek), SCMP_SYS(fstat), SCMP_SYS(newfstatat),
        SCMP_SYS(mmap), SCMP_SYS(munmap), SCMP_SYS(mremap), SCMP_SYS(mprotect), SCMP_SYS(brk), SCMP_SYS(madvise),
        SCMP_SYS(futex), SCMP_SYS(clock_gettime), SCMP_SYS(exit), SCMP_SYS(exit_group), SCMP_SYS(close),
        SCMP_SYS(rt_sigreturn), SCMP_SYS(rt_sigprocmask), SCMP_SYS(memfd_create), SCMP_SYS(ftruncate), SCMP_SYS(fcntl),
        SCMP_SYS(sched_yield), SCMP_SYS(gettid), SCMP_SYS(getpid), SCMP_SYS(set_robust_list), SCMP_SYS(rseq),
        SCMP_SYS(sched_getaffinity), SCMP_SYS(getrandom), SCMP_SYS(prlimit64), SCMP_SYS(nanosleep), SCMP_SYS(clock_nanosleep), SCMP_SYS(sysinfo) };
    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(prctl), 1, SCMP_A0(SCMP_CMP_EQ, PR_SET_NAME));
    for (size_t i = 0; i < sizeof allowed / sizeof *allowed; i++) seccomp_rule_add(ctx, SCMP_ACT_ALLOW, allowed[i], 0);
    // threads only: clone with CLONE_THREAD; clone3 answered ENOSYS so glibc falls back to clone
    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(clone), 1, SCMP_A0(SCMP_CMP_MASKED_EQ, CLONE_THREAD, CLONE_THREAD));
    seccomp_rule_add(ctx, SCMP_ACT_ERRNO(ENOSYS), SCMP_SYS(clone3), 0);
    seccomp_rule_add(ctx, SCMP_ACT_KILL_PROCESS, SCMP_SYS(rt_sigaction), 1, SCMP_A0(SCMP_CMP_EQ, SIGSYS));
    seccomp_rule_add(ctx, SCMP_ACT_ALLOW, SCMP_SYS(rt_sigaction), 0);
    int rc = seccomp_load(ctx);
    seccomp_release(ctx);
    return rc;
}

#ifdef CONFINE_AT_LOAD
__attribute__((constructor)) static void confine_at_load(void) {
    tzset();
    if (confine()) { fprintf(stderr, "confine failed\n"); _exit(2); }
}
#else
int main(int argc, char **argv) {
    double t0 = now();
    const char *mode = argv[1];
    if (!strcmp(mode, "heif")) { heif_init(NULL); }
    tzset();
    if (!getenv("NOCONFINE") && confine()) { fprintf(stderr, "confine failed\n"); return 2; }
    double t1 = now();
    struct stat st; fstat(3, &st);
    unsigned char *bytes = mmap(NULL, st.st_size, PROT_READ, MAP_PRIVATE, 3, 0);
    int w = 0, h = 0; size_t outsize = 0; int mfd = memfd_create("pixels", MFD_ALLOW_SEALING | MFD_CLOEXEC);
    if (!strcmp(mode, "jpeg")) {
        tjhandle tj = tjInitDecompress(); int ss, cs;
        if (tjDecompressHeader3(tj, bytes, st.st_size, &w, &h, &ss, &cs)) { fprintf(stderr, "%s\n", tjGetErrorStr2(tj)); return 3; }
        outsize = (size_t)w * h * 4; ftruncate(mfd, outsize);
        unsigned char *out = mmap(NULL, outsize, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0);
        if (tjDecompress2(tj, bytes, st.st_size, out, w, 0, h, TJPF_RGBA, 0)) { fprintf(stderr, "%s\n", tjGetErrorStr2(tj)); return 3; }
    } else if (!strcmp(mode, "heif")) {
        struct heif_context *c = heif_context_alloc();
        struct heif_error e = heif_context_read_from_memory_without_copy(c, bytes, st.st_size, NULL);
        if (e.code) { fprintf(stderr, "%s\n", e.message); return 3; }
        struct heif_image_handle *hd; heif_context_get_primary_image_handle(c, &hd);
        struct heif_image *img; e = heif_decode_image(hd, &img, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL);
        if (e.code) { fprintf(stderr, "%s\n", e.message); return 3; }
        w = heif_image_get_width(img, heif_channel_interleaved); h = heif_image_get_height(img, heif_channel_interleaved);
        outsize = (size_t)w * h * 4; ftruncate(mfd, outsize);
    } else if (!strcmp(mode, "avif")) {
        avifDecoder *d = avifDecoderCreate(); d->maxThreads = 2;
        avifResult r = avifDecoderSetIOMemory(d, bytes, st.st_size);
        if (r == AVIF_RESULT_OK) r = avifDecoderParse(d);
        if (r == AVIF_RESULT_OK) r = avifDecoderNextImage(d);
        if (r != AVIF_RESULT_OK) { fprintf(stderr, "avif: %s\n", avifResultToString(r)); return 3; }
        w = d->image->width; h = d->image->height;
    } else if (!strcmp(mode, "jxl")) {
        void *runner = JxlThreadParallelRunnerCreate(NULL, JxlThreadParallelRunnerDefaultNumWorkerThreads());
        JxlDecoder *d = JxlDecoderCreate(NULL);
        JxlDecoderSetParallelRunner(d, JxlThreadParallelRunner, runner);
        JxlDecoderSubscribeEvents(d, JXL_DEC_BASIC_INFO | JXL_DEC_FULL_IMAGE);
        JxlDecoderSetInput(d, bytes, st.st_size); JxlDecoderCloseInput(d);
        JxlPixelFormat f = {4, JXL_TYPE_UINT8, JXL_NATIVE_ENDIAN, 0}; unsigned char *out = NULL;
        for (;;) { JxlDecoderStatus s = JxlDecoderProcessInput(d);
            if (s == JXL_DEC_BASIC_INFO) { JxlBasicInfo i; JxlDecoderGetBasicInfo(d, &i); w = i.xsize; h = i.ysize; }
            else if (s == JXL_DEC_NEED_IMAGE_OUT_BUFFER) { size_t n; JxlDecoderImageOutBufferSize(d, &f, &n); ftruncate(mfd, n);
                out = mmap(NULL, n, PROT_READ | PROT_WRITE, MAP_SHARED, mfd, 0); JxlDecoderSetImageOutBuffer(d, &f, out, n); }
            else if (s == JXL_DEC_FULL_IMAGE || s == JXL_DEC_SUCCESS) break;
            else { fprintf(stderr, "jxl status %d\n", s); return 3; } }
    } else if (!strcmp(mode, "webp")) {
        unsigned char *p = WebPDecodeRGBA(bytes, st.st_size, &w, &h); if (!p) return 3;
    } else if (!strcmp(mode, "png")) {
        png_image im = { .version = PNG_IMAGE_VERSION };
        if (!png_image_begin_read_from_memory(&im, bytes, st.st_size)) { fprintf(stderr, "%s\n", im.message); return 3; }
        im.format = PNG_FORMAT_RGBA; w = im.width; h = im.height; void *out = malloc(PNG_IMAGE_SIZE(im));
        if (!png_image_finish_read(&im, NULL, out, 0, NULL)) { fprintf(stderr, "%s\n", im.message); return 3; }
    } else if (!strcmp(mode, "tiff")) {
        TIFF *t = TIFFFdOpen(3, "file", "r"); if (!t) return 3;
        uint32_t tw, th; TIFFGetField(t, TIFFTAG_IMAGEWIDTH, &tw); TIFFGetField(t, TIFFTAG_IMAGELENGTH, &th); w = tw; h = th;
        uint32_t *out = malloc((size_t)tw * th * 4); if (!TIFFReadRGBAImageOriented(t, tw, th, out, ORIENTATION_TOPLEFT, 0)) return 3;
    } else if (!strcmp(mode, "gif")) {
        int err; GifFileType *g = DGifOpenFileHandle(3, &err); if (!g || DGifSlurp(g) != GIF_OK) return 3; w = g->SWidth; h = g->SHeight;
    } else if (!strcmp(mode, "lcms")) {
        cmsHPROFILE a = cmsCreate_sRGBProfile(), b = cmsCreate_sRGBProfile();
        cmsHTRANSFORM x = cmsCreateTransform(a, TYPE_RGBA_8, b, TYPE_RGBA_8, INTENT_PERCEPTUAL, 0); unsigned char px[4] = {1,2,3,4}; cmsDoTransform(x, px, px, 1);
    } else if (!strcmp(mode, "exif")) {
        ExifData *e = exif_data_new_from_data(bytes, st.st_size < 65536 ? st.st_size : 65536); if (e) exif_data_unref(e);
    } else if (!strcmp(mode, "svg")) {
        SDL_Surface *sf = IMG_LoadSVG_RW(SDL_RWFromConstMem(bytes, st.st_size)); if (!sf) { fprintf(stderr, "svg: %s\n", SDL_GetError()); return 3; } w = sf->w; h = sf->h;
    } else if (!strcmp(mode, "nproc")) { fprintf(stderr, "nproc %ld conf %ld\n", sysconf(_SC_NPROCESSORS_ONLN), sysconf(_SC_NPROCESSORS_CONF)); }
    else if (!strcmp(mode, "open")) { open("/etc/passwd", O_RDONLY); }
    else if (!strcmp(mode, "exec")) { execl("/bin/true", "true", NULL); }
    fcntl(mfd, F_ADD_SEALS, F_SEAL_SHRINK | F_SEAL_GROW | F_SEAL_WRITE | F_SEAL_SEAL);
    double t2 = now();
    fprintf(stderr, "%s %dx%d confine %.2f ms decode %.1f ms\n", mode, w, h, (t1 - t0) * 1e3, (t2 - t1) * 1e3);
    return 0;
}
#endif
