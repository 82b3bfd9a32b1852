import SwivelCore

extension FullViewState {
    /// `event` as the app routes it: a key as the command the key table gives it in the modes of
    /// `time` (`KeyTable.standard`: the full view's while one shows), the pointer and the wheel as
    /// they are. Whether the full view took it.
    @discardableResult
    mutating func take(_ event: InputEvent, row: inout ScrollController) -> Bool {
        guard case .keyDown(let chord, let time) = event else { return handle(event, row: &row) }
        let modes = KeyTable.Modes(fullView: shown(at: time) != nil)
        guard let command = KeyTable.standard.command(for: chord, in: modes) else { return false }
        return perform(command, at: time, row: &row)
    }
}

extension PageStrip {
    /// A key as the full view's command for it; the pointer as it is.
    @discardableResult
    mutating func take(_ event: InputEvent) -> Bool {
        guard case .keyDown(let chord, let time) = event else { return handle(event) }
        guard let command = KeyTable.standard.command(for: chord, in: KeyTable.Modes(fullView: true)) else { return false }
        return perform(command, at: time)
    }
}
