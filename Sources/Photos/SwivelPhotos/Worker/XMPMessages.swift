import SwivelBox
import SwivelCore
import SwivelPhotoCore

/// The XMP requests of the decode protocol (`DecodeMessages` has the pixels', `InfoMessages` the
/// metadata's): a photo's rating and label, read from its sidecar and its own packet; and a
/// sidecar's new bytes with a rating set, made from the sidecar there is, which the app then
/// writes (the worker can write nothing but its socket). Files come as descriptors, in the order
/// the request names them; the label is percent-encoded (`MessageWords.encoded`).
///
///     xmp photo=0|1 sidecar=0|1                →  xmp [rating=N] [label=L]
///     xmpmerge rating=N [label=L] set=rating|label|both sidecar=0|1
///         →  xmpmerged bytes=N [rating=N] [label=L]   (the sidecar in a sealed memfd; what it now says)
///                                               or failed transient=0 reason=REASON
enum XMPMessages {
    static func readRequest(photo: Bool, sidecar: Bool) -> String { "xmp photo=\(photo ? 1 : 0) sidecar=\(sidecar ? 1 : 0)" }

    /// Whether the request is a read, and which files came with it.
    static func readRequest(_ text: String) -> (photo: Bool, sidecar: Bool)? {
        guard let words = MessageWords(text, verb: "xmp", last: nil), words["photo"] != nil else { return nil }
        return (words["photo"] == "1", words["sidecar"] == "1")
    }

    static func reply(_ found: PhotoXMP.Found) -> String {
        var text = "xmp"
        if let rating = found.rating { text += " rating=\(rating)" }
        if let label = found.label { text += " label=" + MessageWords.encoded(label) }
        return text
    }

    static func found(_ text: String) -> PhotoXMP.Found? {
        guard let words = MessageWords(text, verb: "xmp", last: nil) else { return nil }
        return PhotoXMP.Found(rating: words.int("rating"), label: words.decoded("label"))
    }

    static func mergeRequest(_ rating: Rating, changes: PhotoXMP.Changes, sidecar: Bool) -> String {
        let set = changes == .both ? "both" : changes.rating ? "rating" : "label"
        return "xmpmerge rating=\(rating.value)" + (rating.label.map { " label=" + MessageWords.encoded($0) } ?? "")
            + " set=\(set) sidecar=\(sidecar ? 1 : 0)"
    }

    static func mergeRequest(_ text: String) -> (rating: Rating, changes: PhotoXMP.Changes, sidecar: Bool)? {
        guard let words = MessageWords(text, verb: "xmpmerge", last: nil), let value = words.int("rating") else { return nil }
        let set = words["set"] ?? "both"
        return (Rating(value: value, label: words.decoded("label")),
                PhotoXMP.Changes(rating: set != "label", label: set != "rating"), words["sidecar"] == "1")
    }

    static func merged(bytes: Int, says: PhotoXMP.Found) -> String { "xmpmerged bytes=\(bytes)" + reply(says).dropFirst(3) }

    /// The merged sidecar's size and what it says.
    static func merged(_ text: String) -> (bytes: Int, says: PhotoXMP.Found)? {
        guard let words = MessageWords(text, verb: "xmpmerged", last: nil), let bytes = words.int("bytes") else { return nil }
        return (bytes, PhotoXMP.Found(rating: words.int("rating"), label: words.decoded("label")))
    }

    /// The worker's answer to an XMP request (`files`: the descriptors that came with it), and the
    /// memfd that goes with it; nil when `text` is no XMP request.
    static func answer(_ text: String, files: [Int32]) -> (String, [Int32])? {
        if let (photo, sidecar) = readRequest(text) {
            var files = files[...]
            let photoFile = photo ? files.popFirst() : nil, sidecarFile = sidecar ? files.popFirst() : nil
            return (reply(PhotoXMP.read(photo: photoFile, sidecar: sidecarFile)), [])
        }
        guard let (rating, changes, sidecar) = mergeRequest(text) else { return nil }
        var existing: [UInt8]?
        if sidecar {
            guard let file = files.first, let bytes = PhotoXMP.wholeFile(file) else {
                return (DecodeReply(failed: DecodeFailure(reason: "cannot read the sidecar (over \(PhotoXMP.maxPacketBytes >> 20) MiB?)")).text, [])
            }
            existing = bytes
        }
        do throws(PhotoXMP.Refusal) {
            let (bytes, says) = try PhotoXMP.merged(existing, rating: rating, changes: changes)
            guard let fd = SealedPixels.make(count: bytes.count, fill: { $0.copyMemory(from: UnsafeRawBufferPointer(start: bytes, count: bytes.count)) }) else {
                return (DecodeReply(failed: DecodeFailure(PhotoMemory.outOfMemory)).text, [])
            }
            return (merged(bytes: bytes.count, says: says), [fd])
        } catch {
            return (DecodeReply(failed: DecodeFailure(reason: error.reason)).text, [])
        }
    }
}
