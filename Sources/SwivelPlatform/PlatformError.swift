/// A failure of the window system, told as one plain line.
public struct PlatformError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
