/// The text `--bench-help` prints: what the `--bench` JSON's fields mean.
extension Options {
    static let benchHelp = """
    usage: swivel --bench [--frames F] [--cards N | --images DIR] [--size WxH] [--scale S] [--hud]
           swivel --bench --images DIR --open N [--size WxH] [--scale S]

    Renders F frames (default 600) of a scripted run in 60 Hz virtual time — at rest on the deck's
    middle card for the first fifth, then a fling towards the end, and half-way through the rest
    one back — without waiting for vsync and with glFinish after every frame (flat out with colour
    cards; with --images paced at 60 Hz, as the app draws, since photos arrive in real time); then
    drags for two seconds in real time through SDL's event queue to measure latency; then prints one JSON object on stdout and exits. Same input, same frames, every run.
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
      decoders          "workers" (the confined decoder processes) or "in-process" (--in-process)
      workers           how many decoder workers run
      workers_cpu_s     the workers' CPU time, user and kernel, seconds (not in cpu_user_s)
      pss_mib           the app's and its workers' proportional set size at the end, MiB (shared
                        pages split between the processes that map them)
      worker_pss_mib    each worker's, MiB
      peak_pss_mib      the most pss_mib was, read every 10 frames (photo decks)
      startup_ms        from the kernel starting the process to the first finished frame (10 ms
                        resolution)
      startup_phases_ms when each step to the first frame ended, ms since exec (the CPU time
                        before main counts as that step's time): {"main", "options", "sdl_video",
                        "window", "gl_context", "shaders", "first_frame_drawn",
                        "first_frame_presented", "deferred_programs"} (the app prints the same to
                        stderr with SWIVEL_STARTUP_TRACE=1)
      overdraw          fragment shader invocations per frame divided by the window's pixels, as
                        {"mean", "max"} over the frames; null when the driver lacks
                        GL_ARB_pipeline_statistics_query
      latency_ms        from a mouse event entering SDL's queue to the swap of the first frame
                        showing it, frames paced at 60 Hz as in the app, as {"p50", "p95"}
      startup_latency_ms the same for the first 2 s of a new window (a drag from its first frame
                        on, while it builds the programs it left for later), as {"p50", "p95",
                        "max"}
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
                             shows the centred card's photo (wall clock; with --images every
                             frame is paced at 60 Hz as in the app)
      visible_photos_ms      the same until every visible card's photo is shown
      placeholder_frames     frames after that (the flings, at 5,000 pt/s, paced at 60 Hz)
                             in which a visible card is still grey;
                             placeholder_run_max the most such frames in a row,
                             placeholder_cards_max the most grey cards in one frame
      thumbnail_hits         cards whose photo came from the shared thumbnail cache;
                             thumbnail_misses those decoded from their file; thumbnails_written
                             thumbnails and failure entries saved (the queue is written out
                             before the report); thumbnails_dropped those not saved because the
                             writer's queue was full; thumbnail_cpu_ms the CPU time they cost
                             (kept during decodes, encoded and written), to set beside
                             cpu_user_s + cpu_sys_s; all null with --no-thumbnail-cache
      loading_frame_ms       frame times (as frame_ms) of the frames drawn until then, after the
                             first: what decoding costs drawing; null when none was drawn
      taken_dates_ms         what --sort taken costs for the deck: reading every photo's EXIF
                             DateTimeOriginal (metadata bytes only, in parallel, in the decoder
                             workers), from the page cache (a second pass, after the frames);
                             taken_dates_cpu_ms the CPU time it cost this process and its
                             workers (their threads' schedstat), which a busy machine's
                             scheduling does not change as it does the wall time

    swivel --bench --images DIR --open N [--size WxH] [--scale S] benches the full view instead, in
    real time (wall clock; frames in 60 Hz slots as the app paces them, glFinish after each; after
    the flight a slot in which nothing on screen changes draws nothing, as in the app; --frames does
    not apply). First libjpeg-turbo alone decodes every file three times with one bare tjDecompress2
    call at the smallest TurboJPEG scaling factor whose output covers the photo fitted in the
    window's pixels (as the full view asks for it): the floor. Then, from card N, at least 20 photos
    (the deck cycled when it has fewer): the row centred on the card, its visible photos in and no
    decode running; Enter (the flight); once both neighbours' photos are in, → (← on the last card);
    Esc. For these opens the photo of the card the row rests on is not decoded ahead (the app does
    that): their photo is decoded after Enter. Then 20 opens as the app does them, from card N on:
    the row settled on the card and resting 0.5 s (its photo decoded ahead meanwhile), Enter, Esc.
    Then on card N: five wheel notches in, a drag and a fling, 2.2 s with every slot drawn. Its
    fields ({"p50", "p95", "max"} over the opens unless told):

      mode                   "open"
      photos, opens, cycled  images in the deck, photos opened, and whether the deck was cycled
      open_to_sharp_ms       from Enter to the end of the first frame that shows the photo's
                             window-size decode (fading in over the card's texture)
      open_to_sharp_frames   the same in 60 Hz slots, the open's slot and the sharp one counted
      open_not_sharp         opens whose sharp photo did not come within 10 s
      open_to_opaque_ms      to the first frame with the sharp photo fully faded in
      open_to_arrival_ms     to the frame step that took the decode in (the decode thread's time,
                             to the next slot); sharp_upload_ms that step's update and upload
      open_decode_wall_ms    that decode on its thread, wall clock; open_decode_cpu_ms its
                             thread's CPU time (what it cost without the waits for a core: the
                             difference is the cores shared with the flight's frames)
      open_frame_ms          the frames drawn from the open to the sharp one, build to glFinish
      neighbours_in_before_paging  always true: paging waits until both neighbours are decoded
      neighbour_wait_ms      from the open photo's sharp frame until its neighbours were in
      pages                  opens that paged; page_sharp_first_frame those whose first frame
                             after the key showed the next page's sharp photo
      page_to_sharp_ms       from the key to the end of the first frame showing it sharp
      rested_opens           the opens after resting 0.5 s; rested_open_to_sharp_ms (as
                             open_to_sharp_ms) and rested_open_sharp_first_frame (those whose
                             first frame after Enter showed the sharp photo) for them
      zoom_pan_frames        frames drawn while zooming and panning
      zoom_pan_frame_ms      their times from building the scene to glFinish (as frame_ms)
      zoom_pan_step_ms       the same from the full view's update (uploads included) to glFinish
      zoom_pan_full_resolution  whether the full-resolution decode zooming asks for had arrived
      turbojpeg_ms           the floor per file (median of 3), over the files
      turbojpeg_scale        the factor and decoded size most files took, "1/4 1000x750"
      goal_open_to_sharp_ms  1.25 × turbojpeg_ms + two 60 Hz frames, {"p50", "p95"}
      opens_within_goal      opens within 1.25 × their own file's floor + two frames
      raw_full_file          when the first photo is a camera RAW (or a RAW+JPEG pair): its name;
                             null otherwise
      raw_full_demosaic_ms   that RAW's full demosaic as the full view asks for it past the
                             preview (a decoder worker: LibRaw's AHD to sRGB, then RGBA), {"wall",
                             "cpu"}, the median of 3, after the opens
      dcraw_emu_ms           LibRaw's own dcraw_emu making the same image of the same file
                             (-w -g 2.4 12.92, to /dev/null), alternating with the above, {"wall",
                             "cpu"}; nulls without /usr/bin/dcraw_emu (libraw-bin)
      peak_rss_mib           as above
      load_average           /proc/loadavg's 1, 5 and 15 minute figures at the end: what else ran
    """
}
