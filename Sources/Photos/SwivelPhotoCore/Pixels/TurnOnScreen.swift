import SwivelCore

/// A photo's turns on screen (R, Shift+R, the flips), beyond the pixels its texture holds, as a
/// pure function of time like every other animation: each turn eases in over `duration` on the
/// project's ease (`EaseSimulation` from rest) — a quarter turn as a rotation, a mirror or flip as
/// a swivel about the photo's centre line (the photo narrows to an edge and opens the other way
/// round); with `--reduced-motion` each is whole at once. Turns given while others still move
/// compose with them, so the photo ends as all of them together, whatever the timing.
public struct TurnOnScreen: Equatable, Sendable {
    /// A quarter second: longer than a key's eased move (0.15 s) and the row's closing (0.2 s), so
    /// the turn is seen as one.
    public static let duration = 0.25

    /// One turn easing in from `start`.
    public struct Moving: Equatable, Sendable {
        public let turn: PhotoTurn
        public let start: Double
    }

    /// The turns that have finished, as one.
    public private(set) var settled: DihedralMatrix = .identity
    /// The turns still moving, oldest first.
    public private(set) var moving: [Moving] = []
    public let reducesMotion: Bool

    public init(reducesMotion: Bool) { self.reducesMotion = reducesMotion }

    /// Adds `turn` at `time`.
    public mutating func add(_ turn: PhotoTurn, at time: Double) {
        settle(at: time)
        if reducesMotion {
            settled = turn.matrix.times(settled)
        } else {
            moving.append(Moving(turn: turn, start: time))
        }
    }

    /// Folds the turns finished by `time` into `settled`.
    public mutating func settle(at time: Double) {
        while let first = moving.first, time - first.start >= Self.duration {
            settled = first.turn.matrix.times(settled)
            moving.removeFirst()
        }
    }

    /// Every turn given, as one: where the photo comes to rest.
    public var target: DihedralMatrix { moving.reduce(settled) { $1.turn.matrix.times($0) } }

    /// Whether nothing is turned (at rest as decoded).
    public var isIdentity: Bool { target == .identity && moving.isEmpty }

    public func isAnimating(at time: Double) -> Bool { moving.contains { time - $0.start < Self.duration } }

    /// How far the latest turn has come at `time`, 0…1 (1 when none moves).
    public func latestProgress(at time: Double) -> Double { moving.last.map { Self.progress($0, at: time) } ?? 1 }

    /// How far `moving` has eased in at `time`, 0…1.
    static func progress(_ moving: Moving, at time: Double) -> Double {
        EaseSimulation(from: 0, to: 1, duration: duration).x(time - moving.start)
    }

    /// The linear map from the texture's points to the screen's (about their centres, y down, at
    /// the texture's scale) at `time`: the settled turns, then each moving one as far as it has come.
    public func shape(at time: Double) -> Matrix2 {
        moving.reduce(Matrix2(settled)) { shape, moving in
            let e = Self.progress(moving, at: time)
            let step: Matrix2
            switch moving.turn {
            case .clockwise, .anticlockwise:
                let angle = (moving.turn == .clockwise ? 1.0 : -1.0) * Double.pi / 2 * e
                step = Matrix2(cos(angle), -sin(angle), sin(angle), cos(angle))
            case .mirror:
                step = Matrix2(Self.edgeOn(cos(Double.pi * e)), 0, 0, 1)
            case .flip:
                step = Matrix2(1, 0, 0, Self.edgeOn(cos(Double.pi * e)))
            }
            return step.times(shape)
        }
    }

    /// A swivel's squeeze, kept off exactly 0 (edge on) so that the map can be inverted.
    static func edgeOn(_ x: Double) -> Double { abs(x) < 1e-4 ? (x < 0 ? -1e-4 : 1e-4) : x }

    /// The `ContentTurn` of a photo whose texture (`texture`, any unit) covers a rectangle of
    /// `rect` (a card in the row, or the part of the full view the stand-in shows), as the row
    /// crops it: scaled to cover at rest, from the cover before the latest turn to the cover
    /// after it while it moves (where the turning texture does not reach, the card's colour shows).
    public func covering(_ rect: Size, texture: Size, at time: Double) -> ContentTurn {
        guard !isIdentity, rect.width > 0, rect.height > 0, texture.width > 0, texture.height > 0 else { return .identity }
        let shape = shape(at: time)
        let before = moving.dropLast().reduce(settled) { $1.turn.matrix.times($0) }
        let scale: Double
        if let last = moving.last {
            let e = Self.progress(last, at: time)
            scale = Self.cover(rect, texture: texture, Matrix2(before)) * (1 - e)
                + Self.cover(rect, texture: texture, Matrix2(target)) * e
        } else {
            scale = Self.cover(rect, texture: texture, Matrix2(target))
        }
        return Self.contentTurn(shape.scaled(scale), rect: rect, texture: texture)
    }

    /// The smallest scale at which `texture` mapped by `shape` covers `rect`.
    static func cover(_ rect: Size, texture: Size, _ shape: Matrix2) -> Double {
        let inverse = shape.inverse
        var scale = 0.0
        for (x, y) in [(rect.width / 2, rect.height / 2), (rect.width / 2, -rect.height / 2)] {
            let p = inverse.apply(x, y)
            scale = max(scale, abs(p.0) / (texture.width / 2), abs(p.1) / (texture.height / 2))
        }
        return scale
    }

    /// The texture point (0…1, less ½) for each point of `rect` (0…1, less ½), `map` taking
    /// texture points (in `texture`'s unit) to the rectangle's.
    static func contentTurn(_ map: Matrix2, rect: Size, texture: Size) -> ContentTurn {
        let inverse = map.inverse
        return ContentTurn(inverse.a * rect.width / texture.width, inverse.b * rect.height / texture.width,
                           inverse.c * rect.width / texture.height, inverse.d * rect.height / texture.height)
    }

    /// The full view's photo while it turns: `texture` (the sharp photo's pixels, or its card's)
    /// mapped at `scale` screen points a texture unit about `center`, drawn in the rectangle round
    /// it (which is the photo's fit once the turn is over): that rectangle and its `ContentTurn`.
    public func fitted(texture: Size, scale: Double, center: Point, at time: Double) -> (rect: Rect, turn: ContentTurn) {
        let map = shape(at: time).scaled(scale)
        let halfWidth = (abs(map.a) * texture.width + abs(map.b) * texture.height) / 2
        let halfHeight = (abs(map.c) * texture.width + abs(map.d) * texture.height) / 2
        let rect = Rect(x: center.x - halfWidth, y: center.y - halfHeight, width: 2 * halfWidth, height: 2 * halfHeight)
        guard !isIdentity else { return (rect, .identity) }
        return (rect, Self.contentTurn(map, rect: rect.size, texture: texture))
    }

    /// `size` turned by the settled and moving turns (width and height traded for a quarter turn).
    public func turnedSize(_ size: Size) -> Size { target.swapsSides ? Size(size.height, size.width) : size }
}

/// A real 2×2 matrix `(a b; c d)`.
public struct Matrix2: Equatable, Sendable {
    public var a: Double, b: Double, c: Double, d: Double

    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    public init(_ m: DihedralMatrix) { self.init(Double(m.a), Double(m.b), Double(m.c), Double(m.d)) }

    public func times(_ o: Matrix2) -> Matrix2 {
        Matrix2(a * o.a + b * o.c, a * o.b + b * o.d, c * o.a + d * o.c, c * o.b + d * o.d)
    }

    public func scaled(_ k: Double) -> Matrix2 { Matrix2(a * k, b * k, c * k, d * k) }

    public var inverse: Matrix2 {
        let det = a * d - b * c
        return Matrix2(d / det, -b / det, -c / det, a / det)
    }

    public func apply(_ x: Double, _ y: Double) -> (Double, Double) { (a * x + b * y, c * x + d * y) }
}
