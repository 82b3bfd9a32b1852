import SwivelCore
import SwivelPhotos

/// What the frame step asks of a photo deck beyond what the state reads (`DeckModel`): to decode
/// what the row wants and upload what is ready (`update`), and how its photos are doing. The app's
/// is `PhotoDeck`, its textures on the GPU; a test's keeps them in memory.
protocol PhotoPipeline: DeckModel {
    /// The step's update for `row` at `time` (`PhotoDeck.update(for:…)`).
    func step(for row: ScrollController, at time: Double, retriesAt: Double?, pixelScale: Double, settled: Bool,
              uploadLimit: Int, uploadSeconds: Double) -> PhotoStep
    /// What the step at `now` may upload (`PhotoDeck.uploads`).
    func uploads(firstFrame: Bool, at now: Double) -> (limit: Int, seconds: Double)
    /// Whether a photo on screen is still fading in at `now`.
    func isFading(now: Double) -> Bool
    /// Whether decoded photos wait to be uploaded, and whether decodes run or wait.
    var hasUploads: Bool { get }
    var hasWork: Bool { get }
    /// Whether every decode asked for has been done (`PhotoDeck.decodesSettled`).
    var decodesSettled: Bool { get }
    /// When a photo that failed for want of descriptors or memory is asked for again.
    var nextRetry: Double? { get }
    /// The window's first frame went up (its open counts from then).
    func firstFrameShown(at time: Double)
    /// Whether every visible card's photo is on the GPU (or its file unreadable).
    func isReady(layout: CarouselLayout, scroll: Double) -> Bool
    /// The full view's sharp photos, decoded on their own thread.
    var fullViewPhotos: FullViewPhotos { get }
}

/// What a photo deck's step did.
struct PhotoStep: Equatable, Sendable {
    /// Photos uploaded, and of those for cards on screen.
    var uploaded = 0, uploadedOnScreen = 0
    /// The ids of the cards whose files turned out unreadable, in the order found (`PhotoDeck.Update.unreadable`).
    var unreadable: [Int] = []
}

extension SwivelPhotos.PhotoDeck: PhotoPipeline {
    func step(for row: ScrollController, at time: Double, retriesAt: Double?, pixelScale: Double, settled: Bool,
              uploadLimit: Int, uploadSeconds: Double) -> PhotoStep {
        let update = update(for: row, at: time, retriesAt: retriesAt, pixelScale: pixelScale, settled: settled,
                            uploadLimit: uploadLimit, uploadSeconds: uploadSeconds)
        return PhotoStep(uploaded: update.uploaded, uploadedOnScreen: update.uploadedOnScreen, unreadable: update.unreadable)
    }
}

/// Where the full view's sharp photos go once decoded (the app's: `SharpPhotoTextures` of GL
/// textures): it does what `SharpPhotoPlan` asks and reports what came.
protocol SharpPhotoStore: AnyObject {
    func perform(_ requests: [SharpPhotoRequest])
    /// The decodes finished for the pages asked for, taken in, and a budget's worth of the open
    /// page's full resolution uploaded nearest `crop`; what came.
    func takeFinished(crop: Rect?, name: (Int) -> String) -> [SharpPhotoEvent]
}
