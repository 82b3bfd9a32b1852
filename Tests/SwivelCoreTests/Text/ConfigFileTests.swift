import SwivelCore
import Testing

/// `ConfigFile`: `key = value` lines, comments, where the file is.
@Suite struct ConfigFileTests {
    @Test func goodFile() throws {
        let text = "# my defaults\n\n  spacing = 240  \r\nbackground=#202020\n\t# indented comment\nsnap = yes\n"
        #expect(try ConfigFile.parse(text).get() == [
            ConfigFile.Entry(key: "spacing", value: "240", line: 3),
            ConfigFile.Entry(key: "background", value: "#202020", line: 4),
            ConfigFile.Entry(key: "snap", value: "yes", line: 6),
        ])
    }

    @Test func emptyFileHasNoEntries() throws {
        #expect(try ConfigFile.parse("").get().isEmpty)
        #expect(try ConfigFile.parse("\n# nothing\n   \n").get().isEmpty)
    }

    @Test(arguments: [
        ("spacing = 240\n\nspacing 250\n", 3, "expected 'key = value', got 'spacing 250'"),
        ("= 5", 1, "no key before '='"),
        ("# ok\nsnap =\n", 2, "'snap' has no value after '='"),
        ("--spacing = 5", 1, "write the key as 'spacing', without '--'"),
        ("a\n", 1, "expected 'key = value', got 'a'"),
        ("Spacing = 5", 1, "'Spacing' is not a key (keys are option names without '--', like 'spacing')"),
        // Garbage is shown escaped and cut, so the message stays one short line.
        ("\u{1B}[2J\u{0}\u{7F}", 1, "expected 'key = value', got '\\u{1B}[2J\\0\\u{7F}'"),
        ("ok = 1\n\u{202E}evil", 2, "expected 'key = value', got '\\u{202E}evil'"),
        (String(repeating: "x", count: 100_000), 1,
         "expected 'key = value', got '\(String(repeating: "x", count: 80))…'"),
        (String(repeating: "k", count: 100) + " =", 1, "'\(String(repeating: "k", count: 80))…' has no value after '='"),
        ("\u{7}bell = 1", 1, "'\\u{07}bell' is not a key (keys are option names without '--', like 'spacing')"),
    ])
    func syntaxErrorNamesItsLine(text: String, line: Int, reason: String) {
        #expect(ConfigFile.parse(text) == .failure(ConfigFile.ParseError(line: line, reason: reason)))
    }

    @Test func defaultPathFollowsXDG() {
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf", "HOME": "/home/u"])
                == FilePath("/x/conf/swivel/config"))
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "/x/conf/"]) == FilePath("/x/conf/swivel/config"))
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "", "HOME": "/home/u"])
                == FilePath("/home/u/.config/swivel/config"))
        #expect(ConfigFile.defaultPath(environment: ["XDG_CONFIG_HOME": "rel/conf", "HOME": "/home/u"])
                == FilePath("/home/u/.config/swivel/config"))
        #expect(ConfigFile.defaultPath(environment: ["HOME": "/home/u"]) == FilePath("/home/u/.config/swivel/config"))
        #expect(ConfigFile.defaultPath(environment: ["HOME": "relative"]) == nil)
        #expect(ConfigFile.defaultPath(environment: [:]) == nil)
    }
}
