import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs

/// One JSON writer: every byte of JSON iconforge writes comes out of `JSONText.Writer`
/// (Sources/IconForgeModel/Formats/JSON/), whichever document it is. A second way of writing
/// JSON in Sources/ (Foundation's encoder or serializer, or a document laid out by hand in a
/// string) fails here, at its line; and the documents whose writers were templates are pinned
/// to the bytes those templates wrote.
@Suite struct OneJSONWriterTests {
    /// The writer's own folder: the only place Foundation's encoder may be called (for what
    /// `SortedJSONEncoder` leaves to it).
    static let writerFolder = "Sources/IconForgeModel/Formats/JSON/"
    /// `explain`'s examples are quick-actions.json files as a person types them, some invalid
    /// on purpose (a trailing comma): input shown to the reader, not JSON iconforge writes.
    static let examplesFolder = "Sources/IconForgeCLI/Explain/"

    struct Finding: CustomStringConvertible, Equatable {
        var line: Int
        var rule: String
        var description: String { "\(line): \(rule)" }
    }

    /// Where `text` (the file at `path`) writes JSON a second way.
    static func findings(path: String, text: String) -> [Finding] {
        guard !path.hasPrefix(writerFolder), !path.hasPrefix(examplesFolder) else { return [] }
        // Foundation's writers.
        let encoder = #/JSONEncoder\(|JSONSerialization\.data\(/#
        // A string literal that opens an object or array by hand: "{\n, "{\", "{ \", "[\n, "[\".
        let opening = #/"[{\[](\\n|\\"| \\")/#
        // A string literal that starts with a member written by hand: "\"type\": ", "\n  \"glyphs\" : [".
        let member = #/"(\\n)?[ ]*\\"[A-Za-z_][\w-]*\\" ?: /#
        // A multi-line literal that is a document: `{` or `[` alone, then `"key":`.
        let templateKey = #/^\s*"[^"]*" ?:/#
        var findings: [Finding] = []
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for (index, line) in lines.enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if code.hasPrefix("//") { continue }
            if line.contains(encoder) { findings.append(Finding(line: index + 1, rule: "Foundation's JSON writer")) }
            if line.contains(opening) {
                findings.append(Finding(line: index + 1, rule: "a JSON container opened in a string"))
            }
            if line.contains(member) {
                findings.append(Finding(line: index + 1, rule: "a JSON member written in a string"))
            }
            if code.hasSuffix("\"\"\""), index + 2 < lines.count,
                ["{", "["].contains(lines[index + 1].trimmingCharacters(in: .whitespaces)),
                lines[index + 2].contains(templateKey)
            {
                findings.append(Finding(line: index + 1, rule: "a JSON document as a string template"))
            }
        }
        return findings
    }

    @Test("JSON is written one way: no encoder, serializer or hand-laid-out JSON outside the writer")
    func sourcesWriteJSONOneWay() throws {
        let root = SourceTree.root
        let files = SourceTree.files(under: "Sources")
        #expect(
            files.contains(Self.writerFolder + "JSONText+Writer.swift"),
            "the writer is not where this test looks: \(Self.writerFolder)")
        var scanned = 0
        for file in files {
            let url = root.appendingPathComponent(file)
            let text = try String(contentsOf: url, encoding: .utf8)
            scanned += 1
            for finding in Self.findings(path: file, text: text) {
                Issue.record(
                    Comment(
                        rawValue: "\(file):\(finding): write it with JSONText (encode, OrderedJSON or JSONText.Writer)"),
                    sourceLocation: SourceLocation(
                        fileID: "iconforge/" + url.lastPathComponent, filePath: url.path, line: finding.line, column: 1)
                )
            }
        }
        #expect(scanned > 100)
    }

    @Test("the lint finds each second way (it can fail)")
    func findsEachSecondWay() {
        let path = "Sources/IconForgeOutputs/Example.swift"
        #expect(
            Self.findings(path: path, text: "let encoder = JSONEncoder()") == [
                Finding(line: 1, rule: "Foundation's JSON writer")
            ])
        #expect(
            Self.findings(path: path, text: "x\nlet data = try JSONSerialization.data(withJSONObject: value)").map(
                \.line) == [2])
        #expect(
            Self.findings(path: path, text: #"var bytes = Array("{\"glyphs\":[".utf8)"#).map(\.rule) == [
                "a JSON container opened in a string"
            ])
        #expect(
            Self.findings(path: path, text: #"return "{\n" + members"#).map(\.rule) == [
                "a JSON container opened in a string"
            ])
        #expect(
            Self.findings(path: path, text: #"fields.append("\"icon\": { " + icon)"#).map(\.rule) == [
                "a JSON member written in a string"
            ])
        #expect(
            Self.findings(path: path, text: #"let empty = Array("\n  \"glyphs\" : [\n\n  ]".utf8)"#).map(\.rule) == [
                "a JSON member written in a string"
            ])
        let template = "let contents = \"\"\"\n    {\n      \"images\" : [\n    }\n    \"\"\""
        #expect(Self.findings(path: path, text: template).map(\.rule) == ["a JSON document as a string template"])
        // What is not JSON written: messages that quote JSON, comments, the writer itself.
        #expect(
            Self.findings(path: path, text: #"report("it must be an object, e.g. {\"screen\": \"editor\"}")"#).isEmpty)
        #expect(Self.findings(path: path, text: #"/// writes "{\n" and JSONEncoder()"#).isEmpty)
        #expect(Self.findings(path: Self.writerFolder + "JSONText.swift", text: "let encoder = JSONEncoder()").isEmpty)
    }

    // MARK: - The documents whose writers were templates, byte for byte

    @Test func assetCatalogContentsFilesAreXcodes() throws {
        #expect(
            AssetCatalogWriter.rootContentsJSON
                == "{\n  \"info\" : {\n    \"author\" : \"iconforge\",\n    \"version\" : 1\n  }\n}\n")
        // (An image set's Contents.json is pinned by AssetCatalogWriterTests.)
        #expect(
            VectorAssetSets.groupContentsJSON
                == """
                {
                  "info" : {
                    "author" : "iconforge",
                    "version" : 1
                  },
                  "properties" : {
                    "provides-namespace" : true
                  }
                }

                """)
    }

    @Test func vectorAndSymbolSetContentsAreXcodes() throws {
        let template = SymbolTemplate(symbolName: "custom.compose", variants: [], svg: Array("<svg/>".utf8))
        let symbols = VectorAssetSets.symbolSet(template, glyph: "compose")
        #expect(
            symbols.files[AssetCatalogWriter.contentsFileName].map { String(decoding: $0, as: UTF8.self) }
                == """
                {
                  "info" : {
                    "author" : "iconforge",
                    "version" : 1
                  },
                  "symbols" : [
                    {
                      "filename" : "custom.compose.svg",
                      "idiom" : "universal"
                    }
                  ]
                }

                """)
    }

    @Test func aVectorImageSetsContentsAreXcodes() throws {
        let svg =
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="4" y="4" width="27" height="27"/></svg>"#
        let artwork = VectorArtwork(
            name: "compose", source: Array(svg.utf8), artboard: Size(width: 35, height: 35),
            placement: Catalog.Transform(scale: 2, x: 0, y: 0))
        let set = try VectorAssetSets.imageSet(artwork, format: .pdf)
        #expect(
            set.files[AssetCatalogWriter.contentsFileName].map { String(decoding: $0, as: UTF8.self) }
                == """
                {
                  "images" : [
                    {
                      "filename" : "compose.pdf",
                      "idiom" : "universal"
                    }
                  ],
                  "info" : {
                    "author" : "iconforge",
                    "version" : 1
                  },
                  "properties" : {
                    "preserves-vector-representation" : true,
                    "template-rendering-intent" : "template"
                  }
                }

                """)
    }

    @Test func initsFilesAreAsTheyWereWrittenByHand() {
        #expect(
            ProjectScaffold.quickActions(appName: "Mo\"saic")
                == """
                {
                  "appName": "Mo\\"saic",
                  "actions": [
                    {
                      "type": "com.example.\(ProjectScaffold.identifier("Mo\"saic")).example",
                      "title": "New Item",
                      "icon": { "glyph": "example" }
                    }
                  ]
                }

                """)
        let configuration = ProjectScaffold.configuration(glyphs: "Art/Glyphs")
        #expect(
            configuration.hasPrefix(
                "{\n  \"//\": [\n    \"iconforge's settings for this project; flags on the command line win over them.\",\n"
            ))
        #expect(
            configuration.hasSuffix(
                """
                    "Every key: docs/reference.md in iconforge's repository, or 'iconforge help build'."
                  ],
                  "glyphs": "Art/Glyphs",
                  "output": "Output",
                  "fit": false,
                  "tolerance": 0.5,
                  "werror": false
                }

                """))
        #expect(configuration.contains(#"    "fit: true (or \"set\") gives each artboard size's glyphs one scale"#))
    }

    @Test func aFieldForInfoPlistKeysIsReadableJSON() {
        #expect(
            ShortcutItemsMerge.field(for: "UIApplicationShortcutItemIconSymbolName", value: .string("star"))?.text
                == #""symbol": "star""#)
        #expect(
            ShortcutItemsMerge.field(for: "UIApplicationShortcutItemIconSymbolName", value: .string("star"))?.inAction
                == #""icon": { "symbol": "star" }"#)
        #expect(
            ShortcutItemsMerge.field(
                for: "UIApplicationShortcutItemUserInfo", value: .dictionary(["b": .string("2"), "a": .string("1")]))?
                .text
                == #""userInfo": { "a": "1", "b": "2" }"#)
        #expect(
            ShortcutItemsMerge.field(for: "UIApplicationShortcutItemUserInfo", value: .dictionary([:]))?.text
                == #""userInfo": {  }"#)
    }

    @Test func anImportedQuickActionsFileIsAsItWasWrittenByHand() throws {
        let plist = #"""
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>CFBundleDevelopmentRegion</key>
            	<string>en</string>
            	<key>UIApplicationShortcutItems</key>
            	<array>
            		<dict>
            			<key>UIApplicationShortcutItemType</key>
            			<string>com.example.new</string>
            			<key>UIApplicationShortcutItemTitle</key>
            			<string>New Message</string>
            			<key>UIApplicationShortcutItemSubtitle</key>
            			<string>Say "hi"</string>
            			<key>UIApplicationShortcutItemIconSymbolName</key>
            			<string>square.and.pencil</string>
            			<key>UIApplicationShortcutItemUserInfo</key>
            			<dict>
            				<key>screen</key>
            				<string>editor</string>
            				<key>a/b</key>
            				<string>x</string>
            			</dict>
            			<key>UIApplicationShortcutItemTargetContentIdentifier</key>
            			<string>new</string>
            		</dict>
            		<dict>
            			<key>UIApplicationShortcutItemType</key>
            			<string>com.example.search</string>
            			<key>UIApplicationShortcutItemTitle</key>
            			<string>Search</string>
            			<key>UIApplicationShortcutItemIconType</key>
            			<string>UIApplicationShortcutIconTypeSearch</string>
            			<key>UIApplicationShortcutItemUserInfo</key>
            			<dict/>
            		</dict>
            	</array>
            </dict>
            </plist>
            """#
        let translations: QuickActionsImport.Translations = [
            "fr": ["New Message": "Nouveau message", "Search": "Chercher"], "de": ["New Message": "Neue Nachricht"],
        ]
        let text = try QuickActionsImport.definitions(
            plist: Array(plist.utf8), plistPath: "Info.plist", translations: translations, developmentLocale: nil)
        #expect(
            text == #"""
                {
                  "developmentLocale": "en",
                  "locales": ["en", "de", "fr"],
                  "actions": [
                    {
                      "type": "com.example.new",
                      "title": { "en": "New Message", "de": "Neue Nachricht", "fr": "Nouveau message" },
                      "subtitle": "Say \"hi\"",
                      "icon": { "symbol": "square.and.pencil" },
                      "userInfo": { "a/b": "x", "screen": "editor" },
                      "targetContentIdentifier": "new"
                    },
                    {
                      "type": "com.example.search",
                      "title": { "en": "Search", "fr": "Chercher" },
                      "icon": { "system": "UIApplicationShortcutIconTypeSearch" },
                      "userInfo": {  }
                    }
                  ]
                }

                """#)
    }
}
