#if DEBUG
import Glibc
import SwivelBox

/// Debug builds only: a decoder that misbehaves on request (`misbehave act=ACT cpu=S`), for the tests
/// that show a worker's misdeeds end at the worker and cost one photo. Each act is what a
/// compromised or broken decoding library might do.
enum Misbehaviour: String {
    case openFile = "open"          // read /etc/passwd
    case openSocket = "socket"      // talk to the network
    case execute = "exec"           // run a program
    case writePath = "write"        // write a file by its path
    case loop = "loop"              // never return
    case allocate = "allocate"      // take 8 GB
    case crash = "segv"             // touch memory that is not there
    case abort = "abort"            // abort()

    /// The request's act and its CPU limit.
    static func parse(_ text: String) -> (Misbehaviour, cpuSeconds: Int)? {
        guard let words = MessageWords(text, verb: "misbehave", last: nil),
              let misbehaviour = words["act"].flatMap(Misbehaviour.init(rawValue:)) else { return nil }
        return (misbehaviour, words.int("cpu") ?? DecodeLimits.standard.cpuSeconds)
    }

    /// Misbehaves under a decode's limits (`cpuSeconds`, the standard memory above `baseline`);
    /// returns what came of an act that did not end the process.
    func act(cpuSeconds: Int, baseline: Int) -> String {
        Confinement.limit(cpuSeconds: cpuSeconds, addressBytes: baseline + DecodeLimits.standard.memoryBytes)
        switch self {
        case .openFile:
            let fd = open("/etc/passwd", O_RDONLY)
            if fd < 0 { return "could not open /etc/passwd: \(String(cString: strerror(errno)))" }
            return "opened /etc/passwd"
        case .openSocket:
            _ = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        case .execute:
            let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/true"), nil]
            _ = execv("/bin/true", argv)
        case .writePath:
            let fd = open("/tmp/swivel-misbehaved", O_WRONLY | O_CREAT, 0o644)
            if fd < 0 { return "could not create /tmp/swivel-misbehaved: \(String(cString: strerror(errno)))" }
            return "created /tmp/swivel-misbehaved"
        case .loop:
            var spin = 0
            while true { spin &+= 1; if spin == -1 { break } }
        case .allocate:
            let bytes = [UInt8](repeating: 1, count: 8 << 30)
            _ = bytes.withUnsafeBytes { $0.reduce(0) { $0 &+ $1 } }
        case .crash:
            UnsafeMutablePointer<Int>(bitPattern: 8)!.pointee = 1
        case .abort:
            Glibc.abort()
        }
        return "misbehaved and went on"
    }
}
#endif
