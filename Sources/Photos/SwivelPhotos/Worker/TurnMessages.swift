import SwivelCore
import SwivelPhotoCore

/// The turn request of the decode protocol (`DecodeMessages` has the pixels'): the file comes as a
/// descriptor, the new file's bytes go back in a sealed memfd, which the app writes in its place.
///
///     turn by=clockwise|anticlockwise|mirror|flip ext=EXT
///     turned method=lossless|orientation bytes=N
///     failed transient=0|1 reason=REASON
enum TurnMessages {
    static func request(_ turn: PhotoTurn, pathExtension: String) -> String {
        "turn by=\(turn.rawValue) ext=" + MessageWords.encoded(pathExtension)
    }

    /// The turn and the extension of a turn request; nil for any other message.
    static func parse(request text: String) -> (turn: PhotoTurn, pathExtension: String)? {
        guard let words = MessageWords(text, verb: "turn", last: nil), let turn = words["by"].flatMap(PhotoTurn.init(rawValue:)),
              let pathExtension = words.decoded("ext") else { return nil }
        return (turn, pathExtension)
    }

    static func reply(_ method: PhotoTurner.Method, count: Int) -> String { "turned method=\(method.rawValue) bytes=\(count)" }

    /// The method and byte count of a `turned` reply; nil for any other.
    static func parse(reply text: String) -> (method: PhotoTurner.Method, count: Int)? {
        guard let words = MessageWords(text, verb: "turned", last: nil),
              let method = words["method"].flatMap(PhotoTurner.Method.init(rawValue:)), let count = words.int("bytes"),
              count >= 0 else { return nil }
        return (method, count)
    }
}
