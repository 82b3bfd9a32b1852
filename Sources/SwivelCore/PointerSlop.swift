extension PointerSource {
    /// How far a pointer may move, in points, before a press becomes a drag; a press released
    /// within it is a click or tap. Touch: 18 pt (Flutter's `kTouchSlop`, Android's touch slop).
    /// Mouse: 4 pt (Windows' default drag rectangle `SM_CXDRAG` is 4 px).
    public var slop: Double {
        switch self {
        case .touch: 18
        case .mouse: 4
        }
    }
}
