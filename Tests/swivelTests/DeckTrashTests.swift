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
    @Test func severalPhotosWaitForEnterAndEscKeepsThem() throws {
        let folder = TemporaryDirectory()
        let paths = [folder.write("a.png", bytes: [1]), folder.write("b.png", bytes: [2])]
        let trash = DeckTrash(locations: TrashLocations(home: folder.path("data/Trash").bytes), watching: false)
        let notice = NoticeLine()
        #expect(!DeckTrash.takes(.keyDown(.enter, time: 0), asking: trash.pending != nil))

        #expect(trash.delete(paths, notice: notice, at: 1).isEmpty)
        #expect(trash.pending == paths)
        #expect(notice.text == "Move 2 photos to the trash? Enter / Esc" && notice.hideTime == nil)
        #expect(DeckTrash.takes(.keyDown(.enter, time: 0), asking: trash.pending != nil))
        #expect(DeckTrash.takes(.keyDown(.escape, time: 0), asking: trash.pending != nil))
        #expect(trash.answer(false, notice: notice, at: 2).isEmpty)
        #expect(trash.pending == nil && notice.text == nil && trash.undoStack.isEmpty)
        #expect(paths.allSatisfy { access($0.cString, F_OK) == 0 })

        _ = trash.delete(paths, notice: notice, at: 3)
        #expect(trash.answer(true, notice: notice, at: 4) == paths.map { .removed($0) })
        #expect(paths.allSatisfy { access($0.cString, F_OK) != 0 })
        #expect(notice.text == "Moved 2 photos to the trash — Ctrl+Z to undo" && notice.hideTime == 4 + NoticeLine.duration)
        #expect(trash.undoStack.map(\.count) == [2])
    }

    /// One photo goes at once; a file that cannot go is said, and the others still go.
    @Test func oneGoesAtOnceAndFailuresAreSaid() throws {
        let folder = TemporaryDirectory()
        let photo = folder.write("c.png", bytes: [3])
        let trash = DeckTrash(locations: TrashLocations(home: folder.path("data/Trash").bytes), watching: false)
        let notice = NoticeLine()
        #expect(trash.delete([photo], notice: notice, at: 1) == [.removed(photo)])
        #expect(trash.pending == nil && notice.text == "Moved c.png to the trash — Ctrl+Z to undo")

        let other = folder.write("d.png", bytes: [4])
        _ = trash.delete([other, folder.path("gone.png")], notice: notice, at: 2)
        #expect(trash.answer(true, notice: notice, at: 3) == [.removed(other)])
        #expect(notice.text == "Moved d.png to the trash; 1 could not go (see the terminal) — Ctrl+Z to undo")
        #expect(!notice.expire(at: 3 + NoticeLine.duration - 0.1) && notice.expire(at: 3 + NoticeLine.duration))
        #expect(notice.text == nil)
    }
}
