/// A `DecodeCancellation` as C readers take it: a context pointer and a function of it that
/// answers 1 once the decode is cancelled (an atomic load: cheap enough to ask every row).
/// The context is unretained: the caller keeps the cancellation alive for the whole C call.
extension DecodeCancellation {
    var cContext: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

    static let cIsCancelled: @convention(c) (UnsafeMutableRawPointer?) -> Int32 = { context in
        guard let context else { return 0 }
        return Unmanaged<DecodeCancellation>.fromOpaque(context).takeUnretainedValue().isCancelled ? 1 : 0
    }
}
