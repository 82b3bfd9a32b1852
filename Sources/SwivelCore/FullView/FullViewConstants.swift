/// The numbers of the full view that are its own; everything a drag, fling, rubber band or spring
/// needs comes from `GestureConstants`, the same as the row's. Times in seconds.
public enum FullViewConstants {
    /// 16 device pixels per image pixel: the closest zoom, far enough to see single pixels as
    /// squares (macOS Preview and eog both stop near 16× or 20×).
    public static let maximumScale = 16.0
    /// 0.3 s: the open and close flight, the "about 300 ms" of the spec; also the eased jumps to
    /// fit and to 1:1 (keys 0 and 1, double-click), which change the scale several times over.
    public static let transitionDuration = 0.3
    /// 2^(1/4) per wheel notch: four notches double the scale, as four notches move the row by one
    /// card (`GestureConstants.wheelNotch`). Trackpad deltas zoom by the same factor per notch.
    public static let wheelZoomFactor = pow(2.0, 0.25)
    /// √2 per + or − key: two presses double the scale (a key is slower to repeat than a wheel).
    public static let keyZoomFactor = 2.0.squareRoot()
    /// 0.15 s: a notch's or a key's eased zoom, the row's eased notch (`GestureConstants.easeDuration`).
    public static let zoomStepDuration = GestureConstants.easeDuration
    /// A quarter of the window's height: a downward drag released further than this (shown,
    /// after resistance) closes the full view; iOS Photos closes at roughly that distance too.
    public static let dismissFraction = 0.25
    /// 0.5: a downward drag moves the photo half as far as the pointer, the resistance the spec asks
    /// for (iOS Photos' swipe to dismiss lags the finger similarly).
    public static let dismissResistance = 0.5
    /// 300 pt/s: a downward release at least this fast closes the view even short of the threshold
    /// (six times the row's fling threshold, so a sloppy drag that drifts down does not close it).
    public static let dismissSpeed = 300.0
    /// 20 pt of background between neighbouring photos while paging, as iOS Photos leaves a
    /// narrow gap; so that two photos' edges never touch mid-swipe.
    public static let pageGap = 20.0
}
