import Glibc
import SwivelBox
import SwivelCore
import SwivelPhotoCore
import SwivelSystem

/// A decoder worker's side: readies the libraries, confines the process, then answers requests
/// on its socket until the app closes it. The first message it sends is `ready`, with what part
/// of the confinement could not be set up, if any: `ready missing=Landlock: the kernel has none`.
public enum DecodeService {
    /// Runs the worker on `channel` (its descriptor 3); returns when the app has gone. `libraries`:
    /// the names (`DecoderPool.workerArguments`) of the decoder libraries to load before it is
    /// confined, nil for all of them. `unconfined`: parts of the confinement left out (tests).
    public static func serve(_ channel: WorkerChannel, libraries: String? = nil, unconfined: Set<Confinement.Part> = []) {
        // One decode's heap kept for the next (given back when idle, below): `MallocThresholds`.
        MallocThresholds.keepBetweenDecodes()
        prepareToBeConfined(libraries.map(DecoderLibrary.named) ?? Set(DecoderLibrary.allCases))
        let baseline = Confinement.addressSpaceBytes()
        let missing = Confinement.apply(socket: channel.descriptor, without: unconfined)
        // A worker ends with the app, also in the middle of a decode (no library looks at the
        // socket while it decodes): the app that quits or crashes leaves no worker running on.
        // Started confined, since a new thread inherits Landlock's domain and Landlock binds the
        // thread that asked alone.
        startThread(named: "swivel-app-gone") {
            channel.waitUntilClosed()
            _exit(0)
        }
        channel.send(missing.isEmpty ? "ready" : "ready missing=" + missing.joined(separator: "; "))
        while true {
            // A worker idle for `idleTrimSeconds` gives back to the kernel what its decodes freed
            // and glibc kept: an idle worker after a 12 MP JPEG held 8.5 MB PSS, 5.9 MB before its
            // first. Not after every request: the next decode would fault its buffers in again
            // (12 % more CPU a 12 MP JPEG, measured).
            var received = channel.receive(timeout: Self.idleTrimSeconds, every: Self.idleTrimSeconds)
            if case .timedOut = received {
                _ = malloc_trim(0)
                received = channel.receiveBlocking()
            }
            guard case .message(let message) = received else { return }
            defer { message.descriptors.forEach { close($0) } }
            var (text, fds) = answer(message, baseline: baseline)
            // A request that asked for a library this worker did not load is answered by a worker
            // that has it: the app starts one and asks again.
            let wanted = DecoderLibrary.takeWanted()
            if !wanted.isEmpty {
                fds.forEach { close($0) }
                (text, fds) = (DecoderLibrary.needsMessage(wanted), [])
            }
            channel.send(text, descriptors: fds)
            fds.forEach { close($0) }
        }
    }

    /// How long a worker waits for its next request before it trims its heap.
    static let idleTrimSeconds = 1.0

    /// Everything a decode may need from the file system, before Landlock and seccomp close it:
    /// `libraries` loaded and the rest sealed off (none can be opened after; one asked for is
    /// noted, and the request answered `needs`), SDL2_image's codecs and libheif's plugins set up,
    /// and the time zone read (lcms2 stamps profiles with localtime). Loading only what the deck's
    /// files need keeps a worker's start and memory small: all fifteen libraries and theirs (the
    /// AV1 and HEVC codecs, SDL2_image's) cost 20–30 ms of CPU and about 4 MiB PSS a worker.
    static func prepareToBeConfined(_ libraries: Set<DecoderLibrary>) {
        LibraryMessages.filtered()
        for library in DecoderLibrary.allCases where libraries.contains(library) { _ = library.isAvailable }
        if libraries.contains(.sdlImage) { _ = SDLImageCodecs.ready }
        if libraries.contains(.heif), DecoderLibrary.heif.isAvailable { _ = HEIFDecoder.initialised }
        if libraries.contains(.exempi) { _ = PhotoXMP.ready }
        tzset()
        DecoderLibrary.seal()
    }

    /// The reply to one request, and the memfds that go with it.
    static func answer(_ message: WorkerChannel.Message, baseline: Int) -> (String, [Int32]) {
        let startCPU = processCPUMilliseconds()
        let (text, fds) = reply(message, baseline: baseline)
        // Every reply says what the request cost this process, all its threads: right after its
        // verb, since a failure's reason runs to the end.
        let verb = text.prefix { $0 != " " }
        return (verb + " cpu=\(processCPUMilliseconds() - startCPU)" + text.dropFirst(verb.count), fds)
    }

    /// This process's user and system CPU time so far, in milliseconds.
    private static func processCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        func ms(_ t: timeval) -> Double { Double(t.tv_sec) * 1000 + Double(t.tv_usec) / 1000 }
        return ms(usage.ru_utime) + ms(usage.ru_stime)
    }

    private static func reply(_ message: WorkerChannel.Message, baseline: Int) -> (String, [Int32]) {
        #if DEBUG
        if let (misbehaviour, cpuSeconds) = Misbehaviour.parse(message.text) {
            let outcome = misbehaviour.act(cpuSeconds: cpuSeconds, baseline: baseline)
            return (DecodeReply(failed: DecodeFailure(reason: "the decoder " + outcome)).text, [])
        }
        #endif
        if let answer = XMPMessages.answer(message.text, files: message.descriptors) { return answer }
        if let file = message.descriptors.first {
            let standard = DecodeLimits.standard
            func limited() { Confinement.limit(cpuSeconds: standard.cpuSeconds, addressBytes: baseline + standard.memoryBytes) }
            if let pathExtension = InfoMessages.pathExtension(ofInfoRequest: message.text) {
                limited()
                return (InfoMessages.reply(PhotoInfo.read(descriptor: file, fileName: "", pathExtension: pathExtension)), [])
            }
            if let keys = InfoMessages.keys(ofChunksRequest: message.text) {
                limited()
                let chunks = (try? OpenFile(descriptor: file)).flatMap { ThumbnailCache.chunks($0, needing: keys.needing) }
                return (InfoMessages.reply(chunks, keys: keys.all), [])
            }
            if message.text == InfoMessages.takenRequest {
                limited()
                return (InfoMessages.reply(taken: DateTaken.dateTaken(descriptor: file)), [])
            }
            if let (turn, pathExtension) = TurnMessages.parse(request: message.text) {
                limited()
                return turned(descriptor: file, pathExtension: pathExtension, by: turn)
            }
        }
        guard let request = DecodeRequest(message.text), let file = message.descriptors.first else {
            return (DecodeReply(failed: DecodeFailure(reason: "the decoder could not read its request")).text, [])
        }
        Confinement.limit(cpuSeconds: request.limits.cpuSeconds, addressBytes: baseline + request.limits.memoryBytes)
        let capture = request.capture ? ThumbnailCapture(card: request.target.size) : nil
        let decode = { () throws(DecodeFailure) -> DecodedImage in
            try ImageDecoder.decode(descriptor: file, pathExtension: request.pathExtension, target: request.target,
                                    unresampledUpTo: request.unresampledUpTo)
        }
        let image: DecodedImage
        do throws(DecodeFailure) {
            if let capture { image = try capture.during(decode) } else { image = try decode() }
        } catch {
            return (DecodeReply(failed: error).text, [])
        }
        var fds: [Int32] = []
        guard let card = sealed(image) else { return (DecodeReply(failed: DecodeFailure(PhotoMemory.outOfMemory)).text, []) }
        fds.append(card)
        var facts: DecodeReply.CaptureFacts?
        if let capture {
            facts = DecodeReply.CaptureFacts(format: capture.format, storedSize: capture.storedSize, thumbnail: nil,
                                             milliseconds: capture.cpuMilliseconds)
            if let (size, thumbnail, original) = capture.captured, let fd = sealed(thumbnail) {
                facts?.thumbnail = (size, thumbnail.width, thumbnail.height, original)
                fds.append(fd)
            }
        }
        return (DecodeReply(image: image.width, height: image.height, original: image.original, capture: facts).text, fds)
    }

    /// The reply to a turn: the new file's bytes in a sealed memfd.
    private static func turned(descriptor: Int32, pathExtension: String, by turn: PhotoTurn) -> (String, [Int32]) {
        do throws(DecodeFailure) {
            let turned = try PhotoTurner.turn(descriptor: descriptor, pathExtension: pathExtension, by: turn)
            guard let fd = SealedPixels.make(count: turned.bytes.count, fill: { buffer in
                turned.bytes.withUnsafeBytes { buffer.copyMemory(from: $0) }
            }) else { return (DecodeReply(failed: DecodeFailure(PhotoMemory.outOfMemory)).text, []) }
            return (TurnMessages.reply(turned.method, count: turned.bytes.count), [fd])
        } catch {
            return (DecodeReply(failed: error).text, [])
        }
    }

    /// `image`'s pixels in a sealed memfd.
    private static func sealed(_ image: DecodedImage) -> Int32? {
        SealedPixels.make(count: image.buffer.count) { buffer in
            image.buffer.withUnsafeBytes { buffer.copyMemory(from: $0) }
        }
    }
}

extension DecodeTarget {
    /// The bound's width and height, whichever kind.
    var size: (width: Int, height: Int) {
        switch self {
        case .fill(let width, let height), .fit(let width, let height): (width, height)
        }
    }
}

/// glibc's `malloc_trim`, which the Glibc module does not export.
@_silgen_name("malloc_trim") private func malloc_trim(_ pad: Int) -> Int32
