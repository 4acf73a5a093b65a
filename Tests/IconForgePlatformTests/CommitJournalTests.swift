import Testing

@testable import IconForgePlatform

/// The journal's text: each path is written as it is unless it holds a character the format
/// uses (`%`, tab, CR, LF), which is percent-escaped, and every path reads back as it was.
@Suite struct CommitJournalTests {
    @Test func everyPathReadsBackAsItWasWrittenPlainOnesUnescaped() throws {
        let names = [
            ".iconforge-tmp-1-2-star@2x.png", "star@2x.png", "Icons.xcassets/star.imageset/star@3x.png", "100%.png",
            "a\tb.png", "a\nb.png", "a\rb.png", "%25.png", "é ü/名前.png", "",
        ]
        var journal = CommitJournal()
        for (index, name) in names.enumerated() {
            journal.entries.append(.init(temporary: name, path: names[names.count - 1 - index]))
        }
        let bytes = journal.encoded()
        #expect(CommitJournal.decode(bytes) == journal)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(lines.count == names.count + 1)
        #expect(lines[1] == "R\t.iconforge-tmp-1-2-star@2x.png\t")
        #expect(lines[2] == "R\tstar@2x.png\té ü/名前.png")
        #expect(lines[4] == "R\t100%25.png\ta%0Db.png")
        #expect(lines[5] == "R\ta%09b.png\ta%0Ab.png")
        #expect(lines[8] == "R\t%2525.png\tIcons.xcassets/star.imageset/star@3x.png")
    }
}
