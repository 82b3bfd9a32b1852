/// Clicks open and close the full view (`ClickCounter` finds them in the pointer events).
///
/// On the row, a click on the centred card opens it at once, and a double-click on any card opens
/// that card (the one under the first press: the first click has by then begun bringing a side
/// card to the centre). A click on the centred card does not wait to see whether a second follows;
/// the double-click it may begin is ignored (the card is opening already).
///
/// In the view a single click does nothing, so it never waits either. A double-click on the photo
/// toggles fit and 1:1 about the clicked point; at fit, on the letterbox outside the photo or on
/// a photo whose fit is already 1:1 (where toggling would change nothing), it closes the view.
extension FullViewState {
    /// Where the last single click was, for the double-click it may begin.
    enum ClickPlace: Equatable, Sendable {
        /// On the row, over card `card` (nil: between cards).
        case row(card: Int?)
        /// On the centred card, which it opened.
        case opened
        /// In the open view.
        case view
    }

    /// A click completed on the row by `event`, a release. Returns whether it opened a card (the
    /// row must not see the release then).
    mutating func clickOnRow(_ click: ClickCounter.Click, releasedBy event: PointerEvent,
                             row: inout ScrollController) -> Bool {
        let onCard = row.click(endedBy: event)
        if click.isDouble {
            defer { lastClick = nil }
            guard case .row(let card?) = lastClick else { return false }
            open(card, row: &row, at: event.time)
            return view != nil
        }
        if let onCard, onCard.isCentred {
            lastClick = .opened
            open(onCard.card, row: &row, at: event.time)
            return view != nil
        }
        lastClick = .row(card: onCard?.card ?? row.layout.cardIndex(at: click.position, scroll: row.offset(at: event.time)))
        return false
    }

    /// A click completed in the open view at `time` (after the view has had the release).
    mutating func clickInView(_ click: ClickCounter.Click, at time: Double, row: inout ScrollController) {
        guard click.isDouble else {
            lastClick = .view
            return
        }
        defer { lastClick = nil }
        guard lastClick == .view, var view = shown(at: time) else { return }
        view.doubleClick(at: click.position, time: time, row: &row)
        self.view = view
    }
}

extension FullView {
    /// A double-click at `point` (window points) at `time`: 1:1 about it from fit, back to fit
    /// when zoomed; at fit outside the photo, or where fit is 1:1 already, it closes the view.
    /// Ignored while closing, while the photo is held or pulled down, and while paging.
    mutating func doubleClick(at point: Point, time: Double, row: inout ScrollController) {
        guard transition.isOpening, !zoom.isHeld, !dismiss.isDragging, !strip.isDragging,
              strip.destinationPage(at: time) == strip.page(at: time) else { return }
        if zoom.isFitted(at: time) {
            let photo = openFrame(at: time).photo
            let onPhoto = point.x >= photo.x && point.x < photo.maxX && point.y >= photo.y && point.y < photo.maxY
            if !onPhoto || zoom.placement(at: time).fitScale >= 1 {
                close(at: time, row: &row)
                return
            }
        }
        zoom.toggleZoom(about: point, at: time)
    }
}
