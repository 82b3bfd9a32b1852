import SwivelCore
import Testing
@testable import SwivelRender

/// `GLTextureCount` follows every texture SwivelRender makes and deletes.
@Suite(.serialized) struct GLTextureCountTests {
    @Test func countsTheShadowOverlaysAndPhotoArrays() throws {
        try GLTestContext.withContext(width: 320, height: 180) { _ in
            let before = GLTextureCount.alive
            let createdBefore = GLTextureCount.created
            do {
                let renderer = try Renderer()
                #expect(GLTextureCount.alive == before)      // the shadow is made by the first frame
                let scene = CardScene(layout: CarouselLayout(viewport: Size(320, 180), cardCount: 7), scroll: 0)
                renderer.render(scene, pixelWidth: 320, pixelHeight: 180)
                #expect(GLTextureCount.alive == before + 1)
                // Each rebuild makes three (silhouette, blur across, result) and deletes three
                // (the two scratch ones and the old result).
                for pixels in [160, 640, 320] {
                    renderer.render(scene, pixelWidth: pixels, pixelHeight: pixels * 9 / 16)
                }
                #expect(renderer.shadowBuilds == 4)
                #expect(GLTextureCount.created == createdBefore + 12)
                #expect(GLTextureCount.alive == before + 1)

                let uses = GLTextureCount.Use.allCases.map { GLTextureCount.alive($0) }
                var overlay: OverlayImage? = OverlayImage()
                var photos: CardTextures? = try CardTextures(width: 20, height: 30, layers: 3)
                #expect(GLTextureCount.alive == before + 3)
                // Each counted for its use: one overlay image, one photo array, nothing else new.
                let added = zip(GLTextureCount.Use.allCases.map { GLTextureCount.alive($0) }, uses).map { $0 - $1 }
                #expect(added == GLTextureCount.Use.allCases.map { [.overlay, .photoArray].contains($0) ? 1 : 0 })
                overlay?.update(width: 2, height: 1, coverage: [0, 255])
                overlay = nil
                photos = nil
                #expect(overlay == nil && photos == nil)
                #expect(GLTextureCount.alive == before + 1)
                #expect(GLTextureCount.Use.allCases.map { GLTextureCount.alive($0) } == uses)
                #expect(renderer.takeError() == nil)
            }
            #expect(GLTextureCount.alive == before)
        }
    }
}
