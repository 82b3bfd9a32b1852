import SwivelPhotos

extension DecodedImage {
    /// (r, g, b, a) of pixel (x, y).
    func rgba(_ x: Int, _ y: Int) -> [Int] {
        let i = (y * width + x) * 4
        return pixels[i..<(i + 4)].map(Int.init)
    }

    /// Whether every pixel is within `tolerance` of `expected` in every channel.
    func isAll(_ expected: [Int], tolerance: Int = 0) -> Bool {
        (0..<height).allSatisfy { y in
            (0..<width).allSatisfy { x in zip(rgba(x, y), expected).allSatisfy { abs($0 - $1) <= tolerance } }
        }
    }
}
