import Testing
@testable import SwivelCore

@Suite struct FilePathTests {
    @Test func componentsAndStem() {
        let path = FilePath("/home/me/Pictures/beach.2024.JPG")
        #expect(path.lastComponent == Array("beach.2024.JPG".utf8))
        #expect(path.stem == Array("beach.2024".utf8))
        #expect(path.pathExtension == "jpg")
        #expect(FilePath("dir/.hidden").stem == Array(".hidden".utf8))
        #expect(FilePath("dir/.hidden").pathExtension == "")
        #expect(FilePath("photos/").lastComponent == Array("photos".utf8))
    }

    @Test func nonUTF8NamesKeepTheirBytes() {
        let raw: [UInt8] = Array("dir/caf".utf8) + [0xE9] + Array(".png".utf8)   // Latin-1 é
        let path = FilePath(bytes: raw)
        #expect(path.bytes == raw)
        #expect(path.description == "dir/caf\u{FFFD}.png")
        #expect(path.cString.count == raw.count + 1)
        #expect(path.cString.last == 0)
        #expect(FilePath("a").appending([0xFF]).bytes == [UInt8(ascii: "a"), UInt8(ascii: "/"), 0xFF])
    }

    /// A file name may hold any byte but "/" and NUL: messages show control characters escaped,
    /// so one message is one line; `text` keeps them.
    @Test func controlCharactersAreEscapedForMessages() {
        let path = FilePath("dir/two\nlines\t\u{1B}[31m.png")
        #expect(path.description == "dir/two\\nlines\\t\\u{1B}[31m.png")
        #expect(path.text == "dir/two\nlines\t\u{1B}[31m.png")
        #expect(FilePath("plain/ünïcode.png").description == "plain/ünïcode.png")
    }

    /// Swift (and some terminals) break lines at U+2028 and U+2029, and U+202E turns the rest of a
    /// terminal line around ("photo\u{202E}gpj.exe" reads "photoexe.jpg"): all shown escaped.
    @Test func lineSeparatorsAndBidiControlsAreEscapedForMessages() {
        let path = FilePath(bytes: Array("a\u{2028}b\u{2029}c\u{202E}gpj.exe\u{200F}.png".utf8))
        #expect(path.description == #"a\u{2028}b\u{2029}c\u{202E}gpj.exe\u{200F}.png"#)
        #expect(path.description.split(whereSeparator: \.isNewline).count == 1)
        #expect(path.text == "a\u{2028}b\u{2029}c\u{202E}gpj.exe\u{200F}.png")
    }
}
