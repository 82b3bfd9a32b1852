/// A quarter turn or a mirror the user gives a photo (R, Shift+R and the flips): what it does to
/// the upright photo. With `Orientation` the eight form the dihedral group of the square, so any
/// run of turns is one orientation (`Orientation.turned(by:)`), which is what a file's EXIF
/// orientation or a lossless JPEG transform then records.
public enum PhotoTurn: String, CaseIterable, Sendable {
    /// 90° clockwise (R).
    case clockwise
    /// 90° anticlockwise (Shift+R).
    case anticlockwise
    /// Left and right swapped, about the vertical centre line.
    case mirror
    /// Upside down, about the horizontal centre line.
    case flip

    /// What it does to a point of the upright photo, about the photo's centre (x right, y down).
    public var matrix: DihedralMatrix {
        switch self {
        case .clockwise: DihedralMatrix(0, -1, 1, 0)
        case .anticlockwise: DihedralMatrix(0, 1, -1, 0)
        case .mirror: DihedralMatrix(-1, 0, 0, 1)
        case .flip: DihedralMatrix(1, 0, 0, -1)
        }
    }

    /// The turn that undoes it.
    public var inverse: PhotoTurn {
        switch self {
        case .clockwise: .anticlockwise
        case .anticlockwise: .clockwise
        case .mirror, .flip: self
        }
    }

    /// Whether the photo's width and height trade places.
    public var swapsSides: Bool { self == .clockwise || self == .anticlockwise }
}

/// A 2×2 matrix of 0 and ±1 entries, `(a b; c d)`, acting on (x, y) about an image's centre with y
/// down: one of the eight symmetries of a rectangle's pixel grid.
public struct DihedralMatrix: Equatable, Hashable, Sendable {
    public let a: Int, b: Int, c: Int, d: Int

    public init(_ a: Int, _ b: Int, _ c: Int, _ d: Int) { (self.a, self.b, self.c, self.d) = (a, b, c, d) }

    public static let identity = DihedralMatrix(1, 0, 0, 1)

    /// `self` after `other`: `self · other`.
    public func times(_ other: DihedralMatrix) -> DihedralMatrix {
        DihedralMatrix(a * other.a + b * other.c, a * other.b + b * other.d, c * other.a + d * other.c, c * other.b + d * other.d)
    }

    /// The inverse (the transpose: every one of them is orthogonal).
    public var inverse: DihedralMatrix { DihedralMatrix(a, c, b, d) }

    /// Whether it sends x to ±y (width and height trade places).
    public var swapsSides: Bool { a == 0 }
}

extension Orientation {
    /// Where the stored image's pixels go to stand upright, about its centre (x right, y down):
    /// the mapping `storedPixel` inverts.
    public var matrix: DihedralMatrix {
        switch self {
        case .up: .identity
        case .mirrored: DihedralMatrix(-1, 0, 0, 1)
        case .down: DihedralMatrix(-1, 0, 0, -1)
        case .flipped: DihedralMatrix(1, 0, 0, -1)
        case .transposed: DihedralMatrix(0, 1, 1, 0)
        case .right: DihedralMatrix(0, -1, 1, 0)
        case .transverse: DihedralMatrix(0, -1, -1, 0)
        case .left: DihedralMatrix(0, 1, -1, 0)
        }
    }

    /// The orientation whose matrix is `matrix` (each of the eight is one).
    public init(matrix: DihedralMatrix) {
        self = Orientation.allCases.first { $0.matrix == matrix } ?? .up
    }

    /// The orientation of the stored pixels once the upright photo is turned by `turn`: a file
    /// that records it shows the photo turned.
    public func turned(by turn: PhotoTurn) -> Orientation {
        Orientation(matrix: turn.matrix.times(matrix))
    }
}
