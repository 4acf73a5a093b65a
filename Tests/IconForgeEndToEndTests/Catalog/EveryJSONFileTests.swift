import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgeSVG

/// Every JSON document iconforge writes goes through `JSONText`: a glyph name with a control
/// character and U+2028, and a quick-action title with U+2028 and U+2029, come back out of
/// each file as they went in, through a strict parser, with none of them written raw.
@Suite struct EveryJSONFileTests {
    static let hostileName = "bell\u{07}\u{2028}x"
    static let hostileTitle = "New\u{2028}Message\u{2029}"

    func project() -> TemporaryFolder {
        let project = TemporaryFolder()
        project.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/search.svg")
        project.write(
            "Glyphs/quick-actions.json",
            #"{"appName": "Mosaic", "locales": ["en"], "actions": [{"type": "com.example.search", "title": "New\u2028Message\u2029", "icon": {"glyph": "search"}}]}"#
        )
        project.copy(fixture: "app-files/InfoPlist.xcstrings", as: "App/InfoPlist.xcstrings")
        try! FileManager.default.createDirectory(
            atPath: project.file("App/Assets.xcassets"), withIntermediateDirectories: true)
        return project
    }

    /// Checks one JSON text: strictly parsed, with no control character or line or
    /// paragraph separator written raw (only the newlines of its layout).
    func expectStrict(_ bytes: [UInt8], _ what: String, sourceLocation: Testing.SourceLocation = #_sourceLocation)
        -> Any?
    {
        #expect(
            !bytes.contains { $0 < 0x20 && $0 != 0x0A }, "\(what): a raw control character",
            sourceLocation: sourceLocation)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(
            !text.unicodeScalars.contains { $0 == "\u{2028}" || $0 == "\u{2029}" },
            "\(what): U+2028 or U+2029 written raw", sourceLocation: sourceLocation)
        let parsed = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        #expect(parsed != nil, "\(what): not valid JSON", sourceLocation: sourceLocation)
        return parsed
    }

    /// Every string anywhere in a parsed JSON value.
    func strings(in value: Any?) -> [String] {
        switch value {
        case let text as String: [text]
        case let array as [Any]: array.flatMap { strings(in: $0) }
        case let object as [String: Any]: object.keys.map { $0 } + object.values.flatMap { strings(in: $0) }
        default: []
        }
    }

    @Test func everyJSONFileAndDocumentTakesAnyStringAndReadsBackStrictly() throws {
        let project = project()
        let arguments = [
            project.file("Glyphs"), "-o", project.file("Output"), "--xcassets", project.file("App/Assets.xcassets"),
            "--xcstrings", project.file("App/InfoPlist.xcstrings"), "--isolation", "none", "-q",
        ]
        // A clean build writes the app's files (the String Catalog with the title); then the
        // glyph with the hostile name, which fails name.invalid, goes into the catalog and state.
        let clean = ToolCommand.run(["build"] + arguments)
        #expect(clean.status == .clean, "\(clean.stderr)")
        project.copy(fixture: "../../../Glyphs/search.svg", as: "Glyphs/\(Self.hostileName).svg")
        let build = ToolCommand.run(["build"] + arguments)
        #expect(build.status == .checkFailed, "the hostile name fails name.invalid: \(build.stderr)")

        var files: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: project.path)
        while let file = enumerator?.nextObject() as? String {
            if file.hasSuffix(".json") || file.hasSuffix(".xcstrings") || file.hasSuffix(BuildState.fileName) {
                files.append(file)
            }
        }
        #expect(files.contains("Output/catalog.json") && files.contains("Output/" + BuildState.fileName))
        #expect(files.contains { $0.hasSuffix("search.imageset/Contents.json") })
        var seen: [String] = []
        for file in files.sorted() where !file.hasPrefix("Glyphs/") {
            let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: project.file(file))))
            // The state is two JSON records, one per line.
            let documents = file.hasSuffix(BuildState.fileName) ? bytes.split(separator: 0x0A).map(Array.init) : [bytes]
            for document in documents { seen += strings(in: expectStrict(document, file)) }
        }
        #expect(
            seen.contains { $0.contains(Self.hostileName) }, "the glyph name reads back from catalog.json and the state"
        )
        // (This project's String Catalog no longer receives the quick action's title since the
        // app-files rework; its writer quotes with JSONText, which the unit test below pins down.)

        for format in ["json", "sarif"] {
            let check = ToolCommand.run(["check", project.file("Glyphs"), "--format", format, "--isolation", "none"])
            let parsed = expectStrict(Array(check.stdout.joined(separator: "\n").utf8), "check --format \(format)")
            #expect(
                strings(in: parsed).contains { $0.contains(Self.hostileName) },
                "check --format \(format) names the glyph")
        }

        // What init writes, for an app whose name holds them too.
        let started = TemporaryFolder()
        let initialised = ToolCommand.run(["init", started.path, "--app-name", "Mo\u{2028}saic\u{2029}"])
        #expect(initialised.status == .clean, "\(initialised.stderr)")
        for file in ["iconforge.json", "Glyphs/quick-actions.json"] {
            let parsed = expectStrict(Array(try Data(contentsOf: URL(fileURLWithPath: started.file(file)))), file)
            // (init trims the name: the trailing U+2029 is whitespace.)
            if file.hasPrefix("Glyphs") { #expect(strings(in: parsed).contains("Mo\u{2028}saic")) }
        }
    }

    @Test func quotedEscapesWhatRFC8259RequiresAndTheLineSeparators() {
        #expect(JSONText.quoted("a\"b\\c/d") == #""a\"b\\c/d""#)
        #expect(JSONText.quoted("\n\r\t\u{08}\u{0C}\u{00}\u{1F}") == #""\n\r\t\b\f\u0000\u001f""#)
        #expect(JSONText.quoted("\u{2028}\u{2029}é\u{7F}") == "\"\\u2028\\u2029é\u{7F}\"")
        let encoded = try? JSONText.encode(["k\u{2028}": "v\u{2029}\u{01}"], formatting: [.sortedKeys])
        #expect(encoded.map { String(decoding: $0, as: UTF8.self) } == #"{"k\u2028":"v\u2029\u0001"}"#)
    }
}
