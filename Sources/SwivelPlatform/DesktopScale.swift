import CSDL2

/// The scale an X11 desktop asks for. SDL 2's X11 driver has none of its own: its windows and
/// drawables are in pixels, and `SDL_GetDisplayDPI` reads the monitor's physical size (nothing
/// at all under Xvfb), not the setting GNOME and KDE write. So, as GTK does: `GDK_SCALE` when set,
/// else the X resource `Xft.dpi` over 96.
public enum DesktopScale {
    /// The scale Swivel accepts (`--scale`), and the range a desktop's value is clamped to.
    public static let range = 0.5...4.0

    /// `GDK_SCALE` (a positive number) if set, else `Xft.dpi` / 96 from the X server's resource
    /// database, else 1; clamped to `range`.
    static func x11() -> Double {
        if let text = ProcessEnvironment.value("GDK_SCALE"), let scale = Double(text), scale > 0 {
            return clamp(scale)
        }
        if let dpi = XResources.xftDPI() { return clamp(dpi / 96) }
        return 1
    }

    static func clamp(_ scale: Double) -> Double { min(range.upperBound, max(range.lowerBound, scale)) }
}

/// Reads `Xft.dpi` from the X resource database (what `xrdb` sets; GNOME's settings daemon and
/// KDE write it there). Xlib is loaded at run time through SDL, the way SDL's X11 driver loads
/// it, so this module links nothing but SDL and runs where libX11 is missing (Wayland only).
enum XResources {
    private typealias OpenDisplay = @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private typealias GetDefault = @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, UnsafePointer<CChar>?)
        -> UnsafeMutablePointer<CChar>?
    private typealias CloseDisplay = @convention(c) (OpaquePointer?) -> Int32

    static func xftDPI() -> Double? {
        guard let library = SDL_LoadObject("libX11.so.6") else { return nil }
        defer { SDL_UnloadObject(library) }
        guard let open = SDL_LoadFunction(library, "XOpenDisplay"),
              let get = SDL_LoadFunction(library, "XGetDefault"),
              let close = SDL_LoadFunction(library, "XCloseDisplay") else { return nil }
        let openDisplay = unsafeBitCast(open, to: OpenDisplay.self)
        let getDefault = unsafeBitCast(get, to: GetDefault.self)
        let closeDisplay = unsafeBitCast(close, to: CloseDisplay.self)
        guard let display = openDisplay(nil) else { return nil }
        defer { _ = closeDisplay(display) }
        // The returned string belongs to Xlib's database and lives until the display is closed.
        guard let value = getDefault(display, "Xft", "dpi"), let dpi = Double(String(cString: value)),
              dpi.isFinite, dpi > 0 else { return nil }
        return dpi
    }
}
