import SwivelPhotoCore
import SwivelPhotos

/// A photo deck's texture array kept in memory, for decks tested without GL: each layer holds the
/// mip chain the deck put there. The sizes are the app's (`CardTextures`): every mip level, halved
/// down to 1×1, four bytes a pixel.
public final class MemoryCardTextures: PhotoTextureArray {
    public static var maximumLayers: Int { 2048 }
    public static func bytesPerLayer(width: Int, height: Int) -> Int {
        var total = 0, w = width, h = height
        while true {
            total += w * h * 4
            if w == 1 && h == 1 { return total }
            (w, h) = (max(1, w / 2), max(1, h / 2))
        }
    }

    public let width: Int, height: Int, layers: Int
    public private(set) var stored: [Int: MipChain] = [:]

    public init(width: Int, height: Int, layers: Int) throws {
        (self.width, self.height, self.layers) = (width, height, layers)
    }

    public var byteCount: Int { layers * Self.bytesPerLayer(width: width, height: height) }

    public func upload(_ chain: MipChain, to layer: Int) throws {
        guard (0..<layers).contains(layer), chain.levels[0].width == width, chain.levels[0].height == height else {
            throw WrongSize()
        }
        stored[layer] = chain
    }

    public func copyLayers(_ count: Int, from other: MemoryCardTextures) throws {
        for layer in 0..<count { stored[layer] = other.stored[layer] }
    }

    struct WrongSize: Error, CustomStringConvertible { var description: String { "image of the wrong size for the card textures" } }
}
