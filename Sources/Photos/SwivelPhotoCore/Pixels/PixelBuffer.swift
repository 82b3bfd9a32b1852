/// A decoded image's bytes: a Swift array (a decode in this process), or memory another process
/// filled and this one maps (a decoder worker's sealed memfd), read in place either way.
/// `giveBack` returns the memory of bytes no longer needed (rows already on the GPU) while the
/// rest is still read: `madvise` for an array, a hole punched in the memfd for a mapping.
public final class PixelBuffer: @unchecked Sendable {
    private let array: [UInt8]?
    private let base: UnsafeRawPointer?
    public let count: Int
    /// Keeps the mapping alive as long as the buffer (nil for an array).
    private let owner: AnyObject?
    private let release: (@Sendable (UnsafeRawBufferPointer, Range<Int>) -> Void)?

    /// `bytes`, with `release` to give back a range of them.
    public init(_ bytes: [UInt8], release: (@Sendable (UnsafeRawBufferPointer, Range<Int>) -> Void)? = nil) {
        array = bytes
        base = nil
        count = bytes.count
        owner = nil
        self.release = release
    }

    /// `count` bytes at `base`, valid while `owner` lives, which the buffer holds.
    public init(mapped base: UnsafeRawPointer?, count: Int, owner: AnyObject,
                release: (@Sendable (UnsafeRawBufferPointer, Range<Int>) -> Void)? = nil) {
        array = nil
        self.base = base
        self.count = count
        self.owner = owner
        self.release = release
    }

    /// Whether the bytes are another process's mapping (no array behind them).
    public var isMapped: Bool { array == nil }

    /// The bytes, in place, for the length of `body`.
    public func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        if let array { return try array.withUnsafeBytes(body) }
        return try body(UnsafeRawBufferPointer(start: base, count: count))
    }

    /// The bytes as an array: the array itself, or a copy of a mapping.
    public var bytes: [UInt8] {
        array ?? withUnsafeBytes { Array($0) }
    }

    /// Gives back the memory of `range` (whole pages within it), which is not read again.
    public func giveBack(_ range: Range<Int>) {
        guard let release, !range.isEmpty else { return }
        withUnsafeBytes { release($0, range) }
    }
}
