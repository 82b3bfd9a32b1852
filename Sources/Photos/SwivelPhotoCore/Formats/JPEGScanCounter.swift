import Glibc

/// How many scans (SOS markers) a JPEG has, counted from its bytes before libjpeg decodes any of
/// them. libjpeg counts scans only as it decodes them, each a pass over every block of the image:
/// a 1.5 MB progressive JPEG of 16000 × 16000 with 3,000 identical AC scans reached the 500-scan
/// limit after 12 s of CPU and a 512 MB coefficient buffer; walking its markers takes
/// milliseconds and no buffer.
///
/// The walk follows ITU-T T.81 B.1.1: marker segments by their lengths, 0xFF fill bytes allowed
/// before any marker code. Bytes after a segment up to the next 0xFF are stepped over: after an
/// SOS header they are the entropy-coded data, in which a stuffed 0xFF00 and a restart marker
/// (RST0–RST7) stand alone and do not end it, elsewhere bytes libjpeg skips with a warning. The count ends at EOI, as
/// libjpeg's reading does. A frame whose first scan holds all its components and is not
/// progressive has that one scan (libjpeg refuses a second: JERR_EOI_EXPECTED), so the walk stops
/// there, after the headers: a camera's baseline JPEG costs only its first segments.
///
/// Bytes are handed in as they are read (`feed`), so a file is never held whole.
public struct JPEGScanCounter: Sendable {
    /// Scans seen so far.
    public private(set) var scans = 0
    /// Whether more bytes cannot change `scans`: EOI reached, the frame is one scan, or the
    /// count has reached the number it stops at.
    public private(set) var isDone = false
    /// The count at which the walk stops (a limit's first scan over).
    public let stopsAt: Int

    private enum State: Sendable {
        /// Between segments, or in a scan's entropy-coded data: looking for 0xFF.
        case betweenSegments
        /// After 0xFF: the marker code (or more fill).
        case markerCode
        /// The two bytes of a segment's length; `high` once the first is read.
        case length(marker: UInt8, high: UInt8?)
        /// Inside a segment's body: `left` bytes to step over, `body` kept for SOF and SOS headers.
        case body(marker: UInt8, left: Int, kept: [UInt8])
    }
    private var state = State.betweenSegments
    /// The frame header's component count and whether it is progressive (SOF2, 6, 10, 14).
    private var frame: (components: Int, progressive: Bool)?

    public init(stoppingAt stopsAt: Int = .max) { self.stopsAt = stopsAt }

    /// Counts the scans in the next `bytes` of the file.
    public mutating func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var i = 0
        let count = bytes.count
        while i < count && !isDone {
            switch state {
            case .betweenSegments:
                guard let found = memchr(base + i, 0xFF, count - i) else { i = count; continue }
                i = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                state = .markerCode
            case .markerCode:
                let code = base[i]
                i += 1
                marker(code)
            case .length(let marker, let high):
                let byte = base[i]
                i += 1
                guard let high else { state = .length(marker: marker, high: byte); continue }
                let length = Int(high) << 8 | Int(byte)
                guard length >= 2 else { isDone = true; continue }   // not a JPEG's segment: libjpeg refuses it
                state = .body(marker: marker, left: length - 2, kept: [])
                if length == 2 { endOfBody(marker: marker, kept: []) }
            case .body(let marker, let left, var kept):
                let step = min(left, count - i)
                // The headers this walk reads are short: SOF's first 6 bytes, SOS's first 1.
                if isFrameMarker(marker) || marker == 0xDA, kept.count < 6 {
                    kept.append(contentsOf: UnsafeBufferPointer(start: base + i, count: min(step, 6 - kept.count)))
                }
                i += step
                if left - step == 0 { endOfBody(marker: marker, kept: kept) } else { state = .body(marker: marker, left: left - step, kept: kept) }
            }
        }
    }

    private func isFrameMarker(_ code: UInt8) -> Bool {
        (0xC0...0xCF).contains(code) && ![0xC4, 0xC8, 0xCC].contains(code)
    }

    /// A marker's code has been read.
    private mutating func marker(_ code: UInt8) {
        switch code {
        case 0xFF: state = .markerCode                                    // fill
        case 0xD9: isDone = true                                          // EOI
        case 0x00, 0x01, 0xD0...0xD8: state = .betweenSegments           // stuffing, TEM, RSTn, SOI: no segment follows
        default: state = .length(marker: code, high: nil)
        }
    }

    /// A segment's body has been stepped over (`kept`: its first bytes, for SOF and SOS).
    private mutating func endOfBody(marker: UInt8, kept: [UInt8]) {
        if isFrameMarker(marker), kept.count >= 6 {
            // Precision, height, width, then the component count.
            frame = (Int(kept[5]), [0xC2, 0xC6, 0xCA, 0xCE].contains(marker))
        }
        guard marker == 0xDA else { state = .betweenSegments; return }
        scans += 1
        state = .betweenSegments
        if scans >= stopsAt { isDone = true }
        // One scan of every component, not progressive: the frame has no other scan.
        if scans == 1, let frame, !frame.progressive, let inScan = kept.first, Int(inScan) >= frame.components {
            isDone = true
        }
    }
}
