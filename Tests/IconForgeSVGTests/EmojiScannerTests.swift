import IconForgeTestSupport
import Testing

@testable import IconForgeSVG

/// The findings as (kind, offset, code points), which reads well in failure messages.
private func scan(_ text: String) -> [String] {
    EmojiScanner.findings(in: text).map { "\($0.kind) @\($0.utf8Offset) \($0.codePoints)" }
}

@Suite struct EmojiScannerTests {
    // MARK: Each kind

    @Test func presentationScalars() {
        #expect(scan("😀") == ["presentation @0 U+1F600"])
        #expect(scan("⌚") == ["presentation @0 U+231A"])
        #expect(scan("🀄") == ["presentation @0 U+1F004"])
    }

    @Test func variationSelectorMakesAnyEmojiAnError() {
        #expect(scan("❤️") == ["variationSelector @0 U+2764 U+FE0F"])
        #expect(scan("©️") == ["variationSelector @0 U+00A9 U+FE0F"])
        #expect(scan("™️") == ["variationSelector @0 U+2122 U+FE0F"])
        #expect(scan("1\u{FE0F}") == ["variationSelector @0 U+0031 U+FE0F"])
        #expect(scan("😀\u{FE0F}") == ["variationSelector @0 U+1F600 U+FE0F"])
    }

    @Test func keycaps() {
        #expect(scan("1️⃣") == ["keycap @0 U+0031 U+FE0F U+20E3"])
        #expect(scan("#\u{20E3}") == ["keycap @0 U+0023 U+20E3"])
        #expect(scan("*️⃣0️⃣") == ["keycap @0 U+002A U+FE0F U+20E3", "keycap @7 U+0030 U+FE0F U+20E3"])
    }

    @Test func flags() {
        #expect(scan("🇫🇷") == ["flag @0 U+1F1EB U+1F1F7"])
        #expect(scan("🇫🇷🇯🇵") == ["flag @0 U+1F1EB U+1F1F7", "flag @8 U+1F1EF U+1F1F5"])
        // An odd one out pairs with nothing and is reported by its own property.
        #expect(scan("🇫🇷🇯") == ["flag @0 U+1F1EB U+1F1F7", "presentation @8 U+1F1EF"])
    }

    @Test func zwjSequencesAreOneFinding() {
        #expect(scan("👩‍💻") == ["zwjSequence @0 U+1F469 U+200D U+1F4BB"])
        #expect(scan("👩🏽‍💻") == ["zwjSequence @0 U+1F469 U+1F3FD U+200D U+1F4BB"])
        #expect(scan("👨‍👩‍👧‍👦") == ["zwjSequence @0 U+1F468 U+200D U+1F469 U+200D U+1F467 U+200D U+1F466"])
        #expect(scan("🏳️‍🌈") == ["zwjSequence @0 U+1F3F3 U+FE0F U+200D U+1F308"])
        #expect(scan("🏴‍☠️") == ["zwjSequence @0 U+1F3F4 U+200D U+2620 U+FE0F"])
        #expect(scan("❤️‍🔥") == ["zwjSequence @0 U+2764 U+FE0F U+200D U+1F525"])
        // Two text-default pictographs joined are still a ZWJ sequence.
        #expect(scan("☺\u{200D}✈") == ["zwjSequence @0 U+263A U+200D U+2708"])
    }

    @Test func skinToneModifierJoinsItsBase() {
        #expect(scan("👍🏽") == ["presentation @0 U+1F44D U+1F3FD"])
        #expect(scan("✌🏻") == ["presentation @0 U+270C U+1F3FB"])
        // A lone modifier is emoji by itself; after a non-base it stays separate.
        #expect(scan("🏽") == ["presentation @0 U+1F3FD"])
        #expect(scan("❤🏽") == ["pictographic @0 U+2764", "presentation @3 U+1F3FD"])
    }

    @Test func tagSequences() {
        let scotland = "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"
        #expect(scan(scotland) == ["tagSequence @0 U+1F3F4 U+E0067 U+E0062 U+E0073 U+E0063 U+E0074 U+E007F"])
        #expect(scan(scotland + "x" + scotland).count == 2)
    }

    @Test func textDefaultPictographsAreWarnings() {
        #expect(scan("❤") == ["pictographic @0 U+2764"])
        #expect(scan("☺") == ["pictographic @0 U+263A"])
        #expect(scan("✈") == ["pictographic @0 U+2708"])
        #expect(scan("↔") == ["pictographic @0 U+2194"])
        let finding = EmojiScanner.findings(in: "☺")[0]
        #expect(!finding.isError)
        #expect(EmojiScanner.findings(in: "😀")[0].isError)
    }

    // MARK: Not emoji

    @Test func textIsNeverReported() {
        #expect(scan("") == [])
        #expect(scan("Hello, world! 0123456789 #* +-") == [])
        #expect(scan("© ® ™") == [])
        #expect(scan("→ ← ⇒ ∑ ★ ⎈") == [])
        #expect(scan("漢字かなカナ 한국어 Ελληνικά é ñ") == [])
        #expect(scan("\u{301}\u{FE0F}\u{20E3}\u{200D}\u{FE0E}") == [])
    }

    @Test func textPresentationSelectorMakesText() {
        #expect(scan("❤\u{FE0E}") == [])
        #expect(scan("☺\u{FE0E} ✈\u{FE0E}") == [])
        #expect(scan("⌚\u{FE0E}") == [])
        #expect(scan("1\u{FE0E}\u{20E3}") == [])
    }

    // MARK: Offsets and sequences

    @Test func offsetsAreUTF8Bytes() {
        #expect(scan("é😀") == ["presentation @2 U+1F600"])
        #expect(scan("日本😀") == ["presentation @6 U+1F600"])
        #expect(
            scan("a❤️b😀c🇫🇷") == [
                "variationSelector @1 U+2764 U+FE0F", "presentation @8 U+1F600", "flag @13 U+1F1EB U+1F1F7",
            ])
    }

    @Test func sequenceTextIsTheMatchedScalars() {
        let findings = EmojiScanner.findings(in: "I ❤️ 👩‍💻!")
        #expect(findings.map(\.sequence) == ["❤️", "👩‍💻"])
        #expect(findings.map(\.utf8Offset) == [2, 9])
    }

    @Test func sequencesCutShortAtTheEnd() {
        #expect(scan("😀\u{200D}") == ["presentation @0 U+1F600"])
        #expect(scan("\u{200D}😀") == ["presentation @3 U+1F600"])
        #expect(scan("😀\u{200D}a") == ["presentation @0 U+1F600"])
        #expect(scan("😀\u{200D}\u{200D}😀") == ["presentation @0 U+1F600", "presentation @10 U+1F600"])
        #expect(scan("1\u{FE0F}") == ["variationSelector @0 U+0031 U+FE0F"])
        #expect(scan("1") == [])
        // Tags without the cancel tag do not make a tag sequence.
        #expect(scan("🏴\u{E0067}\u{E0062}") == ["presentation @0 U+1F3F4"])
        #expect(scan("🇫") == ["presentation @0 U+1F1EB"])
    }

    @Test func codePointsArePaddedToFourDigits() {
        let finding = EmojiFinding(kind: .keycap, utf8Offset: 0, sequence: "#\u{FE0F}\u{20E3}")
        #expect(finding.codePoints == "U+0023 U+FE0F U+20E3")
    }

    // MARK: Whole-repertoire checks

    /// Each scalar alone: Emoji_Presentation is an error, other pictographs (but ©, ®, ™) a warning.
    @Test func everySingleScalarFollowsItsProperties() {
        var mismatches: [String] = []
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let properties = scalar.properties
            let findings = EmojiScanner.findings(in: String(scalar))
            let expected: EmojiFinding.Kind?
            if properties.isEmojiPresentation {
                expected = .presentation
            } else if properties.isEmoji, !scalar.isASCII, !["©", "®", "™"].contains(scalar) {
                expected = .pictographic
            } else {
                expected = nil
            }
            if findings.map(\.kind) != (expected.map { [$0] } ?? []) {
                mismatches.append("U+\(String(value, radix: 16, uppercase: true))")
            }
        }
        #expect(mismatches == [])
    }

    /// Random mixes of structural and ordinary scalars never crash, and findings tile the text.
    @Test func fuzzedTextYieldsConsistentFindings() {
        let pool: [Unicode.Scalar] = [
            "\u{FE0F}", "\u{FE0E}", "\u{20E3}", "\u{200D}", "\u{E0067}", "\u{E007F}", "\u{301}",
            "\u{1F1EB}", "\u{1F1F7}", "\u{1F3FD}", "\u{1F469}", "\u{1F600}", "\u{2764}", "\u{A9}",
            "1", "#", "*", "a", " ", "é", "日",
        ]
        var generator = SplitMix64(seed: 0x1C0F_0F6E)
        for _ in 0..<3000 {
            var text = String.UnicodeScalarView()
            for _ in 0..<Int.random(in: 0...24, using: &generator) {
                if Bool.random(using: &generator) {
                    text.append(pool.randomElement(using: &generator)!)
                } else if let scalar = Unicode.Scalar(UInt32.random(in: 0...0x10FFFF, using: &generator)) {
                    text.append(scalar)
                }
            }
            let string = String(text)
            let utf8 = Array(string.utf8)
            var previousEnd = 0
            for finding in EmojiScanner.findings(in: string) {
                let sequence = Array(finding.sequence.utf8)
                #expect(finding.utf8Offset >= previousEnd)
                #expect(!sequence.isEmpty)
                #expect(Array(utf8.dropFirst(finding.utf8Offset).prefix(sequence.count)) == sequence)
                previousEnd = finding.utf8Offset + sequence.count
            }
        }
    }

    @Test func longTextsScanInOnePass() {
        let text = String(repeating: "plain text, 😀 and ❤ and 👩‍💻. ", count: 20_000)
        #expect(EmojiScanner.findings(in: text).count == 60_000)
        #expect(EmojiScanner.findings(in: String(repeating: "\u{200D}", count: 100_000)).isEmpty)
        let tags = "🏴" + String(repeating: "\u{E0067}", count: 100_000)
        #expect(EmojiScanner.findings(in: tags).count == 1)
    }
}
