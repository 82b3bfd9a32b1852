#!/usr/bin/env python3
"""Writes Sources/LazyLibraries/lazy_libraries.gen.c: for every function of the photo and text libraries
(libheif, libjxl, libturbojpeg, lcms2, libexif, SDL2_image, SDL2_ttf, …) and of SDL2 and OpenGL
that Sources/ or Tests/ call,
a function of the same name and prototype that loads the library with dlopen on first use and calls
the real one. The executable then does not list these libraries as needed, and the built-in colour
deck starts without mapping, relocating and initialising them (about 11 ms of CPU before `main` on
the build machine). Prototypes come from the installed headers (clang's AST), so the compiler
checks every stub against the real declaration. Each library's soname is read from its
development symlink in the directory pkg-config gives for it (so the script runs on any Debian
architecture), and the package that installs it (for the message when it is missing) is asked of
dpkg.

    scripts/gen-lazy-libraries.py        (from the project root; rerun when a new function is used)
"""
import json, os, re, subprocess, sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# (key, header to include (several, space-separated, when it needs others first), header files whose
# functions count, pkg-config module, development library for the soname, Debian's runtime package
# should dpkg not know the file). The order is that of enum swivel_lazy_library in
# lazy_libraries.h, which the generated file asserts.
LIBRARIES = [
    ("heif", "libheif/heif.h", r"/libheif/", "libheif", "libheif.so", "libheif1"),
    ("jxl", "jxl/decode.h", r"/jxl/", "libjxl", "libjxl.so", "libjxl0.7"),
    ("turbojpeg", "turbojpeg.h", r"/turbojpeg\.h$", "libturbojpeg", "libturbojpeg.so", "libturbojpeg0"),
    ("lcms2", "lcms2.h", r"/lcms2\.h$", "lcms2", "liblcms2.so", "liblcms2-2"),
    ("exif", "libexif/exif-data.h", r"/libexif/", "libexif", "libexif.so", "libexif12"),
    ("SDL2_image", "SDL2/SDL_image.h", r"/SDL_image\.h$", "SDL2_image", "libSDL2_image.so", "libsdl2-image-2.0-0"),
    ("SDL2_ttf", "SDL2/SDL_ttf.h", r"/SDL_ttf\.h$", "SDL2_ttf", "libSDL2_ttf.so", "libsdl2-ttf-2.0-0"),
    ("gif", "gif_lib.h", r"/gif_lib\.h$", "libgif", "libgif.so", "libgif7"),
    ("webp", "webp/decode.h", r"/webp/(\./)?(decode|types)\.h$", "libwebp", "libwebp.so", "libwebp7"),
    ("webpdemux", "webp/demux.h", r"/webp/demux\.h$", "libwebpdemux", "libwebpdemux.so", "libwebpdemux2"),
    ("netpbm", "netpbm/pam.h", r"/netpbm/", "netpbm", "libnetpbm.so", "libnetpbm11"),
    ("tiff", "tiffio.h", r"/tiff[a-z]*\.h$", "libtiff-4", "libtiff.so", "libtiff6"),
    ("png", "png.h", r"/png\.h$", "libpng16", "libpng16.so", "libpng16-16"),
    ("avif", "avif/avif.h", r"/avif/", "libavif", "libavif.so", "libavif15"),
    # jpeglib.h uses size_t and FILE without declaring them (libjpeg.txt: include stdio.h first).
    ("jpeg", "stdio.h jpeglib.h", r"/jpeglib\.h$", "libjpeg", "libjpeg.so", "libjpeg62-turbo"),
    # Camera RAW: libraw_r, the build whose objects share no state (several decodes at once).
    ("raw", "libraw/libraw.h", r"/libraw/", "libraw_r", "libraw_r.so", "libraw20"),
    # SDL2 and OpenGL themselves: the window needs them, but a decoder worker (the same binary)
    # must not map them and the dozens of libraries SDL2 links (ALSA, PulseAudio, X11, systemd):
    # about 5 ms of the dynamic loader's CPU and 0.6 MiB of relocations each start, and code a
    # compromised decoder could use. SDL2_image and SDL2_ttf, which link SDL2, load it with them.
    ("SDL2", "SDL2/SDL.h", r"/SDL2/SDL(?!_image|_ttf)[a-z_0-9]*\.h$", "sdl2", "libSDL2.so", "libsdl2-2.0-0"),
    ("GL", "GL/glcorearb.h", r"/GL/glcorearb\.h$", "gl", "libGL.so", "libgl1"),
    # libwebpmux: a WebP's chunks rewritten (a turn saved in its EXIF chunk), in a decoder worker.
    ("webpmux", "webp/mux.h", r"/webp/mux\.h$", "libwebpmux", "libwebpmux.so", "libwebpmux3"),
]


def declarations(header, pattern):
    """name -> (return type, [parameter types]) of the external functions declared in matching files."""
    src = "#define SDL_MAIN_HANDLED 1\n#define GL_GLEXT_PROTOTYPES 1\n" + "".join(f"#include <{h}>\n" for h in header.split()) \
        + "#include <libexif/exif-utils.h>\n"
    out = subprocess.run(["clang", "-x", "c", "-fsyntax-only", "-I/usr/include/SDL2", "-Xclang", "-ast-dump=json", "-"],
                         input=src.encode(), capture_output=True, check=True).stdout
    found, file = {}, ""
    for node in json.loads(out)["inner"]:
        loc = node.get("loc", {})
        file = loc.get("file", loc.get("expansionLoc", {}).get("file", file)) or file
        if node.get("kind") != "FunctionDecl" or node.get("storageClass") == "static" or node.get("inline"):
            continue
        if not re.search(pattern, file):
            continue
        qual = node["type"]["qualType"]
        if "..." in qual:
            continue
        params = [p["type"]["qualType"] for p in node.get("inner", []) if p.get("kind") == "ParmVarDecl"]
        # A va_list parameter (libtiff's TIFFVGetField) shows as the pointer it decays to, whose
        # struct tag C would take for a new type: name it as declared.
        params = ["va_list" if p == "struct __va_list_tag *" else p for p in params]
        # the return type is what precedes the parameter list: the last top-level "(...)"
        depth, i = 0, len(qual) - 1
        while i >= 0:
            depth += qual[i] == ")"
            depth -= qual[i] == "("
            if depth == 0:
                break
            i -= 1
        found[node["name"]] = (qual[:i].strip(), params)
    return found


def used_identifiers():
    words = set()
    for top in ("Sources", "Tests"):
        for base, _, files in os.walk(os.path.join(ROOT, top)):
            if "LazyLibraries" in base:
                continue
            for f in files:
                if f.endswith((".swift", ".h", ".c")):
                    words |= set(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", open(os.path.join(base, f)).read()))
    return words


def development_library(module, dev):
    """The development symlink `dev` in the directory where pkg-config says `module`'s library is,
    else (a .pc file without libdir, as Debian's netpbm.pc) where the C compiler would link it from."""
    libdir = subprocess.run(["pkg-config", "--variable=libdir", module], capture_output=True, text=True,
                            check=True).stdout.strip()
    if libdir:
        path = os.path.join(libdir, dev)
    else:
        path = os.path.realpath(os.path.dirname(subprocess.run(["cc", f"-print-file-name={dev}"], capture_output=True,
                                                               text=True, check=True).stdout.strip()))
        path = os.path.join(path, dev)
    if not os.path.exists(path):
        sys.exit(f"gen-lazy-libraries: no {path} (pkg-config --variable=libdir {module}: {libdir or 'none'})")
    return path


def soname(path):
    out = subprocess.run(["readelf", "-d", path], capture_output=True, text=True, check=True).stdout
    return re.search(r"soname: \[([^\]]+)\]", out).group(1)


def package(path, fallback):
    """The Debian package that installs the library `path` resolves to (`dpkg -S`, which knows the
    file by its installed name: the resolved one, else the soname link beside it), else `fallback`."""
    for candidate in (os.path.realpath(path), os.path.join(os.path.dirname(path), soname(path))):
        out = subprocess.run(["dpkg", "-S", candidate], capture_output=True, text=True)
        if out.returncode == 0:
            # "libheif1:amd64: /usr/lib/x86_64-linux-gnu/libheif.so.1.15.1"
            return out.stdout.split(":")[0].strip()
    print(f"gen-lazy-libraries: dpkg does not know {path}; the package is taken to be {fallback}", file=sys.stderr)
    return fallback


def main():
    used = used_identifiers()
    lines = ["// Generated by scripts/gen-lazy-libraries.py from the installed headers: do not edit (rerun it).",
             "// Each function loads its library on first use (see lazy_libraries.h) and calls the real one.",
             "#define SDL_MAIN_HANDLED 1", "#define GL_GLEXT_PROTOTYPES 1"]
    lines += [f"#include <{h}>" for _, headers, *_ in LIBRARIES for h in headers.split()] + ["#include <libexif/exif-utils.h>", '#include "lazy_libraries.h"', ""]
    names, packages = [], []
    for index, (key, header, pattern, module, dev, fallback) in enumerate(LIBRARIES):
        library = development_library(module, dev)
        names.append(f'    "{soname(library)}",')
        packages.append(f'    "{package(library, fallback)}",')
        functions = declarations(header, pattern)
        lines.append(f"// {key}: {soname(library)}")
        lines.append(f'_Static_assert(SWIVEL_LAZY_{key.upper()} == {index}, "lazy_libraries.h lists {key} elsewhere");')
        for name in sorted(n for n in functions if n in used):
            ret, params = functions[name]
            args = ", ".join(f"a{k}" for k in range(len(params))) if params != ["void"] else ""
            decl = ", ".join(f"__typeof__({p}) a{k}" for k, p in enumerate(params)) if params and params != ["void"] else "void"
            call = f"((__typeof__(&{name}))swivel_lazy_function(&real, {index}, \"{name}\"))({args})"
            body = f"{call};" if ret == "void" else f"return {call};"
            lines.append(f"{ret} {name}({decl}) {{\n    static void *_Atomic real;\n    {body}\n}}")
        lines.append("")
    lines += [f'_Static_assert(SWIVEL_LAZY_LIBRARY_COUNT == {len(LIBRARIES)}, "lazy_libraries.h lists other libraries");',
              "const char *const swivel_lazy_library_names[SWIVEL_LAZY_LIBRARY_COUNT] = {"] + names + ["};", ""]
    lines += ["// The Debian packages that install them (dpkg -S), named when one is missing.",
              "const char *const swivel_lazy_library_packages[SWIVEL_LAZY_LIBRARY_COUNT] = {"] + packages + ["};", ""]
    path = os.path.join(ROOT, "Sources", "LazyLibraries", "lazy_libraries.gen.c")
    open(path, "w").write("\n".join(lines))
    print(f"wrote {path}: {sum(1 for l in lines if 'static void *_Atomic real' in l)} functions")


if __name__ == "__main__":
    sys.exit(main())
