/// Which of the panels over the row and the full view show: the HUD (H), the key list (?), the
/// photo's information (I), and the full view's clipping marks (J). What they hold is worked out
/// for each frame (`Frame`).
struct Overlays: Equatable, Sendable {
    var hud = false
    var keyList = false
    var info = false
    var clipping = false
}
