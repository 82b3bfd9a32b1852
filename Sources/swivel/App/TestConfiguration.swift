import SwivelBox
import Glibc
import SwivelPhotos

/// Debug builds only, for the tests: every `SWIVEL_TEST_*` variable, read in this one place into
/// one value, once. Release builds read none of them (`current` is `.none` there).
struct TestConfiguration: Sendable {
    /// `SWIVEL_TEST_MAX_TEXTURE_SIZE=N`: the full view tiles its photos at N pixels, as if that
    /// were the texture limit (the tests' way to tile a photo of a few hundred pixels).
    var maximumTextureSize: Int?

    /// `SWIVEL_TEST_FRAME_LOG=1` (or `=pixels`): a line on stderr for each frame drawn (`FrameLog`).
    var frameLog: FrameLogDetail?
    enum FrameLogDetail: Sendable { case lines, pixels }

    /// `SWIVEL_TEST_GPU_FULL=NAME`: the upload of the photo captioned NAME fails as a driver out of
    /// memory does; `SWIVEL_TEST_SLOW_DECODE=NAME`: its decode takes 60 s more (`InjectedFaults`).
    var deckFaults = InjectedFaults.none

    /// `SWIVEL_TEST_SOAK_FAULT=gl-error|texture-leak|frame-leak|upload-leak`: the soak meets that
    /// fault after its warm-up (`Soak`).
    var soakFault: String?

    /// `SWIVEL_TEST_WATCH_LIMIT=N`, `SWIVEL_TEST_QUEUE_OVERFLOW=N`: the folder watch's failures
    /// (`FolderWatch.Faults`: every watch after the first N fails; every event after the first N is lost).
    var folderWatchFaults = FolderWatch.Faults()

    /// `SWIVEL_TEST_UNCONFINED=landlock,seccomp`: decoder workers leave those parts of their
    /// confinement out, as on a kernel that lacks them (`Confinement.Part`).
    var unconfined: Set<Confinement.Part> = []

    static let none = TestConfiguration()

    static let current: TestConfiguration = {
        #if DEBUG
        func value(_ name: String) -> String? { getenv(name).map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } }
        var configuration = TestConfiguration()
        configuration.maximumTextureSize = value("SWIVEL_TEST_MAX_TEXTURE_SIZE").flatMap { Int($0) }
        configuration.frameLog = getenv("SWIVEL_TEST_FRAME_LOG").map { String(cString: $0) == "pixels" ? .pixels : .lines }
        configuration.deckFaults = InjectedFaults(uploadFails: value("SWIVEL_TEST_GPU_FULL"), slowDecode: value("SWIVEL_TEST_SLOW_DECODE"))
        configuration.soakFault = value("SWIVEL_TEST_SOAK_FAULT")
        configuration.unconfined = Set((value("SWIVEL_TEST_UNCONFINED") ?? "").split(separator: ",")
            .compactMap { Confinement.Part(rawValue: String($0)) })
        configuration.folderWatchFaults = FolderWatch.Faults(watchLimit: value("SWIVEL_TEST_WATCH_LIMIT").flatMap { Int($0) },
                                                             overflowAfter: value("SWIVEL_TEST_QUEUE_OVERFLOW").flatMap { Int($0) })
        return configuration
        #else
        return .none
        #endif
    }()
}
