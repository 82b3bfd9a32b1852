import Foundation
import SwivelCore
import SwivelPhotoCore
@testable import SwivelPhotos
import SwivelTestSupport
import Testing
@testable import swivel

/// 1,000 random sequences of rating keys and Ctrl+Z on three photos, through `CardRatings` and the
/// real `RatingStore` (exempi, atomic writes) in this process, against a model of the files that
/// should result: after each sequence every photo's sidecar says what the model says (read back
/// with exempi), a photo never rated has none, and no temporary file is left; at the end exiftool
/// reads the same from all three.
@Suite(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/exiftool"), "needs exiftool (libimage-exiftool-perl)"))
struct RatingSequenceTests {
    /// What the files should say: each photo's rating (nil: no sidecar yet), and the undo stack.
    struct Model {
        var files: [Int: (value: Int, label: String?)] = [:]
        var current: [Int: (value: Int, label: String?)] = [:]
        var undo: [(photo: Int, before: (value: Int, label: String?))] = []

        func rating(_ photo: Int) -> (value: Int, label: String?) { current[photo] ?? (0, nil) }

        mutating func set(_ photo: Int, _ after: (value: Int, label: String?)) {
            let before = rating(photo)
            guard after.value != before.value || after.label != before.label else { return }
            undo.append((photo, before))
            current[photo] = after
            files[photo] = after
        }

        mutating func apply(_ key: Int, on photo: Int) {
            let now = rating(photo)
            switch key {
            case 0...5: set(photo, (key, now.label))
            case 6...10:
                let name = ["Red", "Yellow", "Green", "Blue", "Purple"][key - 6]
                set(photo, (now.value, now.label == name ? nil : name))
            case 11: set(photo, (now.value == -1 ? 0 : -1, now.label))
            default:
                guard let last = undo.popLast() else { return }
                current[last.photo] = last.before
                files[last.photo] = last.before
            }
        }
    }

    static let commands: [Command] = [.rate0, .rate1, .rate2, .rate3, .rate4, .rate5, .labelRed, .labelYellow, .labelGreen,
                                      .labelBlue, .labelPurple, .reject]

    @Test func thousandRandomSequencesMatchTheModel() throws {
        let folder = PickTests.threePhotos()
        let photos = ["a.png", "b.png", "c.png"].map { folder.path($0) }
        let store = RatingStore(naming: .full, wake: {})
        defer { store.stop() }
        var ratings = CardRatings(), model = Model()
        var random = SeededRandom(seed: 33)
        var keys = 0
        for sequence in 0..<1000 {
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let key = Int.random(in: 0...13, using: &random), photo = Int.random(in: 0..<3, using: &random)
                model.apply(key, on: photo)
                if key < 12 { ratings.perform(Self.commands[key], on: photos[photo]) } else { _ = ratings.undo() }
                keys += 1
            }
            for save in ratings.takeSaves() { store.save(save.photo, save.rating, changes: save.changes) }
            store.waitUntilIdle()
            for event in store.take() {
                if case .notSaved(_, _, let reason) = event { Issue.record("sequence \(sequence): \(reason)") }
                ratings.took(event)
            }
            for (index, photo) in photos.enumerated() {
                let sidecar = folder.path("\(["a", "b", "c"][index]).png.xmp")
                guard let expected = model.files[index] else {
                    #expect(access(sidecar.cString, F_OK) != 0, "sequence \(sequence): \(sidecar) was never rated")
                    continue
                }
                let found = PhotoXMP.parse(folder.contents(sidecar))
                #expect(found?.rating ?? 0 == expected.value && found?.label == expected.label,
                        "sequence \(sequence), \(sidecar): \(String(describing: found)), expected \(expected)")
                #expect(ratings.rating(of: photo) == Rating(value: expected.value, label: expected.label))
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: folder.path.text).filter { $0.hasPrefix(".") }
            #expect(left.isEmpty, "temporary files left: \(left)")
        }
        print("\(keys) keys in 1000 sequences")
        for (index, name) in ["a", "b", "c"].enumerated() {
            guard let expected = model.files[index] else { continue }
            let said = try RatingTests.exiftool(folder.path("\(name).png.xmp").text)
            #expect(said == ("\(expected.value)", expected.label ?? ""))
        }
    }
}
