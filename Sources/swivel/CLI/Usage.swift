/// The texts `--help` and `--bench-help` print.
extension Options {
    static let usage = """
    usage: swivel [options] [PATH ...]
           find ~/Pictures -name '*.jpg' | swivel [options] -

    A row of cards that swivel in 3D as you drag them: the SwiftUI "3D scroll effect".
    Without PATHs the cards are the seed's colours; with image files or directories, one card per image.

    window and scrolling:
      --size WxH           window size in points, each 1 to 16384 (default 1280x720)
      --fullscreen         start fullscreen (F or F11 switches)
      --cards N            number of colour cards, 1 to 100000000; the seed's seven colours repeat
                           (default 7)
      --scroll X           start scrolled X points in (0 = first card centred; clamped to the row)
      --snap               come to rest with a card centred (default: free scrolling, as the seed)
      --deceleration R     fling friction: normal (0.998/ms, default) or fast (0.99/ms)
      --reduced-motion     no animations: moves jump to where they would come to rest (on GNOME,
                           also when "Reduce animation" is on, unless --reduced-motion=no)
      --hud                start with the HUD shown (H shows or hides it)
      --video-driver D     x11, wayland or offscreen (default: wayland then x11 when
                           WAYLAND_DISPLAY is set, else x11; SDL_VIDEODRIVER is used if set)
      --scale S            pixels per point on X11 and offscreen, 0.5 to 4 (default on X11:
                           GDK_SCALE, else the X resource Xft.dpi / 96, else 1); on Wayland the
                           compositor sets it

    the effect (defaults are the seed's numbers):
      --preset NAME        start from a named setup; options given beside it win, in any order.
                           seed: the tutorial's iPhone, a 430x932 window with the seed's effect
      --card WxH           card size in points, each 1 to 4096 (default 200x300)
      --spacing PT         space between neighbouring cards' slots, 0 to 10000 (default 230)
      --corner-radius PT   0 to 2048, at most half the card's shorter side (default 16)
      --shadow-radius PT   shadow blur (the Gaussian's sigma), 0 to 500 (default 20)
      --shadow-opacity A   the shadow's darkest alpha, 0 to 1 (default 0.2)
      --degrees-per-point D  turn per point away from the centre, -10 to 10, a number or a
                           fraction (default -1/20)
      --perspective P      as rotation3DEffect's, above 0 and at most 100 (default 1)
      --background COLOUR  #rgb, #rrggbb or a CSS colour name such as 'black' (default white)

    photos:
      PATH ...             image files and directories of images; '--' ends the options.
                           JPEG, PNG, WebP, HEIC/HEIF, AVIF, JPEG XL, TIFF, GIF, BMP, TGA, QOI,
                           PNM and SVG, turned upright by their EXIF orientation, in sRGB
      -                    read PATHs from standard input, one a line (a missing one is skipped)
      -0, --null           with '-': the paths on standard input end in NUL, not newline
      --recursive          look into subdirectories of directory PATHs too
      --sort ORDER         name (natural order, default), mtime (oldest first), taken (EXIF
                           DateTimeOriginal, else mtime) or random (see --seed)
      --reverse            the order the other way round
      --demo               show the built-in sample photos (not with PATHs or --cards)
      --texture-budget MB  GPU memory for photo textures, 16 to 65536 MiB (default 256)
      --no-captions        no file names under the photos

    recording and measuring:
      --screenshot FILE.png  render one frame into FILE.png at the window's pixel size and exit
                           (works headless: SDL_VIDEODRIVER=offscreen swivel --screenshot out.png)
      --record FILE        write every input event with its time to FILE (text, see README)
      --replay FILE        play FILE back with its recorded timing; with --screenshot, render
                           the frame at the recording's end and exit
      --bench              render a scripted run as fast as possible and print its measurements
                           as JSON (--cards and --size apply; see --bench-help)
      --frames F           frames --bench renders, 1 to 1000000 (default 600)
      --images DIR         run --bench or --soak on a photo deck from DIR instead of colour cards
      --soak MINUTES       run MINUTES (0.1 to 1440) of simulated 60 Hz time with random input
                           through the renderer, headless and as fast as it goes; print JSON and
                           exit 1 on a GL error, memory growth or a texture leak. --size is the
                           window (default 640x360), --cards, --demo and --images the deck
      --soak-render-every K  render every K-th simulated frame of --soak, 1 to 3600 (default 1)
      --soak-memory-limit MB  how much resident memory may grow after the soak's warm-up,
                           0.1 to 1024 MiB (default 2)
      --seed S             the seed of --soak's random input and of --sort random, 0 to
                           4294967295 (default 1 for --soak; --sort random without it shuffles
                           differently every run)
      --bench-help         explain the --bench JSON fields and exit

    config file:
      --config FILE        read FILE instead of $XDG_CONFIG_HOME/swivel/config
                           (~/.config/swivel/config when XDG_CONFIG_HOME is not set)
      --no-config          read no config file
      One 'key = value' a line, keys being option names without '--' (spacing = 240,
      background = #202020, snap = yes); '#' starts a comment line. The command line wins over
      it. Flags take yes/no, true/false, on/off or 1/0 there and after '=' here (--snap=no).
      --screenshot, --record, --replay, --bench, --frames, --images, --soak,
      --soak-render-every, --soak-memory-limit, --seed, --demo, --null, --config and --no-config
      are for the command line only.

      --help, -h           show this help and exit
      --version            show the version and exit

    keys and mouse:
      drag (left button or one finger)  scroll the row; release while moving to fling
      click or tap a side card          bring it to the centre
      wheel, shift+wheel, trackpad      scroll (one card a notch with --snap, else 60 pt)
      Left / Right         one card
      Page Up / Page Down  one screenful
      Home / End           first / last card
      F or F11             fullscreen on or off
      H                    show or hide the HUD
      ?                    show or hide the list of keys
      F12                  save a screenshot to $XDG_PICTURES_DIR (or the working directory)
      Esc                  close the key list, leave fullscreen, or quit
    """

    static let benchHelp = """
    usage: swivel --bench [--frames F] [--cards N | --images DIR] [--size WxH] [--scale S] [--hud]

    Renders F frames (default 600) of a scripted run in 60 Hz virtual time — at rest on the deck's
    middle card for the first fifth, then a fling towards the end, and half-way through the rest
    one back — without waiting for vsync and with glFinish after every frame; then drags for two seconds in real time through SDL's event queue to measure
    latency; then prints one JSON object on stdout and exits. Same input, same frames, every run.
    Works headless with SDL_VIDEODRIVER=offscreen. Its fields:

      frames            frames rendered
      cards             cards in the deck (colour cards, or images found in --images DIR)
      size, pixels      the window in points and its drawable in pixels, "WxH"
      renderer          the GL renderer string
      frame_ms          per-frame time in milliseconds from building the scene to glFinish, as
                        {"p50", "p95", "p99", "max"} (nearest-rank percentiles over every frame but
                        the first, which also blurs the shadow once)
      cpu_user_s        CPU time spent in user mode by the whole process, seconds
      cpu_sys_s         CPU time spent in the kernel, seconds
      peak_rss_mib      the process's peak resident memory, MiB
      startup_ms        from the kernel starting the process to the first finished frame (10 ms
                        resolution)
      overdraw          fragment shader invocations per frame divided by the window's pixels, as
                        {"mean", "max"} over the frames; null when the driver lacks
                        GL_ARB_pipeline_statistics_query
      latency_ms        from a mouse event entering SDL's queue to the swap of the first frame
                        showing it, frames paced at 60 Hz as in the app, as {"p50", "p95"}
      draw_calls        GL draw calls per frame (the most in any frame)
      cards_submitted   cards sent to the GPU per frame (the most in any frame)
      photos                 with --images: images in the deck
      photos_on_first_frame  photos on the GPU when the first frame was drawn (always 0: the
                             window never waits for decoding)
      photos_on_gpu_at_end   photos on the GPU after the last frame
      texture_mib            GPU memory of the photo textures
      decode_ms              time to decode one photo into its card's pixels on a worker thread
                             (file to resampled, upright, sRGB pixels), as {"p50", "p95", "max"}
                             over every photo decoded during the run; "decoded" counts them
      decode_cpu_ms          the same decodes' CPU time on their threads (without the waits for a
                             core: decoders run at a lower priority than drawing)
      centred_photo_ms       from the end of the first frame to the end of the first frame that
                             shows the centred card's photo (wall clock; until every visible photo
                             is shown, frames are paced at 60 Hz as in the app, then flat out)
      visible_photos_ms      the same until every visible card's photo is shown
      taken_dates_ms         what --sort taken costs for the deck: reading every file's EXIF
                             DateTimeOriginal (metadata bytes only, in parallel), from the page
                             cache (measured before the window opens, on a second pass)
    """
}
