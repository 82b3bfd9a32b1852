// Whether a program linked and drawn once by a second GL context on another thread, sharing objects
// with the window's (SDL_GL_SHARE_WITH_CURRENT_CONTEXT), makes the window context's first draw with
// it cheap: whether llvmpipe's compiled code for a program belongs to the program, or to the
// context that drew it. Built and run by scripts/shared-context-warmup.py, which says how to read
// its lines.
//
//   shared-context-warmup SHADERS MODE [TARGET]
//     MODE cold:   the window's context links flight.vert + flight.frag, then draws with it twice.
//     MODE worker: a shared context on a second thread links it and draws once (then glFinish);
//                  then the window's context draws with it twice.
//     TARGET (what the worker draws into; the window's context always draws into the window):
//       fbo:    an RGBA8 texture (a framebuffer object of the worker's own context);
//       window: a second, hidden window of the same pixel format as the first.
//
// One line out: key=value, wall and the calling thread's CPU milliseconds (CPU time, since the
// machine is shared: llvmpipe compiles a program's code on the thread that draws, at its first
// draw in each state, and rasterises on its own threads).
//
// Making the worker's context current (SDL 2.26, Mesa 22.3): under GLX (x11) SDL_GL_MakeCurrent on
// the worker with the window works (a drawable may be current to two contexts; SDL's X11 driver
// calls XInitThreads). Under EGL (offscreen, wayland) the window's surface is current on the main
// thread, so eglMakeCurrent fails with EGL_BAD_ACCESS, and SDL_GL_MakeCurrent(NULL, context)
// returns 0 but makes no context current; hence eglMakeCurrent with no surface
// (EGL_KHR_surfaceless_context) is called directly for the fbo target.
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <SDL2/SDL.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { width = 1280, height = 720 };

static double clock_ms(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static char *read_file(const char *dir, const char *name) {
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *file = fopen(path, "rb");
    if (!file) { perror(path); exit(1); }
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (fread(text, 1, size, file) != (size_t)size) { perror(path); exit(1); }
    text[size] = 0;
    fclose(file);
    return text;
}

// The shader's text with its one `#include "file"` line replaced by the file, as embed-shaders does.
static char *shader_text(const char *dir, const char *name) {
    char *text = read_file(dir, name);
    char *line = strstr(text, "#include \"");
    if (!line) return text;
    char *quote = strchr(line + 10, '"'), included[256];
    snprintf(included, sizeof included, "%.*s", (int)(quote - line - 10), line + 10);
    char *body = read_file(dir, included), *rest = strchr(quote, '\n');
    char *out = malloc(strlen(text) + strlen(body) + 1);
    sprintf(out, "%.*s%s%s", (int)(line - text), text, body, rest ? rest : "");
    free(text);
    free(body);
    return out;
}

static const char *shaders;

static GLuint compile(GLenum stage, const char *name) {
    char *text = shader_text(shaders, name);
    const char *source = text;
    GLuint shader = glCreateShader(stage);
    glShaderSource(shader, 1, &source, NULL);
    glCompileShader(shader);
    GLint ok;
    glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
    if (!ok) { fprintf(stderr, "%s did not compile (is a context current?)\n", name); exit(1); }
    free(text);
    return shader;
}

static GLuint link_program(void) {
    GLuint vertex = compile(GL_VERTEX_SHADER, "flight.vert"), fragment = compile(GL_FRAGMENT_SHADER, "flight.frag");
    GLuint program = glCreateProgram();
    glAttachShader(program, vertex);
    glAttachShader(program, fragment);
    glLinkProgram(program);
    GLint ok;
    glGetProgramiv(program, GL_LINK_STATUS, &ok);
    if (!ok) { fprintf(stderr, "flight.vert + flight.frag did not link\n"); exit(1); }
    glDetachShader(program, vertex);
    glDetachShader(program, fragment);
    glDeleteShader(vertex);
    glDeleteShader(fragment);
    glUseProgram(program);
    glUniform2f(glGetUniformLocation(program, "u_viewportPixels"), width, height);
    glUniform4f(glGetUniformLocation(program, "u_quad"), width / 4, height / 4, width / 2, height / 2);
    glUniform4f(glGetUniformLocation(program, "u_rect"), width / 4, height / 4, width / 2, height / 2);
    glUniform1f(glGetUniformLocation(program, "u_radius"), 12);
    glUniform4f(glGetUniformLocation(program, "u_color"), 0.5, 0.5, 0.5, 1);
    glUniform2f(glGetUniformLocation(program, "u_image"), -1, 0);
    glUniform1i(glGetUniformLocation(program, "u_images"), 1);
    glUniform1i(glGetUniformLocation(program, "u_sharp"), 2);
    return program;
}

// The state of each draw, in the current context: Swivel's frame state (premultiplied blending, no
// depth test), into framebuffer 0 or a new RGBA8 texture; a vertex array of this context's own
// (vertex arrays are not shared between contexts).
static void begin_target(int texture_target) {
    if (texture_target) {
        GLuint texture, framebuffer;
        glGenTextures(1, &texture);
        glBindTexture(GL_TEXTURE_2D, texture);
        glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, width, height, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
        glGenFramebuffers(1, &framebuffer);
        glBindFramebuffer(GL_FRAMEBUFFER, framebuffer);
        glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, texture, 0);
    } else {
        glBindFramebuffer(GL_FRAMEBUFFER, 0);
    }
    glViewport(0, 0, width, height);
    glEnable(GL_BLEND);
    glBlendFunc(GL_ONE, GL_ONE_MINUS_SRC_ALPHA);
    glDisable(GL_DEPTH_TEST);
    glClearColor(1, 1, 1, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    GLuint vertex_array;
    glGenVertexArrays(1, &vertex_array);
    glBindVertexArray(vertex_array);
}

struct timing { double wall, cpu; };

static struct timing draw(GLuint program) {
    double wall = clock_ms(CLOCK_MONOTONIC), cpu = clock_ms(CLOCK_THREAD_CPUTIME_ID);
    glUseProgram(program);
    glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
    glFinish();
    return (struct timing){ clock_ms(CLOCK_MONOTONIC) - wall, clock_ms(CLOCK_THREAD_CPUTIME_ID) - cpu };
}

static SDL_Window *main_window;

static struct {
    SDL_Window *window;       // the hidden window (target window), or NULL
    SDL_GLContext context;
    EGLDisplay egl;           // the window's EGL display, or EGL_NO_DISPLAY under GLX
    GLuint program;
    struct timing link, draw;
} worker;

static void *work(void *unused) {
    (void)unused;
    if (worker.window) {
        if (SDL_GL_MakeCurrent(worker.window, worker.context) != 0) { fprintf(stderr, "%s\n", SDL_GetError()); exit(1); }
    } else if (worker.egl != EGL_NO_DISPLAY) {
        if (!eglMakeCurrent(worker.egl, EGL_NO_SURFACE, EGL_NO_SURFACE, (EGLContext)worker.context)) {
            fprintf(stderr, "eglMakeCurrent without a surface: 0x%x\n", eglGetError());
            exit(1);
        }
    } else if (SDL_GL_MakeCurrent(main_window, worker.context) != 0) {
        fprintf(stderr, "%s\n", SDL_GetError());
        exit(1);
    }
    double wall = clock_ms(CLOCK_MONOTONIC), cpu = clock_ms(CLOCK_THREAD_CPUTIME_ID);
    worker.program = link_program();
    glFinish();
    worker.link = (struct timing){ clock_ms(CLOCK_MONOTONIC) - wall, clock_ms(CLOCK_THREAD_CPUTIME_ID) - cpu };
    begin_target(worker.window == NULL);
    worker.draw = draw(worker.program);
    if (worker.egl != EGL_NO_DISPLAY && !worker.window) eglMakeCurrent(worker.egl, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
    else SDL_GL_MakeCurrent(NULL, NULL);
    return NULL;
}

int main(int argc, char **argv) {
    if (argc < 3) { fprintf(stderr, "usage: %s SHADERS cold|worker [fbo|window]\n", argv[0]); return 2; }
    shaders = argv[1];
    int worker_mode = strcmp(argv[2], "worker") == 0;
    int hidden_window = argc > 3 && strcmp(argv[3], "window") == 0;
    if (SDL_Init(SDL_INIT_VIDEO) != 0) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
    SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
    SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
    SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
    main_window = SDL_CreateWindow("shared-context-warmup", SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED,
                                   width, height, SDL_WINDOW_OPENGL | SDL_WINDOW_SHOWN);
    SDL_GLContext context = main_window ? SDL_GL_CreateContext(main_window) : NULL;
    if (!context) { fprintf(stderr, "%s\n", SDL_GetError()); return 1; }
    // A first frame, as Swivel's comes before (llvmpipe's threads started, the swap path used).
    glClear(GL_COLOR_BUFFER_BIT);
    SDL_GL_SwapWindow(main_window);
    glFinish();
    const char *api = eglGetCurrentContext() != EGL_NO_CONTEXT ? "egl" : "glx";
    printf("video=%s api=%s mode=%s", SDL_GetCurrentVideoDriver(), api, argv[2]);
    GLuint program;
    if (worker_mode) {
        printf(" target=%s", hidden_window ? "window" : "fbo");
        worker.egl = eglGetCurrentDisplay();
        if (hidden_window) worker.window = SDL_CreateWindow("warm-up", 0, 0, 64, 64, SDL_WINDOW_OPENGL | SDL_WINDOW_HIDDEN);
        SDL_GL_SetAttribute(SDL_GL_SHARE_WITH_CURRENT_CONTEXT, 1);
        worker.context = SDL_GL_CreateContext(worker.window ? worker.window : main_window);   // current here now
        if (!worker.context) { fprintf(stderr, "shared context: %s\n", SDL_GetError()); return 1; }
        SDL_GL_MakeCurrent(main_window, context);
        pthread_t thread;
        pthread_create(&thread, NULL, work, NULL);
        pthread_join(thread, NULL);
        program = worker.program;
        glUseProgram(program);
        printf(" worker_link_ms=%.1f worker_link_cpu_ms=%.1f worker_draw_ms=%.1f worker_draw_cpu_ms=%.1f",
               worker.link.wall, worker.link.cpu, worker.draw.wall, worker.draw.cpu);
    } else {
        double wall = clock_ms(CLOCK_MONOTONIC);
        program = link_program();
        glFinish();
        printf(" link_ms=%.1f", clock_ms(CLOCK_MONOTONIC) - wall);
    }
    begin_target(0);
    struct timing first = draw(program), second = draw(program);
    printf(" first_draw_ms=%.1f first_draw_cpu_ms=%.1f second_draw_ms=%.1f second_draw_cpu_ms=%.1f\n",
           first.wall, first.cpu, second.wall, second.cpu);
    SDL_GL_SwapWindow(main_window);
    return 0;
}
