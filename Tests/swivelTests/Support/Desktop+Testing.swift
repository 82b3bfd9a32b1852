import SwivelTestSupport
import Testing

/// Each test that takes a `Desktop` is named after it ("xvfb", "sway").
extension Desktop: CustomTestStringConvertible {
    public var testDescription: String { rawValue }
}
