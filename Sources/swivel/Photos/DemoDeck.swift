import Glibc
import SwivelCore
import SwivelPhotos
import SwivelSystem

/// The built-in sample deck (`--demo`): six small scenes drawn by assets/make-demo.py, embedded in
/// the binary at build time (see the EmbedDemoDeck plugin).
enum DemoDeck {
    /// The embedded images as photo sources. Each is written to an anonymous file (created, then
    /// unlinked at once, so nothing is left behind) and read back through /proc/self/fd, so the
    /// photo decoders need no special case.
    static func sources() -> [PhotoSource] {
        files().compactMap { image in
            let bytes = image.bytes
            let directory = Environment.nonEmpty("TMPDIR") ?? "/tmp"
            var template = Array((directory + "/swivel-demo-XXXXXX").utf8CString)
            let descriptor = mkstemp(&template)
            guard descriptor >= 0 else { return nil }
            unlink(template)
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            guard written == bytes.count else { close(descriptor); return nil }
            return PhotoSource(path: FilePath("/proc/self/fd/\(descriptor)"), name: image.name)
        }
    }

    /// The embedded images' captions and PNG bytes, in the deck's order: "1 Sunset.png" is
    /// "Sunset" (the number only fixes the order).
    static func files() -> [(name: String, bytes: [UInt8])] {
        embedded.compactMap { image in
            guard let bytes = Base64.decode(image.base64) else { return nil }
            var name = image.name
            if name.hasSuffix(".png") { name.removeLast(4) }
            if let space = name.firstIndex(of: " "), name[..<space].allSatisfy(\.isNumber) {
                name = String(name[name.index(after: space)...])
            }
            return (name, bytes)
        }
    }
}
