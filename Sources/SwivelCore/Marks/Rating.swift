/// A photo's rating as the cull keeps it and XMP stores it: `xmp:Rating` (Adobe's XMP
/// specification, part 1, the xmp namespace: −1 rejected, 0 unrated, 1–5 stars) and `xmp:Label`
/// (free text; Lightroom, Bridge and digiKam write the colour names of `ColourLabel`). One value
/// holds both, since a sidecar is written with both at once.
public struct Rating: Equatable, Hashable, Sendable {
    /// −1 rejected, 0 none, 1–5 stars.
    public private(set) var value: Int
    /// The label as the file has it (a name Swivel does not know, such as Lightroom's "Approved"
    /// or a translated colour, is kept as it is and written back unchanged).
    public var label: String?

    public static let none = Rating()
    public static let rejectedValue = -1

    public init(value: Int = 0, label: String? = nil) {
        self.value = min(max(value, Self.rejectedValue), 5)
        self.label = label.flatMap { $0.isEmpty ? nil : $0 }
    }

    public var stars: Int { max(value, 0) }
    public var isRejected: Bool { value == Self.rejectedValue }
    /// The label's colour, when it names one of the five.
    public var colour: ColourLabel? { label.flatMap(ColourLabel.init(named:)) }
    /// Nothing set: no stars, not rejected, no label.
    public var isEmpty: Bool { value == 0 && label == nil }

    /// `stars` stars (0 clears them; a rejected photo is rejected no more).
    public mutating func setStars(_ stars: Int) { value = min(max(stars, 0), 5) }

    /// Rejects the photo, or takes the rejection back (to no stars: the file keeps one number).
    public mutating func toggleRejected() { value = isRejected ? 0 : Self.rejectedValue }

    /// Sets `colour`, or clears it when the photo has it already (as Lightroom's 6–9).
    public mutating func toggle(_ colour: ColourLabel) { label = self.colour == colour ? nil : colour.name }

    /// What the HUD and the title say: "★★★", "rejected", "Red", "★★ Red", "" for nothing.
    public var text: String {
        let mark = isRejected ? "rejected" : String(repeating: "★", count: stars)
        return [mark, label ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }
}

/// The five colour labels of Lightroom and Bridge, by the names they write into `xmp:Label`.
public enum ColourLabel: Int, CaseIterable, Equatable, Hashable, Sendable {
    case red, yellow, green, blue, purple

    public var name: String {
        switch self {
        case .red: "Red"
        case .yellow: "Yellow"
        case .green: "Green"
        case .blue: "Blue"
        case .purple: "Purple"
        }
    }

    /// The label named `name`, in any case ("red", "RED"); nil for any other name.
    public init?(named name: String) {
        let lowered = name.lowercased()
        guard let found = Self.allCases.first(where: { $0.name.lowercased() == lowered }) else { return nil }
        self = found
    }

    /// The colour drawn for it: Lightroom's label colours are its own; these are the iOS system
    /// colours the rest of Swivel draws with (red, yellow, green, blue, purple).
    public var color: RGBA8 {
        switch self {
        case .red: RGBA8(255, 59, 48)
        case .yellow: RGBA8(255, 204, 0)
        case .green: RGBA8(52, 199, 89)
        case .blue: RGBA8(0, 122, 255)
        case .purple: RGBA8(175, 82, 222)
        }
    }
}
