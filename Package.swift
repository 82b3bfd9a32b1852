// swift-tools-version:6.0
// Swivel: the SwiftUI "3D scroll effect" carousel as a native SDL2 + OpenGL 3.3 app.
import PackageDescription

// The app's modules use neither regular expressions nor async/await, so they do without the two
// modules Swift imports into every file by default: the binary then does not load
// libswift_StringProcessing, libswift_RegexParser or libswift_Concurrency (with libdispatch, which
// SwivelSystem's threads replace, 1.8 MB of every process's memory).
let withoutImplicitImports: [SwiftSetting] = [
    .unsafeFlags(["-Xfrontend", "-disable-implicit-string-processing-module-import",
                  "-Xfrontend", "-disable-implicit-concurrency-module-import"]),
]

let package = Package(
    name: "swivel",
    products: [
        .executable(name: "swivel", targets: ["swivel"]),
    ],
    targets: [
        // C libraries from Debian, through systemLibrary shims (modulemap + shim.h).
        .systemLibrary(name: "CSDL2", path: "Sources/CSDL2",
                       providers: [.apt(["libsdl2-dev"])]),
        .systemLibrary(name: "CSDL2Image", path: "Sources/CSDL2Image",
                       providers: [.apt(["libsdl2-image-dev"])]),
        .systemLibrary(name: "CSDL2TTF", path: "Sources/CSDL2TTF",
                       providers: [.apt(["libsdl2-ttf-dev"])]),
        .systemLibrary(name: "CGL", path: "Sources/CGL",
                       providers: [.apt(["libgl-dev"])]),
        .systemLibrary(name: "CTurboJPEG", path: "Sources/CTurboJPEG",
                       providers: [.apt(["libturbojpeg0-dev"])]),
        .systemLibrary(name: "CHeif", path: "Sources/CHeif",
                       providers: [.apt(["libheif-dev"])]),
        .systemLibrary(name: "CAVIF", path: "Sources/CAVIF",
                       providers: [.apt(["libavif-dev"])]),
        .systemLibrary(name: "CJXL", path: "Sources/CJXL",
                       providers: [.apt(["libjxl-dev"])]),
        .systemLibrary(name: "CLCMS2", path: "Sources/CLCMS2",
                       providers: [.apt(["liblcms2-dev"])]),
        .systemLibrary(name: "CExif", path: "Sources/CExif",
                       providers: [.apt(["libexif-dev"])]),
        .systemLibrary(name: "CTIFF", path: "Sources/CTIFF",
                       providers: [.apt(["libtiff-dev"])]),
        .systemLibrary(name: "CRaw", path: "Sources/CRaw",
                       providers: [.apt(["libraw-dev"])]),
        .systemLibrary(name: "CZlib", path: "Sources/CZlib",
                       providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CGIF", path: "Sources/CGIF",
                       providers: [.apt(["libgif-dev"])]),
        .systemLibrary(name: "CWebP", path: "Sources/CWebP",
                       providers: [.apt(["libwebp-dev"])]),
        .systemLibrary(name: "CPNG", path: "Sources/CPNG",
                       providers: [.apt(["libpng-dev"])]),
        .systemLibrary(name: "CSeccomp", path: "Sources/CSeccomp",
                       providers: [.apt(["libseccomp-dev"])]),

        // C: keeps libpng's console chatter off stderr (the decoder reports bad files itself).
        .target(name: "CLibraryMessages"),
        // C: reads a PNG with libpng, whose errors longjmp, all within one C function (no Swift frame
        // between libpng's error and the setjmp it returns to).
        .target(name: "CPNGReader", dependencies: ["CPNG"]),
        // C: reads a JPEG with libjpeg-turbo's libjpeg API (apt: libjpeg62-turbo-dev), streamed from the
        // file, cancellable, whose errors longjmp, every libjpeg call inside its C functions.
        .target(name: "CJPEGReader", dependencies: ["LazyLibraries"]),
        // C: the photo and text libraries above (all but SDL2, GL and zlib), and libnetpbm, loaded on
        // first use rather than at start-up: the colour deck never needs them
        // (scripts/gen-lazy-libraries.py).
        .target(name: "LazyLibraries"),
        // C: stb_image's BMP and TGA readers, compiled from Debian's libstb-dev header (apt: libstb-dev).
        .target(name: "STBImage"),
        // C: Netpbm images through libnetpbm (apt: libnetpbm-dev), its error longjmps caught in C.
        .target(name: "NetpbmReader", dependencies: ["LazyLibraries"]),

        // C: what the decoder box needs from the kernel that Swift cannot say (Landlock, the SIGSYS
        // trap's registers, the seccomp filter through libseccomp, SCM_RIGHTS, sealed memfds).
        .target(name: "CBox", dependencies: ["CSeccomp"], linkerSettings: [.linkedLibrary("seccomp")]),
        // The decoder box: worker processes started from this binary, confined, spoken to over a
        // socket with descriptors, their pixels in sealed memfds (docs/design.md, "Decoders in a box").
        .target(name: "SwivelBox", dependencies: ["CBox", "SwivelSystem"], swiftSettings: withoutImplicitImports),
        // Pure Swift: layout, projection, scroll physics, input model, colours.
        .target(name: "SwivelCore", swiftSettings: withoutImplicitImports),
        // Glibc only: threads, a mutex with its condition, the monotonic clock, and the system utilities
        // (whole reads and writes of file descriptors, the environment, a command's output).
        .target(name: "SwivelSystem", swiftSettings: withoutImplicitImports),
        // OpenGL only: shaders (embedded from Shaders/), textures, the card and shadow passes.
        .target(name: "SwivelRender", dependencies: ["SwivelCore", "SwivelPhotoCore", "CGL"],
                swiftSettings: withoutImplicitImports, plugins: ["EmbedShaders"]),
        // SDL only: window + GL context, events -> core input events, PNG writing, fonts.
        .target(name: "SwivelPlatform",
                dependencies: ["SwivelCore", "SwivelSystem", "CSDL2", "CSDL2Image", "CSDL2TTF", "LazyLibraries"],
                swiftSettings: withoutImplicitImports),
        // Photos, in two targets side by side under Sources/Photos: the pure part (the table of formats,
        // headers, natural order, orientation, aspect fill, resampling, mips, the slot cache, the load
        // plan) builds and is tested without any C library; the other holds what needs them.
        .target(name: "SwivelPhotoCore", dependencies: ["SwivelCore"], path: "Sources/Photos/SwivelPhotoCore",
                swiftSettings: withoutImplicitImports),
        // Photo decks without GL: folder scanning, decoding to card pixels, the decode threads, the deck
        // (what to decode, the texture plan, uploads through a texture-array protocol the app fills with GL).
        .target(name: "SwivelPhotos",
                dependencies: ["SwivelCore", "SwivelPhotoCore", "SwivelSystem", "SwivelBox", "CSDL2", "CSDL2Image", "CLibraryMessages",
                               "CHeif", "CAVIF", "CJXL", "CLCMS2", "CExif", "CTIFF", "CRaw", "CZlib", "CGIF",
                               "CWebP", "CPNGReader", "CJPEGReader", "CTurboJPEG", "LazyLibraries", "STBImage", "NetpbmReader"],
                path: "Sources/Photos/SwivelPhotos",
                swiftSettings: withoutImplicitImports),
        // The executable: command line; App/ (wiring, the frame step and loop, overlays); Diagnostics/.
        .executableTarget(name: "swivel",
                          dependencies: ["SwivelCore", "SwivelSystem", "SwivelBox", "SwivelRender", "SwivelPlatform", "SwivelPhotoCore",
                                         "SwivelPhotos", "CTurboJPEG", "LazyLibraries"],
                          swiftSettings: withoutImplicitImports, plugins: ["EmbedDemoDeck"]),

        // Build tool: turns Shaders/*.{vert,frag} into Swift string constants, each #include of a
        // Shaders/*.glsl snippet replaced by its text.
        .executableTarget(name: "embed-shaders"),
        .plugin(name: "EmbedShaders", capability: .buildTool(), dependencies: ["embed-shaders"]),
        // Build tool: embeds assets/demo/*.png, the sample deck of `swivel --demo`.
        .executableTarget(name: "embed-demo-deck"),
        .plugin(name: "EmbedDemoDeck", capability: .buildTool(), dependencies: ["embed-demo-deck"]),

        // What the test targets share: the image writer, temporary directories, the process
        // runner, the private X server and Wayland compositor, the real app in a window.
        .target(name: "SwivelTestSupport", dependencies: ["SwivelCore", "SwivelPhotoCore", "SwivelPhotos", "CSDL2", "CSDL2Image",
                                                         "LazyLibraries"],
                path: "Tests/SwivelTestSupport"),
        .testTarget(name: "SwivelCoreTests", dependencies: ["SwivelCore"]),
        .testTarget(name: "SwivelPhotoCoreTests", dependencies: ["SwivelCore", "SwivelPhotoCore"]),
        .testTarget(name: "SwivelBoxTests", dependencies: ["SwivelBox", "CBox", "SwivelTestSupport"]),
        .testTarget(name: "SwivelSystemTests", dependencies: ["SwivelSystem", "SwivelCore", "SwivelTestSupport"]),
        .testTarget(name: "SwivelRenderTests",
                    dependencies: ["SwivelCore", "SwivelRender", "SwivelPlatform", "CGL", "SwivelTestSupport"]),
        .testTarget(name: "SwivelPlatformTests",
                    dependencies: ["SwivelCore", "SwivelPlatform", "CSDL2", "CSDL2Image", "CSDL2TTF"]),
        .testTarget(name: "SwivelPhotosTests",
                    dependencies: ["SwivelCore", "SwivelPhotoCore", "SwivelPhotos", "SwivelTestSupport", "CSDL2", "CSDL2Image", "CTurboJPEG",
                                   "CLCMS2", "CPNGReader", "CZlib"]),
        .testTarget(name: "swivelTests", dependencies: ["swivel", "SwivelCore", "SwivelSystem", "SwivelPhotoCore", "SwivelPhotos", "SwivelTestSupport", "LazyLibraries",
                                                       "CSDL2", "CSDL2Image"]),
    ]
)
