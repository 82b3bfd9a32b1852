import SwivelCore

/// Named starting points for the window and the effect (`--preset NAME`, or `preset = NAME` in a
/// config file). Options given explicitly beside a preset override it, whatever their order.
enum Preset: String, CaseIterable, Sendable {
    /// The tutorial as it ran: an iPhone 430×932 pt window and the seed's parameters, so the padding
    /// is 430/2 − 10/2 = 210 (the seed's `.padding(.horizontal, 210)`) and the flat card spans
    /// x = 115…315.
    case seed

    /// Every preset's name, for messages.
    static var allNames: String { allCases.map(\.rawValue).joined(separator: ", ") }

    func apply(to options: inout Options) {
        switch self {
        case .seed:
            (options.width, options.height) = (430, 932)
            options.parameters = EffectParameters()
            options.background = .white
        }
        options.preset = self
    }
}
