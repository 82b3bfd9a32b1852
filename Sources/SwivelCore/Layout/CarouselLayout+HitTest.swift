extension CarouselLayout {
    /// The card drawn at window point `p`, testing its projected rounded rectangle (not its flat
    /// frame). Later cards are painted over earlier ones, so the last card containing `p` wins.
    public func cardIndex(at p: Point, scroll: Double) -> Int? {
        let shape = RoundedRect(size: parameters.cardSize, cornerRadius: parameters.cornerRadius)
        for index in visibleIndices(scroll: scroll).reversed() {
            if let local = projection(index, scroll: scroll).unproject(p),
               shape.contains(u: local.u, v: local.v) {
                return index
            }
        }
        return nil
    }
}
