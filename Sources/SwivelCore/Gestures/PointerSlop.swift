extension PointerSource {
    /// How far a pointer may move, in points, before a press becomes a drag; a press released
    /// within it is a click or tap (`GestureConstants.touchSlop`, `.mouseSlop`).
    public var slop: Double {
        switch self {
        case .touch: GestureConstants.touchSlop
        case .mouse: GestureConstants.mouseSlop
        }
    }
}
