import Foundation
import Glibc
import SwivelCore
import SwivelPhotos
import SwivelSystem
import SwivelTestSupport
import Testing
@testable import swivel

/// The question a Delete of several photos asks (marks will send it more than one), answered with
/// Enter or Esc, and what the notice line says; in this process, with a trash of the test's own.
@Suite struct DeckTrashTests {
    /// The freedesktop.org trash in `folder`, and what it said on stderr.
    final class TestTrash: AppEffects {
        let locations: TrashLocations
        private(set) var warnings: [String] = []
        init(_ folder: TemporaryDirectory) { locations = TrashLocations(home: folder.path("data/Trash").bytes) }
        func moveToTrash(_ paths: [FilePath]) -> Result<[TrashedFile], TrashFailure> {
            Trash.move(paths.map(\.bytes), locations: locations)
        }
        func restore(_ files: [TrashedFile]) -> Result<[RestoreMove], TrashFailure> { Trash.restore(files) }
        func copyToClipboard(_ bytes: [UInt8]) -> String? { nil }
        func warn(_ line: String) { warnings.append(line) }
    }

    @Test func severalPhotosWaitForEnterAndEscKeepsThem() throws {
        let folder = TemporaryDirectory()
        let paths = [folder.write("a.png", bytes: [1]), folder.write("b.png", bytes: [2])]
        let effects = TestTrash(folder)
        var trash = TrashState(watching: false)
        var notice = Notice()
        let keys = KeyTable.standard
        #expect(keys.command(for: KeyChord(.enter), in: .init(question: trash.pending != nil)) == .open)

        #expect(trash.delete(paths.map { [$0] }, notice: &notice, effects: effects, at: 1).isEmpty)
        #expect(trash.pending == paths.map { [$0] })
        #expect(notice.text == "Move 2 photos to the trash? Enter / Esc" && notice.hideTime == nil)
        #expect(keys.command(for: KeyChord(.enter), in: .init(question: trash.pending != nil)) == .confirm)
        #expect(keys.command(for: KeyChord(.escape), in: .init(question: trash.pending != nil)) == .cancel)
        #expect(trash.answer(false, notice: &notice, effects: effects, at: 2).isEmpty)
        #expect(trash.pending == nil && notice.text == nil && trash.undoStack.isEmpty)
        #expect(paths.allSatisfy { access($0.cString, F_OK) == 0 })

        _ = trash.delete(paths.map { [$0] }, notice: &notice, effects: effects, at: 3)
        #expect(trash.answer(true, notice: &notice, effects: effects, at: 4) == paths.map { .removed($0) })
        #expect(paths.allSatisfy { access($0.cString, F_OK) != 0 })
        #expect(notice.text == "Moved 2 photos to the trash — Ctrl+Z to undo" && notice.hideTime == 4 + Notice.duration)
        #expect(trash.undoStack.map(\.count) == [2])
    }

    /// One photo goes at once; a file that cannot go is said, and the others still go.
    @Test func oneGoesAtOnceAndFailuresAreSaid() throws {
        let folder = TemporaryDirectory()
        let photo = folder.write("c.png", bytes: [3])
        let effects = TestTrash(folder)
        var trash = TrashState(watching: false)
        var notice = Notice()
        #expect(trash.delete([[photo]], notice: &notice, effects: effects, at: 1) == [.removed(photo)])
        #expect(trash.pending == nil && notice.text == "Moved c.png to the trash — Ctrl+Z to undo")

        let other = folder.write("d.png", bytes: [4])
        _ = trash.delete([[other], [folder.path("gone.png")]], notice: &notice, effects: effects, at: 2)
        #expect(trash.answer(true, notice: &notice, effects: effects, at: 3) == [.removed(other)])
        #expect(notice.text == "Moved d.png to the trash; 1 could not go (see the terminal) — Ctrl+Z to undo")
        #expect(effects.warnings.count == 1 && effects.warnings[0].hasPrefix("cannot move \(folder.path("gone.png")) to the trash: "))
        #expect(!notice.expire(at: 3 + Notice.duration - 0.1) && notice.expire(at: 3 + Notice.duration))
        #expect(notice.text == nil)
    }
}
