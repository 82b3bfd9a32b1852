import Testing
import SwivelCore
@testable import SwivelPhotoCore

@Suite struct MipChainTests {
    @Test func levelSizesFollowOpenGL() {
        #expect(MipChain.levelCount(width: 200, height: 300) == 9)
        #expect(MipChain.levelCount(width: 1, height: 1) == 1)
        let chain = MipChain(width: 5, height: 3, pixels: [UInt8](repeating: 9, count: 5 * 3 * 4))
        #expect(chain.levels.map { "\($0.width)x\($0.height)" } == ["5x3", "2x1", "1x1"])
        #expect(chain.byteCount == (15 + 2 + 1) * 4)
    }

    @Test func eachTexelIsTheMeanOfFourAbove() {
        // 2×2: red, green / blue, white (opaque) → one texel, the rounded mean.
        let pixels: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255, 255, 255, 255, 255]
        let chain = MipChain(width: 2, height: 2, pixels: pixels)
        #expect(chain.levels.count == 2)
        #expect(chain.levels[1].pixels == [128, 128, 128, 255])
        // A uniform image stays uniform all the way down.
        let grey = MipChain(width: 200, height: 300, pixels: [UInt8](repeating: 77, count: 200 * 300 * 4))
        #expect(grey.levels.last?.pixels == [77, 77, 77, 77])
        #expect(grey.levels[1].width == 100 && grey.levels[1].height == 150)
    }
}
