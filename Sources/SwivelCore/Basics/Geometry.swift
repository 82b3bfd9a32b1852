/// A point in window coordinates, in points (not pixels): x to the right, y down.
public struct Point: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) { self.x = x; self.y = y }
    public var description: String { "(\(x), \(y))" }
}

/// A width and height, in points unless said otherwise.
public struct Size: Equatable, Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) { self.width = width; self.height = height }
    public var description: String { "\(width)x\(height)" }
}
