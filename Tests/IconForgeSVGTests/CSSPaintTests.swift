import IconForgeTestSupport
import Testing

@testable import IconForgeSVG

/// The colour `text` parses to as "#rrggbb", or nil if it is not a colour.
private func hex(_ text: String) -> String? {
    if case .color(let color) = CSSPaint.parse(text) { color.hex } else { nil }
}

/// The alpha of the colour `text` parses to, or nil if it is not a colour.
private func alpha(_ text: String) -> Double? {
    if case .color(let color) = CSSPaint.parse(text) { color.alpha } else { nil }
}

@Suite struct CSSPaintTests {
    @Test func keywords() {
        #expect(CSSPaint.parse("none") == .none)
        #expect(CSSPaint.parse("NONE") == .none)
        #expect(CSSPaint.parse("currentColor") == .currentColor)
        #expect(CSSPaint.parse("currentcolor") == .currentColor)
        for keyword in ["inherit", "initial", "unset", "revert", "revert-layer", "context-fill", "Context-Stroke"] {
            #expect(CSSPaint.parse(keyword) == .inherit, "\(keyword)")
        }
    }

    @Test func namedColours() {
        #expect(RGBAColor.namedColors.count == 149)
        #expect(RGBAColor.namedColors.keys.allSatisfy { $0 == $0.lowercased() })
        #expect(hex("rebeccapurple") == "#663399")
        #expect(hex("darkgrey") == "#a9a9a9")
        #expect(hex("darkgray") == "#a9a9a9")
        #expect(hex("lightgoldenrodyellow") == "#fafad2")
        #expect(hex("RED") == "#ff0000")
        #expect(hex("Green") == "#008000")
        #expect(hex("lime") == "#00ff00")
        #expect(hex("navajowhite") == "#ffdead")
        #expect(hex("mediumslateblue") == "#7b68ee")
        #expect(hex("yellowgreen") == "#9acd32")
        #expect(CSSPaint.parse("transparent") == .color(RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)))
        #expect(hex("reddish") == nil)
        // CSS keywords are ASCII case-insensitive only: "İ" does not fold to "i".
        #expect(hex("L\u{130}ME") == nil)
    }

    @Test func hexColours() {
        #expect(hex("#f00") == "#ff0000")
        #expect(hex("#F0a") == "#ff00aa")
        #expect(hex("#12345678") == "#123456")
        #expect(hex("#ABCDEF") == "#abcdef")
        #expect(alpha("#f008") == Double(0x88) / 255)
        #expect(alpha("#ff000080") == Double(0x80) / 255)
        #expect(alpha("#ff0000") == 1)
        for text in ["#", "#ff", "#12345", "#1234567", "#gggggg", "#ff 00 00", "ff0000"] {
            #expect(CSSPaint.parse(text) == .invalid(text), "\(text)")
        }
    }

    @Test func rgbFunctions() {
        #expect(CSSPaint.parse("rgb(255, 0, 10)") == .color(RGBAColor(red: 255, green: 0, blue: 10)))
        #expect(CSSPaint.parse("rgb(255 0 10)") == .color(RGBAColor(red: 255, green: 0, blue: 10)))
        #expect(CSSPaint.parse("RGBA(1,2,3,0.5)") == .color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 0.5)))
        #expect(CSSPaint.parse("rgb(1 2 3 / 25%)") == .color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 0.25)))
        #expect(CSSPaint.parse("rgb(1 2 3/.5)") == .color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 0.5)))
        #expect(CSSPaint.parse("rgb(1,2,3,0.5)") == .color(RGBAColor(red: 1, green: 2, blue: 3, alpha: 0.5)))
        #expect(CSSPaint.parse("rgba(1 2 3)") == .color(RGBAColor(red: 1, green: 2, blue: 3)))
        #expect(hex("rgb(100%, 0%, 0%)") == "#ff0000")
        #expect(hex("rgb(50%, 50%, 50%)") == "#808080")
        #expect(hex("rgb(50% 0 20%)") == "#800033")
        #expect(hex("rgb(300, -5, 127.5)") == "#ff0080")
        #expect(hex("rgb(1e3, +0, 1.5e1)") == "#ff000f")
        #expect(hex("rgb( 1 ,\t2 ,\n3 )") == "#010203")
        #expect(hex("rgb(none 0 0)") == "#000000")
        #expect(alpha("rgb(0 0 0 / 150%)") == 1)
        #expect(alpha("rgba(0, 0, 0, -1)") == 0)
        let invalid = [
            "rgb(1,2)", "rgb(1 2 3 4)", "rgb(1,2,3,)", "rgb(1, 2 3)", "rgb(1 2 3 /)", "rgb(1 2 / 3)",
            "rgb(1 2 3 / 4 / 5)", "rgb(1,2,3,4,5)", "rgb(1,,2,3)", "rgb(a,b,c)", "rgb(1.,2,3)", "rgb(.,2,3)",
            "rgb(1e,2,3)", "rgb(255, 50%, 0)", "rgb(1,2,3) x", "rgb(1,2,3", "rgb(1e999,0,0)", "rgb(inf,0,0)",
            "rgb(nan,0,0)", "rgb(none, 0, 0)", "rgb(1 2 3 / 0.5, 1)", "rgb(1px 2 3)", "rgb()", "rgbx(1,2,3)",
        ]
        for text in invalid {
            #expect(CSSPaint.parse(text) == .invalid(text), "\(text)")
        }
    }

    @Test func hslFunctions() {
        #expect(hex("hsl(0, 100%, 50%)") == "#ff0000")
        #expect(hex("hsl(120, 100%, 25%)") == "#008000")
        #expect(hex("hsl(240 100% 50%)") == "#0000ff")
        #expect(hex("hsl(210, 50%, 40%)") == "#336699")
        #expect(hex("hsl(0, 0%, 50%)") == "#808080")
        #expect(hex("hsl(-120, 100%, 50%)") == "#0000ff")
        #expect(hex("hsl(480, 100%, 50%)") == "#00ff00")
        #expect(hex("hsl(0.5turn 100% 50%)") == "#00ffff")
        #expect(hex("hsl(200grad 100% 50%)") == "#00ffff")
        #expect(hex("hsl(3.14159265rad 100% 50%)") == "#00ffff")
        #expect(hex("hsl(180deg, 100%, 50%)") == "#00ffff")
        #expect(hex("hsl(0 100 50)") == "#ff0000")
        #expect(hex("hsl(0, 150%, 120%)") == "#ffffff")
        #expect(alpha("hsla(0, 100%, 50%, 0.25)") == 0.25)
        #expect(alpha("hsl(0 100% 50% / 40%)") == 0.4)
        let invalid = [
            "hsl(0, 100, 50)", "hsl(0, 100%)", "hsl(0deg0, 100%, 50%)", "hsl(1e999turn, 100%, 50%)", "hsl(red, 1%, 1%)",
        ]
        for text in invalid {
            #expect(CSSPaint.parse(text) == .invalid(text), "\(text)")
        }
    }

    /// Exact halves computed with floating-point error must still round up, as browsers do.
    @Test func hslRoundsHalfUp() {
        #expect(hex("hsl(0, 80%, 50%)") == "#e61a1a")
        #expect(hex("hsl(210, 80%, 50%)") == "#1a80e6")
        #expect(hex("hsl(300, 80%, 50%)") == "#e61ae6")
    }

    @Test func urls() {
        #expect(CSSPaint.parse("url(#a)") == .url("#a"))
        #expect(CSSPaint.parse("URL( '#a' )") == .url("#a"))
        #expect(CSSPaint.parse("url(\"#a b\")") == .url("#a b"))
        #expect(CSSPaint.parse("url(#a) red") == .url("#a"))
        #expect(CSSPaint.parse("url(#a) none !important") == .url("#a"))
        #expect(CSSPaint.parse("url(other.svg#g)") == .url("other.svg#g"))
        #expect(CSSPaint.parse("url()") == .url(""))
        #expect(CSSPaint.parse("url(#a") == .invalid("url(#a"))
        #expect(CSSPaint.parse("url('#a)") == .invalid("url('#a)"))
    }

    @Test func whitespaceAndImportant() {
        #expect(hex("  red \n") == "#ff0000")
        #expect(hex("red !important") == "#ff0000")
        #expect(hex("red!important") == "#ff0000")
        #expect(hex("red ! IMPORTANT ") == "#ff0000")
        #expect(CSSPaint.parse("none !important") == .none)
        #expect(CSSPaint.parse("!important") == .invalid("!important"))
        #expect(CSSPaint.parse("red important") == .invalid("red important"))
    }

    @Test func invalidKeepsRawText() {
        #expect(CSSPaint.parse("") == .invalid(""))
        #expect(CSSPaint.parse("   ") == .invalid("   "))
        #expect(CSSPaint.parse(" bogus ") == .invalid(" bogus "))
        #expect(CSSPaint.parse("red blue") == .invalid("red blue"))
        #expect(CSSPaint.parse("😀") == .invalid("😀"))
    }

    @Test func hexString() {
        #expect(RGBAColor(red: 255, green: 0, blue: 10, alpha: 0.5).hex == "#ff000a")
        #expect(RGBAColor(rgb: 0x0A0B0C).hex == "#0a0b0c")
    }

    @Test func fuzzedValuesNeverCrash() {
        let pieces = [
            "rgb(", "hsl(", "url(", "#", "(", ")", ",", "/", " ", "%", "1", ".5", "e", "-",
            "none", "deg", "'", "\"", "\\", "!important", "red", "é",
        ]
        var generator = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let text = (0..<Int.random(in: 0...10, using: &generator))
                .map { _ in pieces.randomElement(using: &generator)! }.joined()
            if case .color(let color) = CSSPaint.parse(text) {
                #expect((0...1).contains(color.alpha))
            }
        }
    }
}
