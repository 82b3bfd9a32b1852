import CSDL2

/// The desktop's clipboard, through SDL (`SDL_SetClipboardText`: the X11 CLIPBOARD selection, or
/// Wayland's data device). SDL's offscreen driver has no clipboard of its own: there SDL keeps
/// the text inside the process, where nothing else can paste it. Main thread only.
public enum Clipboard {
    /// Offers `bytes` as the clipboard's text, exactly these bytes (a file's path as the kernel
    /// has it, even where it is not valid UTF-8); nil when done, else why not.
    public static func setText(_ bytes: [UInt8]) -> PlatformError? {
        let text = bytes.map { CChar(bitPattern: $0) } + [0]
        guard SDL_SetClipboardText(text) == 0 else {
            return PlatformError("cannot copy to the clipboard: \(SDLVideo.lastError())")
        }
        return nil
    }
}
