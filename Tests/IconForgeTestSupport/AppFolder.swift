import Foundation
import IconForgeCLI
import Testing

/// An iOS app's folder as an engineer has it, with iconforge's glyphs beside it: an
/// `.xcodeproj`, an asset catalog holding AppIcon, AccentColor and the app's own image set,
/// an Info.plist as Xcode writes it (XML; `binaryInfoPlist` makes it binary),
/// `en.lproj/InfoPlist.strings` in UTF-16 (as older Xcode templates wrote it) and
/// `de.lproj/InfoPlist.strings` in UTF-8, both with the app's own permission prompt, and an
/// `InfoPlist.xcstrings` laid out as Xcode writes one. The glyphs are the shipped example
/// set; `quick-actions.json` has English and German titles.
package final class AppFolder {
    package let folder = TemporaryFolder()

    package var path: String { folder.path }
    package func file(_ name: String) -> String { folder.file(name) }

    package static let definitions = """
        {
          "appName": "Mosaic",
          "locales": ["en", "de"],
          "actions": [
            {
              "type": "com.example.mosaic.compose",
              "title": { "en": "New Note", "de": "Neue Notiz" },
              "subtitle": { "en": "Start writing", "de": "Losschreiben" },
              "icon": { "glyph": "compose" },
              "userInfo": { "screen": "editor" }
            },
            { "type": "com.example.mosaic.search", "title": { "en": "Search", "de": "Suchen" }, "icon": { "glyph": "search" } },
            { "type": "com.example.mosaic.scan", "title": { "en": "Scan Document", "de": "Dokument scannen" }, "icon": { "glyph": "scan" } }
          ]
        }

        """

    package init(binaryInfoPlist: Bool = false) throws {
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: folder.file("Glyphs"))
        folder.write("Glyphs/quick-actions.json", Self.definitions)
        folder.write(
            "Mosaic.xcodeproj/project.pbxproj",
            "// !$*UTF8*$!\n{\n\tarchiveVersion = 1;\n\tobjectVersion = 60;\n\tobjects = {\n\t};\n\trootObject = 0;\n}\n"
        )
        folder.write(
            "Mosaic.xcodeproj/project.xcworkspace/contents.xcworkspacedata",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<Workspace\n   version = \"1.0\">\n</Workspace>\n")
        folder.write(
            "Mosaic/Assets.xcassets/Contents.json",
            "{\n  \"info\" : {\n    \"author\" : \"xcode\",\n    \"version\" : 1\n  }\n}\n")
        folder.write(
            "Mosaic/Assets.xcassets/AppIcon.appiconset/Contents.json",
            """
            {
              "images" : [
                {
                  "idiom" : "universal",
                  "platform" : "ios",
                  "size" : "1024x1024"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        folder.write(
            "Mosaic/Assets.xcassets/AccentColor.colorset/Contents.json",
            """
            {
              "colors" : [
                {
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              }
            }

            """)
        folder.write(
            "Mosaic/Assets.xcassets/Logo.imageset/Contents.json",
            """
            {
              "images" : [
                {
                  "filename" : "Logo.pdf",
                  "idiom" : "universal"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
                "preserves-vector-representation" : true
              }
            }

            """)
        folder.write("Mosaic/Assets.xcassets/Logo.imageset/Logo.pdf", "%PDF-1.4\n%%EOF\n")
        folder.copy(fixture: "app-files/Info.plist", as: "Mosaic/Info.plist")
        if binaryInfoPlist {
            let data = try Data(contentsOf: URL(fileURLWithPath: file("Mosaic/Info.plist")))
            let value = try PropertyListSerialization.propertyList(from: data, format: nil)
            try PropertyListSerialization.data(fromPropertyList: value, format: .binary, options: 0).write(
                to: URL(fileURLWithPath: file("Mosaic/Info.plist")))
        }
        let english =
            "/* Privacy - Camera Usage Description */\n\"NSCameraUsageDescription\" = \"Mosaic uses the camera to add photos to your notes.\";\n"
        try Data([0xFF, 0xFE] + Array(english.data(using: .utf16LittleEndian)!)).write(
            to: URL(fileURLWithPath: file("Mosaic/en.lproj/InfoPlist.strings")).createdFolder())
        folder.write(
            "Mosaic/de.lproj/InfoPlist.strings",
            "/* Privacy - Camera Usage Description */\n\"NSCameraUsageDescription\" = \"Mosaic verwendet die Kamera, um Fotos zu deinen Notizen hinzuzufügen.\";\n"
        )
        folder.write(
            "Mosaic/InfoPlist.xcstrings",
            """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "CFBundleDisplayName" : {
                  "comment" : "Bundle display name",
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "Mosaik"
                      }
                    },
                    "en" : {
                      "stringUnit" : {
                        "state" : "new",
                        "value" : "Mosaic"
                      }
                    }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
    }

    /// The app's files a build with every app-file option touches, relative to the folder.
    package static let appFiles = [
        "Mosaic/Info.plist", "Mosaic/en.lproj/InfoPlist.strings", "Mosaic/de.lproj/InfoPlist.strings",
        "Mosaic/InfoPlist.xcstrings",
        "Mosaic/QuickAction.swift",
    ]

    /// A build of the glyphs into `Output/` and into the app's asset catalog group
    /// `QuickActions`, with `targets` for the app's files.
    package func build(_ targets: AppFileTargets, assetCatalog: Bool = true) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [file("Glyphs")]
        request.outputFolder = file("Output")
        request.assetCatalog = assetCatalog ? file("Mosaic/Assets.xcassets/QuickActions") : nil
        request.appFiles = targets
        request.jobs = 2
        return try Builder.run(request)
    }

    /// Info.plist, the String Catalog and the Swift enum.
    package var catalogTargets: AppFileTargets {
        var targets = AppFileTargets()
        targets.infoPlist = file("Mosaic/Info.plist")
        targets.stringCatalog = file("Mosaic/InfoPlist.xcstrings")
        targets.swiftSource = file("Mosaic/QuickAction.swift")
        return targets
    }

    /// Info.plist and the strings files.
    package var stringsTargets: AppFileTargets {
        var targets = AppFileTargets()
        targets.infoPlist = file("Mosaic/Info.plist")
        targets.stringsFolder = file("Mosaic")
        return targets
    }

    package func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: file(name))))
    }

    package func text(_ name: String) throws -> String {
        try String(contentsOfFile: file(name), encoding: .utf8)
    }

    package func write(_ name: String, _ text: String) {
        folder.write(name, text)
    }

    /// The String Catalog as Foundation's JSON parser reads it.
    package func catalog() throws -> [String: Any] {
        try #require(
            try JSONSerialization.jsonObject(with: Data(bytes("Mosaic/InfoPlist.xcstrings"))) as? [String: Any])
    }

    /// The value of `key`'s `locale` string unit in the String Catalog.
    package func catalogValue(_ key: String, _ locale: String) throws -> String? {
        let strings = try #require(try catalog()["strings"] as? [String: Any])
        let entry = strings[key] as? [String: Any]
        let unit =
            ((entry?["localizations"] as? [String: Any])?[locale] as? [String: Any])?["stringUnit"] as? [String: Any]
        return unit?["value"] as? String
    }

    /// A strings file's pairs, as Foundation's property-list parser reads them (it reads
    /// UTF-16 with a byte order mark and UTF-8 alike).
    package func strings(_ locale: String) throws -> [String: String] {
        try #require(
            try PropertyListSerialization.propertyList(
                from: Data(bytes("Mosaic/\(locale).lproj/InfoPlist.strings")), format: nil) as? [String: String])
    }

    /// The Info.plist as Foundation reads it.
    package func infoPlist() throws -> [String: Any] {
        try #require(
            try PropertyListSerialization.propertyList(from: Data(bytes("Mosaic/Info.plist")), format: nil)
                as? [String: Any])
    }

    /// The Info.plist's root keys as Python's plistlib reads them (an independent parser),
    /// each with its value's Python type name, and the shortcut items' types.
    package func infoPlistByPython() throws -> String {
        let python = try #require(ExternalProgram.find("python3"), "python3 is installed wherever the tests run")
        let script = """
            import plistlib, sys
            with open(sys.argv[1], 'rb') as f: root = plistlib.load(f)
            for key in sorted(root): print(key, type(root[key]).__name__)
            for item in root.get('UIApplicationShortcutItems', []): print('item', item['UIApplicationShortcutItemType'], item.get('UIApplicationShortcutItemTitle'))
            """
        let result = try ExternalProgram.run(python, ["-c", script, file("Mosaic/Info.plist")])
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }
}

extension URL {
    /// This file URL, after creating the folder it is in.
    package func createdFolder() throws -> URL {
        try FileManager.default.createDirectory(at: deletingLastPathComponent(), withIntermediateDirectories: true)
        return self
    }
}
