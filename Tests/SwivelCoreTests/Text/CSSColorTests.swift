import SwivelCore
import Testing

/// `CSSColor`: hex forms and the 148 names.
@Suite struct CSSColorTests {
    @Test func allNamesParseInAnyCase() {
        #expect(CSSColor.names.count == 148)
        for (name, colour) in CSSColor.names {
            #expect(CSSColor.parse(name) == colour, "\(name)")
            #expect(CSSColor.parse(name.uppercased()) == colour, "\(name)")
            #expect(colour.a == 255)
        }
    }

    @Test func knownValues() {
        #expect(CSSColor.parse("#fff") == RGBA8(255, 255, 255))
        #expect(CSSColor.parse("#FFFFFF") == RGBA8(255, 255, 255))
        #expect(CSSColor.parse("rebeccapurple") == RGBA8(102, 51, 153))
        #expect(CSSColor.parse("RebeccaPurple") == RGBA8(102, 51, 153))
        #expect(CSSColor.parse("#123") == RGBA8(0x11, 0x22, 0x33))
        #expect(CSSColor.parse("#a0B1c2") == RGBA8(0xA0, 0xB1, 0xC2))
        #expect(CSSColor.parse("#000") == RGBA8(0, 0, 0))
        #expect(CSSColor.parse("grey") == CSSColor.parse("gray"))
        #expect(CSSColor.parse("grey") == RGBA8(128, 128, 128))
        #expect(CSSColor.parse("lightgoldenrodyellow") == RGBA8(250, 250, 210))
        #expect(CSSColor.parse("aqua") == CSSColor.parse("cyan"))
    }

    @Test(arguments: ["", "#", "#f", "#ff", "#ffff", "#fffff", "#fffffff", "#ggg", "#+ff", "#-12", "fff",
                      "transparent", "currentcolor", "red ", " red", "blu", "rgb(1,2,3)", "#ff ff ff", "ｒｅｄ"])
    func garbageIsRefused(text: String) {
        #expect(CSSColor.parse(text) == nil)
    }
}
