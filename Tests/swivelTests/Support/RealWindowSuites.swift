import Testing

/// The suites that drive the real app in a real window (Xvfb or headless sway) with real input.
/// Their flings depend on when events arrive, so they run one at a time rather than alongside each
/// other on a two-core machine (the other suites still run beside them).
@Suite(.serialized) enum RealWindowSuites {}
