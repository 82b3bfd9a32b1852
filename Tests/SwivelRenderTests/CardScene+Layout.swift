import SwivelCore
import SwivelRender

extension CardScene {
    /// The seed deck's scene for `layout` at `scroll`, as the app builds it (the tests' shorthand).
    init(layout: CarouselLayout, scroll: Double) {
        self.init(viewport: layout.viewport, parameters: layout.parameters, cards: layout.instances(scroll: scroll))
    }
}
