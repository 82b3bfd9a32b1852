/// What a decode is for: a card (the photo cropped to fill exactly a size) or the full view (the
/// whole photo within a bound).
public enum DecodeTarget: Equatable, Sendable {
    /// Exactly `width` × `height`, the photo centre-cropped to that aspect (`AspectFill.crop`).
    case fill(width: Int, height: Int)
    /// The whole photo, upright, at the largest size of its own aspect within `width` × `height`,
    /// never enlarged: a bound at least the photo's size gives its full resolution.
    case fit(width: Int, height: Int)

    /// The size of the decoded pixels for a photo `upright` pixels in size (after its
    /// orientation): the card's size, or the fitted size.
    public func outputSize(upright: (width: Int, height: Int)) -> (width: Int, height: Int) {
        switch self {
        case .fill(let width, let height): (width, height)
        case .fit(let width, let height): Self.fitted(upright, within: (width, height))
        }
    }

    /// `image` scaled by one factor to lie within `bound`, never enlarged: the side that binds is
    /// the bound's, the other rounded to the nearest pixel (half up; ImageMagick's `-resize WxH`
    /// rounds the same way), at least 1. Aspects are compared by cross-multiplying, so that a
    /// photo of the bound's aspect fills it exactly.
    public static func fitted(_ image: (width: Int, height: Int), within bound: (width: Int, height: Int))
        -> (width: Int, height: Int) {
        guard image.width > 0, image.height > 0, bound.width > 0, bound.height > 0 else { return (1, 1) }
        if image.width <= bound.width && image.height <= bound.height { return image }
        if image.width * bound.height >= bound.width * image.height {
            // Wider than the bound: its width binds.
            return (bound.width, max(1, (2 * image.height * bound.width + image.width) / (2 * image.width)))
        }
        return (max(1, (2 * image.width * bound.height + image.height) / (2 * image.height)), bound.height)
    }
}
