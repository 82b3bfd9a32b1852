import Foundation
import SwivelCore
import Testing
@testable import swivel

/// The key list (?), the README's key table, the man page's keys and `--help`'s are the key table's
/// (`KeyTable.standard`): each is written from it, and these fail when one says otherwise.
@Suite struct KeyDocsTests {
    /// The key list's lines, as it showed them before the key table wrote them (the same panel).
    @Test func theKeyListShowsTheTablesLines() {
        #expect(KeyListOverlay.lines == [
            "Drag or flick        scroll the row",
            "Click a side card    bring it to the centre",
            "Wheel / trackpad     scroll",
            "← →                  one card",
            "Page Up / Page Down  one screenful",
            "Home / End           first / last card",
            "S                    start or stop the slideshow",
            "F or F11             fullscreen",
            "H                    frame statistics",
            "I                    photo information",
            "F12                  save a screenshot",
            "Enter / Space        open the centred card",
            "M                    mark or unmark it",
            "Ctrl+A / U           mark all / clear the marks",
            "Ctrl+C               copy the photo's path",
            "E                    open the photo in another program",
            "Ctrl+X, then a key   run your key handler with that key",
            "Delete               move the photo to the trash",
            "R / Shift+R          turn the photo right / left",
            "L / Shift+L          mirror / flip the photo",
            "Ctrl+Z               undo the last Delete or turn",
            "Click centred card   open it",
            "Double-click a card  open it",
            "In the full view:",
            "← → / drag, flick    previous / next photo",
            "Page Up/Down         previous / next photo",
            "Home / End           first / last photo",
            "Wheel / pinch        zoom about the pointer / fingers",
            "+ / −                zoom about the centre",
            "0 / 1                fit / 1:1 pixels",
            "Double-click         fit ↔ 1:1 (on the margin: close)",
            "Drag when zoomed     pan",
            "Drag down            close",
            "Enter / Backspace    close",
            "?                    this list",
            "Esc                  close this, leave fullscreen, quit",
        ])
    }

    /// The README's key table between its markers is `swivel --keys-markdown` (`make docs` writes it).
    @Test func readmeTableIsTheKeyTable() throws {
        let lines = try OptionDeclarationTests.text("README.md").split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("<!-- keys:") })
        let end = try #require(lines.firstIndex { $0 == "<!-- end of keys -->" })
        let table = lines[(start + 1)..<end].joined(separator: "\n")
        #expect(table == KeyDocs.markdownTable, "the README's key table is stale: run `make docs`")
        for line in KeyTable.standard.lines where !line.isHeading {
            #expect(table.contains("\n| \(line.keys) | \(line.action)"), "README lacks \(line.keys)")
        }
        #expect(table.contains("\n| Ctrl+Z | undo the last Delete or turn; again for the one before |"))
    }

    /// The man page's KEYS AND MOUSE has every line of the table (its whole text is checked
    /// against `swivel --man` by `OptionDeclarationTests.manPageIsTheDeclarations`).
    @Test func manPageHasEveryKey() throws {
        let page = try OptionDeclarationTests.text("assets/swivel.1")
        let keys = try #require(page.range(of: ".SH KEYS AND MOUSE")).upperBound
        let section = page[keys...].prefix { _ in true }.components(separatedBy: ".SH FILES")[0]
        for line in KeyTable.standard.lines where !line.isHeading {
            #expect(section.contains(".TP\n\\fB" + OptionDocs.roff(line.keys) + "\\fR\n" + OptionDocs.roff(KeyDocs.description(line))),
                    "the man page lacks \(line.keys)")
        }
        #expect(section.contains(".TP\n\\fBCtrl+C\\fR\ncopy the photo's path; the centred (or open) photo's, to the clipboard"))
    }

    /// `--help` ends with a few of the keys, as it always has: each key it names does in the row
    /// what the table says (a key dropped from the table, or given another command, fails this).
    @Test func helpNamesKeysTheTableBinds() {
        let named: [String: [(KeyChord, Command)]] = [
            "Left / Right": [(KeyChord(.left), .previous), (KeyChord(.right), .next)],
            "Page Up / Page Down": [(KeyChord(.pageUp), .pageBack), (KeyChord(.pageDown), .pageForward)],
            "Home / End": [(KeyChord(.home), .first), (KeyChord(.end), .last)],
            "F or F11": [(KeyChord(.f), .toggleFullscreen), (KeyChord(.f11), .toggleFullscreen)],
            "H": [(KeyChord(.h), .toggleHUD)], "I": [(KeyChord(.i), .toggleInfo)], "?": [(KeyChord(.question), .toggleKeyList)],
            "F12": [(KeyChord(.f12), .screenshot)], "Esc": [(KeyChord(.escape), .back)],
        ]
        #expect(Set(Usage.keys.map(\.0)) == Set(named.keys))
        for (term, chords) in named {
            for (chord, command) in chords {
                #expect(KeyTable.standard.command(for: chord, in: .init()) == command, "\(term): \(chord)")
            }
        }
    }
}
