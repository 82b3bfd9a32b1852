/// Which photos the row and the full view show, by their ratings (`--min-rating`, `--label`,
/// `--rejected`, and Alt with the rating keys): at least so many stars, only one label, and
/// rejected photos shown, hidden or shown alone, as darktable's and gThumb's rating filters.
/// With none of it set (`isOff`) every photo shows, read or not.
public struct RatingFilter: Equatable, Hashable, Sendable {
    /// What happens to rejected photos.
    public enum Rejected: String, CaseIterable, Equatable, Hashable, Sendable {
        /// Shown with the others (the default: a cull that rejects sees what it rejected).
        case show
        /// Left out.
        case hide
        /// Shown alone: the photos to go through before deleting them.
        case only
    }

    /// At least this many stars, 0–5 (0: any; a rejected photo has none, so 1–5 leave it out).
    public var minimumStars: Int
    /// Only photos with this label (any case: "red" finds Lightroom's "Red"; a name Swivel does not
    /// draw, such as "Approved", too); nil: any label or none.
    public var label: String?
    public var rejected: Rejected

    public static let off = RatingFilter()

    public init(minimumStars: Int = 0, label: String? = nil, rejected: Rejected = .show) {
        self.minimumStars = min(max(minimumStars, 0), 5)
        self.label = label.flatMap { $0.isEmpty ? nil : $0 }
        self.rejected = rejected
    }

    public var isOff: Bool { self == .off }

    /// Whether a photo rated `rating` shows.
    public func passes(_ rating: Rating) -> Bool {
        switch rejected {
        case .show: break
        case .hide: if rating.isRejected { return false }
        case .only: if !rating.isRejected { return false }
        }
        if rating.stars < minimumStars { return false }
        if let label, rating.label?.lowercased() != label.lowercased() { return false }
        return true
    }

    // MARK: The keys (Alt with the rating keys)

    /// Alt+0…Alt+5: at least `stars` stars. Rejected photos alone and a minimum of stars cannot
    /// both hold (a rejected photo has none), so a minimum brings the rejected back to shown.
    public mutating func showAtLeast(_ stars: Int) {
        minimumStars = min(max(stars, 0), 5)
        if minimumStars > 0, rejected == .only { rejected = .show }
    }

    /// Alt+6…Alt+9, Alt+P: only `colour`'s photos; again: any label.
    public mutating func toggle(_ colour: ColourLabel) {
        label = label.flatMap(ColourLabel.init(named:)) == colour ? nil : colour.name
    }

    /// Alt+X: rejected photos shown → hidden → shown alone → shown. Alone, the minimum of stars
    /// goes (it would hide them all).
    public mutating func cycleRejected() {
        switch rejected {
        case .show: rejected = .hide
        case .hide:
            rejected = .only
            minimumStars = 0
        case .only: rejected = .show
        }
    }

    /// What the notice line says of it: "★★★ or more, Red, rejected hidden"; "all photos" when off.
    public var text: String {
        var parts: [String] = []
        if rejected == .only { parts.append("rejected only") }
        if minimumStars > 0 { parts.append(String(repeating: "★", count: minimumStars) + (minimumStars < 5 ? " or more" : "")) }
        if let label { parts.append(label) }
        if rejected == .hide { parts.append("rejected hidden") }
        return parts.isEmpty ? "all photos" : parts.joined(separator: ", ")
    }
}
