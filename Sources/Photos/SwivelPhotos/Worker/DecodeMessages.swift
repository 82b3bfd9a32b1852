import SwivelCore
import SwivelPhotoCore

/// The decode protocol between the app and a decoder worker (docs/design.md, "Decoders in a
/// box"): one request, one reply, each a line of `key=value` words in one message, the reason of
/// a failure last since it has spaces. The file comes with the request as a descriptor; pixels
/// come back in sealed memfds, the card's first and the thumbnail's second.
///
///     decode target=fill w=W h=H near=X capture=0|1 cpu=S memory=BYTES ext=EXT
///     image w=W h=H ow=OW oh=OH [format=F sw=SW sh=SH thumb=SIZE tw=TW th=TH tow=TOW toh=TOH ms=MS]
///     failed transient=0|1 reason=REASON
///
/// The worker adds `cpu=MS` after every reply's verb: the CPU time the request cost it, all its
/// threads (`WorkerCPU`).
struct DecodeRequest: Equatable {
    var target: DecodeTarget
    /// `ImageDecoder.decode`'s `unresampledUpTo`.
    var unresampledUpTo: Double = 1
    /// Whether to keep a thumbnail of it too (`ThumbnailCapture`).
    var capture = false
    var limits = DecodeLimits.standard
    /// The file's extension, without its dot (some formats are known by it).
    var pathExtension: String

    var text: String {
        let (kind, width, height) = switch target {
        case .fill(let width, let height): ("fill", width, height)
        case .fit(let width, let height): ("fit", width, height)
        }
        return "decode target=\(kind) w=\(width) h=\(height) near=\(unresampledUpTo) capture=\(capture ? 1 : 0) "
            + "cpu=\(limits.cpuSeconds) memory=\(limits.memoryBytes) ext=\(pathExtension)"
    }

    init(target: DecodeTarget, unresampledUpTo: Double = 1, capture: Bool = false, limits: DecodeLimits = .standard,
         pathExtension: String) {
        (self.target, self.unresampledUpTo, self.capture, self.limits, self.pathExtension)
            = (target, unresampledUpTo, capture, limits, pathExtension)
    }

    init?(_ text: String) {
        guard let words = MessageWords(text, verb: "decode", last: "ext"),
              let width = words.int("w"), let height = words.int("h"), width > 0, height > 0,
              let near = words["near"].flatMap(Double.init), let cpu = words.int("cpu"), let memory = words.int("memory"),
              let pathExtension = words["ext"] else { return nil }
        switch words["target"] {
        case "fill": target = .fill(width: width, height: height)
        case "fit": target = .fit(width: width, height: height)
        default: return nil
        }
        unresampledUpTo = near
        capture = words["capture"] == "1"
        limits = DecodeLimits(cpuSeconds: cpu, memoryBytes: memory)
        self.pathExtension = pathExtension
    }
}

/// What a worker may spend on one request.
public struct DecodeLimits: Equatable, Sendable {
    /// CPU time in seconds (`RLIMIT_CPU`): a decode that takes longer is stopped.
    public var cpuSeconds: Int
    /// Memory beyond the worker's own (`RLIMIT_AS` above what it had when it was confined): four
    /// times the largest accepted image's RGBA (`ImageLimits.maxPixels`), for the decoder's
    /// buffers, the resampler's and the card.
    public var memoryBytes: Int

    public init(cpuSeconds: Int, memoryBytes: Int) { (self.cpuSeconds, self.memoryBytes) = (cpuSeconds, memoryBytes) }

    /// A 256 MP HEIC takes about 33 CPU-s here; four times that before a decode counts as stuck.
    public static let standard = DecodeLimits(cpuSeconds: 120, memoryBytes: 4 * ImageLimits.maxPixels * 4)
}

/// A worker's reply to a decode.
enum DecodeReply {
    /// The card (or full-view image) in the first memfd; with a capture, the thumbnail in the second.
    case image(width: Int, height: Int, original: (width: Int, height: Int)?, capture: CaptureFacts?)
    case failed(DecodeFailure)

    /// What a capture kept, but for the thumbnail's pixels.
    struct CaptureFacts {
        var format: ImageFormat?
        var storedSize: (width: Int, height: Int)?
        var thumbnail: (size: ThumbnailSize, width: Int, height: Int, original: (width: Int, height: Int))?
        var milliseconds: Double
    }

    var text: String {
        switch self {
        case .failed(let failure):
            return "failed transient=\(failure.transient ? 1 : 0) reason=\(failure.reason)"
        case .image(let width, let height, let original, let capture):
            var text = "image w=\(width) h=\(height) ow=\(original?.width ?? 0) oh=\(original?.height ?? 0)"
            if let capture {
                text += " format=\(capture.format?.rawValue ?? "-") sw=\(capture.storedSize?.width ?? 0)"
                    + " sh=\(capture.storedSize?.height ?? 0) ms=\(capture.milliseconds)"
                if let thumbnail = capture.thumbnail {
                    text += " thumb=\(thumbnail.size.rawValue) tw=\(thumbnail.width) th=\(thumbnail.height)"
                        + " tow=\(thumbnail.original.width) toh=\(thumbnail.original.height)"
                }
            }
            return text
        }
    }

    init(image width: Int, height: Int, original: (width: Int, height: Int)?, capture: CaptureFacts?) {
        self = .image(width: width, height: height, original: original, capture: capture)
    }

    init(failed failure: DecodeFailure) { self = .failed(failure) }

    init?(_ text: String) {
        if let words = MessageWords(text, verb: "failed", last: "reason") {
            guard let reason = words["reason"] else { return nil }
            self = .failed(DecodeFailure(reason: reason, transient: words["transient"] == "1"))
            return
        }
        guard let words = MessageWords(text, verb: "image", last: nil),
              let width = words.int("w"), let height = words.int("h"), width > 0, height > 0,
              let ow = words.int("ow"), let oh = words.int("oh") else { return nil }
        let original = ow > 0 && oh > 0 ? (ow, oh) : nil
        var capture: CaptureFacts?
        if let format = words["format"], let sw = words.int("sw"), let sh = words.int("sh"),
           let milliseconds = words["ms"].flatMap(Double.init) {
            var facts = CaptureFacts(format: ImageFormat(rawValue: format), storedSize: sw > 0 && sh > 0 ? (sw, sh) : nil,
                                     thumbnail: nil, milliseconds: milliseconds)
            if let side = words.int("thumb"), let size = ThumbnailSize(rawValue: side), let tw = words.int("tw"),
               let th = words.int("th"), let tow = words.int("tow"), let toh = words.int("toh"), tw > 0, th > 0 {
                facts.thumbnail = (size, tw, th, (tow, toh))
            }
            capture = facts
        }
        self = .image(width: width, height: height, original: original, capture: capture)
    }
}

/// A message's words after its verb, `key=value` each; the key `last`'s value runs to the end.
struct MessageWords {
    private var values: [Substring: String] = [:]

    init?(_ text: String, verb: String, last: String?) {
        guard text.hasPrefix(verb + " ") || text == verb else { return nil }
        var rest = text.dropFirst(verb.count).drop { $0 == " " }
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else { return nil }
            let key = rest[..<equals]
            let valueStart = rest.index(after: equals)
            if let last, key == last {
                values[key] = String(rest[valueStart...])
                break
            }
            let end = rest[valueStart...].firstIndex(of: " ") ?? rest.endIndex
            values[key] = String(rest[valueStart..<end])
            rest = rest[end...].drop { $0 == " " }
        }
    }

    subscript(key: Substring) -> String? { values[key] }

    func int(_ key: Substring) -> Int? { values[key].flatMap { Int($0) } }
}
