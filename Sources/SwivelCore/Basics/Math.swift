// The only platform import of SwivelCore: the C library's libm (sin, cos, exp, erfc, …), which the
// Swift standard library does not expose on its own. Everything else in this module is plain Swift.
#if canImport(Glibc)
@_exported import func Glibc.sin
@_exported import func Glibc.cos
@_exported import func Glibc.exp
@_exported import func Glibc.expm1
@_exported import func Glibc.log
@_exported import func Glibc.log1p
@_exported import func Glibc.pow
@_exported import func Glibc.erfc
#elseif canImport(Darwin)
@_exported import func Darwin.sin
@_exported import func Darwin.cos
@_exported import func Darwin.exp
@_exported import func Darwin.expm1
@_exported import func Darwin.log
@_exported import func Darwin.log1p
@_exported import func Darwin.pow
@_exported import func Darwin.erfc
#endif

/// Degrees to radians.
@inlinable public func radians(_ degrees: Double) -> Double { degrees * .pi / 180 }
