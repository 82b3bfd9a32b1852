import SwivelCore
import SwivelPhotoCore
import SwivelPhotos
import SwivelSystem

/// Does what the app's state asks off the frame loop (`ActionRequest`) and keeps what came of it
/// for the next frame step (`takeFinished`). The app's is `ActionRunner`; a test may give its own.
protocol ActionPerformer: AnyObject {
    func perform(_ request: ActionRequest)
    /// What has finished since the last call, in the order finished.
    func takeFinished() -> [ActionResult]
    /// Whether nothing is under way or waiting (what a test's clock waits for, by condition).
    var isIdle: Bool { get }
}

/// The app's `ActionPerformer`: file writes (turns and their undos) one at a time, in the order
/// asked, on a thread of their own, so that a 20 MB JPEG's transform and `fsync` never hold up a
/// frame; each program (a photo opened in another, the key handler) on a thread of its own (an
/// editor run by `--editor` lasts as long as the user keeps it open), given `environment`. Each
/// result wakes the frame loop (`wake`).
final class ActionRunner: ActionPerformer, @unchecked Sendable {
    private let condition = Condition()
    private var waiting: [ActionRequest] = []
    private var running = 0
    private var finished: [ActionResult] = []
    private var threadStarted = false
    private let wake: @Sendable () -> Void
    private let environment: [String: String]

    init(wake: @escaping @Sendable () -> Void, environment: [String: String]) {
        (self.wake, self.environment) = (wake, environment)
    }

    func perform(_ request: ActionRequest) {
        let program: (@Sendable () -> ActionResult)?
        switch request {
        case .open(let path, let editor):
            program = { [environment] in .opened(path, OpenElsewhere.open(path, editor: editor, environment: environment)) }
        case .runKeyHandler(let key, let input):
            program = { [environment] in .keyHandled(key, KeyHandler.run(key, input: input, environment: environment)) }
        default:
            program = nil
        }
        if let program {
            condition.withLock { running += 1 }
            _ = startThread(named: "swivel-program") { [self] in
                let result = program()
                finish(result)
            }
            return
        }
        let start = condition.withLock { () -> Bool in
            waiting.append(request)
            defer { threadStarted = true }
            return !threadStarted
        }
        condition.broadcast()
        if start {
            _ = startThread(named: "swivel-file-writes") { [self] in writeFiles() }
        }
    }

    func takeFinished() -> [ActionResult] {
        condition.withLock {
            defer { finished = [] }
            return finished
        }
    }

    var isIdle: Bool { condition.withLock { waiting.isEmpty && running == 0 } }

    /// Waits (by condition, at most `seconds`) until nothing is under way or waiting.
    @discardableResult
    func waitUntilIdle(seconds: Double) -> Bool {
        let deadline = MonotonicClock.now + .seconds(seconds)
        return condition.withLock {
            while !(waiting.isEmpty && running == 0) && MonotonicClock.now < deadline { _ = condition.wait(seconds: 0.5) }
            return waiting.isEmpty && running == 0
        }
    }

    /// The file-writing thread: each request in turn, for the life of the process.
    private func writeFiles() {
        while true {
            let request = condition.withLock { () -> ActionRequest in
                while waiting.isEmpty { condition.wait() }
                running += 1
                return waiting.removeFirst()
            }
            finish(Self.run(request))
        }
    }

    /// Keeps `result` and wakes the frame loop, and only then counts the request done: whoever
    /// sees it idle (`isIdle`, `waitUntilIdle`) has been woken for its result already.
    private func finish(_ result: ActionResult) {
        condition.withLock { finished.append(result) }
        wake()
        condition.withLock { running -= 1 }
        condition.broadcast()
    }

    static func run(_ request: ActionRequest) -> ActionResult {
        switch request {
        case .turn(let path, let turn, let expecting):
            return .turned(path, turn, FileTurn.turn(path, by: turn, expecting: expecting))
        case .restore(let path, let bytes, let modified, let expecting):
            let result = bytes.withUnsafeBytes { FileReplace.replace(path.bytes, with: $0, expecting: expecting, modified: modified) }
            return .restored(path, result.mapError { ActionFailure(reason: $0.description) })
        case .open, .runKeyHandler:
            preconditionFailure("a program is run on a thread of its own (perform)")
        }
    }
}
