/// Every number of the seed tutorial's `ColorList` view, in points and degrees.
///
/// The seed (shared/seed/3d-scroll-effect-tutorial.txt, "Final Product"):
/// ```
/// HStack(alignment: .center, spacing: 230) {
///     GeometryReader { geometry in
///         Rectangle().frame(width: 200, height: 300).cornerRadius(16)
///             .shadow(color: Color.black.opacity(0.2), radius: 20, x: 0, y: 0)
///             .rotation3DEffect(Angle(degrees: (minX - 210) / -20), axis: (x: 0, y: 1, z: 0))
///     }
/// }.padding(.horizontal, 210)
/// ```
public struct EffectParameters: Equatable, Sendable {
    /// `.frame(width: 200, height: 300)`.
    public var cardSize = Size(200, 300)
    /// A GeometryReader inside an HStack with no width of its own proposes 10 pt (SwiftUI's
    /// default minimum for a flexible view in a horizontal stack); the card overflows it, centred.
    public var slotWidth = 10.0
    /// `HStack(spacing: 230)`.
    public var spacing = 230.0
    /// `.cornerRadius(16)`.
    public var cornerRadius = 16.0
    /// `.shadow(radius: 20)`: the Gaussian's standard deviation σ, in points.
    public var shadowRadius = 20.0
    /// `.shadow(color: Color.black.opacity(0.2))`: the shadow's peak alpha.
    public var shadowOpacity = 0.2
    /// `Angle(degrees: (minX - 210) / -20)`: degrees of Y rotation per point of distance from the
    /// flat position.
    public var degreesPerPoint = -1.0 / 20.0
    /// `rotation3DEffect(perspective: 1)` (the default): the eye sits at `max(width, height) / perspective`.
    public var perspective = 1.0

    public init() {}

    /// The distance between neighbouring slots' left edges: slot width + stack spacing = 240 pt.
    public var pitch: Double { slotWidth + spacing }

    /// How far the shadow texture and quad reach beyond the card on every side: 3σ.
    public var shadowReach: Double { 3 * shadowRadius }

    /// How far beyond the card its shadow is visible at all (alpha ≥ 1/255): where the shadow
    /// ring stops, so no pixel is shaded for a shadow it cannot show. About 41 pt for the seed.
    public var shadowVisibleReach: Double { min(ShadowProfile(self).visibleReach, shadowReach) }

    /// The card's outline, with the corner radius limited to half the shorter side.
    public var cardOutline: RoundedRect { RoundedRect(size: cardSize, cornerRadius: cornerRadius) }

    /// The eye distance of `rotation3DEffect`: `max(cardW, cardH) / perspective` = 300 pt.
    public var eyeDistance: Double { max(cardSize.width, cardSize.height) / perspective }
}
