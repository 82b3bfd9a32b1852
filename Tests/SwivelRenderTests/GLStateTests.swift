import SwivelCore
import Testing
@testable import SwivelRender
import SwivelPhotoCore

/// A frame, the renderer's creation, texture uploads and pixel reads leave the GL state as they
/// found it (every entry of `GLStateProbe.observe`, set beforehand to something unusual); and a
/// frame does not depend on the state it starts in.
@Suite(.serialized) struct GLStateTests {
    @Test func framesAndTheRenderersCreationLeaveTheStateAsTheyFoundIt() throws {
        try GLTestContext.withContext(width: 640, height: 360) { _ in
            let objects = GLStateProbe.unusualState()
            let before = GLStateProbe.observe()
            #expect(before["viewport"] == [3, 5, 77, 66] && before["active texture"] == [GLStateProbe.texture3])
            let renderer = try Renderer()
            #expect(GLStateProbe.differences(before, GLStateProbe.observe()) == [], "creating the renderer")
            renderer.fragmentCounter = FragmentCounter()
            let photos = try CardTextures(width: 20, height: 30, layers: 2)
            try photos.upload(MipChain(width: 20, height: 30, pixels: [UInt8](repeating: 200, count: 20 * 30 * 4)), to: 1)
            let text = OverlayImage()
            text.update(width: 3, height: 2, coverage: [0, 255, 0, 255, 0, 255])
            #expect(GLStateProbe.differences(before, GLStateProbe.observe()) == [], "uploading textures")
            let layout = CarouselLayout(viewport: Size(640, 360), cardCount: 7)
            let overlay = Overlay(image: text, origin: Point(10, 10), textColor: .black, panelColor: RGBA8(0, 0, 0, 90),
                                  padding: 4)
            // The colour deck (per card its shadow ring, middle and edge band; the shadow built), then
            // photos (the same for the colour cards, the ring and the body for the photo card, then
            // the overlay).
            let colours = CardScene(layout: layout, scroll: 137)
            let withPhotos = CardScene(viewport: layout.viewport, parameters: layout.parameters,
                                       cards: layout.instances(scroll: 240, image: { $0 == 1 ? CardImage(layer: 1, opacity: 0.5) : nil }),
                                       textures: photos, overlays: [overlay])
            let colourCalls = 3 * colours.cards.count, photoCalls = 3 * (withPhotos.cards.count - 1) + 2 + 1
            #expect(colours.cards.count >= 3 && withPhotos.cards.contains { $0.layer == 1 })
            for (name, scene, calls) in [("colours", colours, colourCalls), ("photos", withPhotos, photoCalls)] {
                renderer.render(scene, pixelWidth: 640, pixelHeight: 360)
                #expect(renderer.drawCalls == calls, "\(name)")
                #expect(GLStateProbe.differences(before, GLStateProbe.observe()) == [], "after the \(name) frame")
            }
            #expect(renderer.shadowBuilds == 1)
            _ = renderer.readPixels(width: 640, height: 360)
            #expect(GLStateProbe.differences(before, GLStateProbe.observe()) == [], "reading pixels")
            #expect(renderer.takeError() == nil)
            withExtendedLifetime(objects) {}
            GLStateProbe.defaultState()
        }
    }

    @Test func aFrameIsTheSameWhateverStateItStartsIn() throws {
        try GLTestContext.withContext(width: 400, height: 300) { _ in
            let layout = CarouselLayout(viewport: Size(400, 300), cardCount: 7)
            GLStateProbe.defaultState()
            let plain = try Renderer()
            plain.render(CardScene(layout: layout, scroll: 137), pixelWidth: 400, pixelHeight: 300)
            let expected = plain.readPixels(width: 400, height: 300)
            // The seed's green card 1 is the one nearest the middle at 137 pt: not all background.
            #expect(Set(stride(from: 0, to: expected.count, by: 4).map { expected[$0 + 1] }).count > 10)
            GLStateProbe.paintWindow()
            let objects = GLStateProbe.unusualState()
            let renderer = try Renderer()
            renderer.render(CardScene(layout: layout, scroll: 137), pixelWidth: 400, pixelHeight: 300)
            let got = renderer.readPixels(width: 400, height: 300)
            #expect(zip(got, expected).filter { $0 != $1 }.count == 0)
            withExtendedLifetime(objects) {}
            GLStateProbe.defaultState()
            #expect(renderer.takeError() == nil)
        }
    }
}
