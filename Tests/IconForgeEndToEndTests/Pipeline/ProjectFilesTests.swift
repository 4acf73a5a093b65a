import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `build --info-plist`, `--info-plist-strings`, `--xcstrings` and `--swift` end to end: what
/// the build writes into an app's own files, and what it leaves alone.
@Suite struct ProjectFilesTests {
    func exampleProject() throws -> TemporaryFolder {
        try AppFilesTests().exampleProject()
    }

    func build(_ project: TemporaryFolder, _ targets: AppFileTargets) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.appFiles = targets
        request.projectRoot = project.path
        return try Builder.run(request)
    }

    func targets(_ project: TemporaryFolder) -> AppFileTargets {
        var targets = AppFileTargets()
        targets.infoPlist = project.file("App/Info.plist")
        targets.stringsFolder = project.file("App")
        targets.stringCatalog = project.file("App/InfoPlist.xcstrings")
        targets.swiftSource = project.file("App/QuickAction.swift")
        return targets
    }

    static let epoch2001: Int64 = 978_307_200_000_000_000

    @Test func theAppsFilesAreUpdatedOnceAndThenLeftAloneWithTheirPermissions() throws {
        let project = try exampleProject()
        project.copy(fixture: "app-files/Info.plist", as: "App/Info.plist")
        project.copy(fixture: "app-files/fr-InfoPlist.strings", as: "App/fr.lproj/InfoPlist.strings")
        project.copy(fixture: "app-files/InfoPlist.xcstrings", as: "App/InfoPlist.xcstrings")
        chmod(project.file("App/Info.plist"), 0o640)
        let report = try build(project, targets(project))
        #expect(report.errorCount == 0, "\(report.diagnostics)")
        let files = [
            "App/Info.plist", "App/en.lproj/InfoPlist.strings", "App/fr.lproj/InfoPlist.strings",
            "App/InfoPlist.xcstrings", "App/QuickAction.swift",
        ]
        for file in files { #expect(FileManager.default.fileExists(atPath: project.file(file)), "\(file)") }
        #expect(
            FileSystem.permissions(of: project.file("App/Info.plist")) == 0o640, "the Info.plist keeps its permissions")
        let plist =
            try PropertyListSerialization.propertyList(
                from: Data(contentsOf: URL(fileURLWithPath: project.file("App/Info.plist"))), format: nil)
            as? [String: Any]
        #expect((plist?["UIApplicationShortcutItems"] as? [Any])?.count == 4)
        #expect(plist?["CFBundleDisplayName"] as? String == "Mosaic")

        // Nothing changed: nothing is written, not even re-dated (each file is dated in 2001 first).
        for file in files { FileSystem.setModificationTime(of: project.file(file), to: Self.epoch2001) }
        let bytes = try files.map { try Data(contentsOf: URL(fileURLWithPath: project.file($0))) }
        #expect(try build(project, targets(project)).errorCount == 0)
        for (file, before) in zip(files, bytes) {
            #expect(FileSystem.modificationTime(of: project.file(file)) == Self.epoch2001, "\(file) untouched")
            #expect(try Data(contentsOf: URL(fileURLWithPath: project.file(file))) == before)
        }

        // A locale dropped from the definitions keeps its markers with nothing between them.
        let definitions = project.file("Glyphs/quick-actions.json")
        let text = try String(contentsOfFile: definitions, encoding: .utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        var english = json
        english["locales"] = ["en"]
        english["actions"] = (json["actions"] as? [[String: Any]])?.map { action in
            var action = action
            for field in ["title", "subtitle"] {
                if let text = action[field] as? [String: String] { action[field] = ["en": text["en"]!] }
            }
            return action
        }
        try JSONSerialization.data(withJSONObject: english).write(to: URL(fileURLWithPath: definitions))
        #expect(try build(project, targets(project)).errorCount == 0)
        let french = try String(contentsOfFile: project.file("App/fr.lproj/InfoPlist.strings"), encoding: .utf8)
        #expect(french.contains("\"CFBundleDisplayName\" = \"Mosaïque\";"))
        #expect(
            french.hasSuffix(
                "(generated from quick-actions.json: edit that file, not these lines) */\n/* iconforge: end quick actions */\n"
            ))
    }

    @Test func aSymlinkedInfoPlistIsUpdatedThroughTheLink() throws {
        let project = try exampleProject()
        project.copy(fixture: "app-files/Info.plist", as: "Shared/Info.plist")
        try FileManager.default.createDirectory(atPath: project.file("App"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: project.file("App/Info.plist"), withDestinationPath: "../Shared/Info.plist")
        var targets = AppFileTargets()
        targets.infoPlist = project.file("App/Info.plist")
        #expect(try build(project, targets).errorCount == 0)
        #expect(FileSystem.kind(of: project.file("App/Info.plist")) == .symlink)
        #expect(
            try String(contentsOfFile: project.file("Shared/Info.plist"), encoding: .utf8).contains(
                "UIApplicationShortcutItems"))
    }

    @Test func withoutDefinitionsOrWithErrorsTheAppsFilesAreLeftAlone() throws {
        let project = try exampleProject()
        project.copy(fixture: "app-files/Info.plist", as: "App/Info.plist")
        let original = try Data(contentsOf: URL(fileURLWithPath: project.file("App/Info.plist")))
        project.write(
            "Glyphs/quick-actions.json",
            "{ \"actions\": [ { \"type\": \"a.b\", \"title\": \"Open\", \"icon\": { \"glyph\": \"nope\" } } ] }")
        let failed = try build(project, targets(project))
        #expect(failed.failed)
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.file("App/Info.plist"))) == original)
        #expect(!FileManager.default.fileExists(atPath: project.file("App/QuickAction.swift")))

        try FileManager.default.removeItem(atPath: project.file("Glyphs/quick-actions.json"))
        #expect(throws: BuildError.self) { try build(project, targets(project)) }
        project.write("App/Broken.plist", "{ CFBundleName = Mosaic; }")
        project.write(
            "Glyphs/quick-actions.json",
            "{ \"actions\": [ { \"type\": \"a.b\", \"title\": \"Open\", \"icon\": { \"system\": \"play\" } } ] }")
        var broken = AppFileTargets()
        broken.infoPlist = project.file("App/Broken.plist")
        do {
            _ = try build(project, broken)
            Issue.record("an OpenStep Info.plist is refused")
        } catch {
            guard case .appFile(let failure)? = error as? BuildError else { throw error }
            #expect(
                failure.path == project.file("App/Broken.plist") && failure.message.contains("OpenStep")
                    && failure.message.contains("left as it was"))
        }
        #expect(
            try String(contentsOfFile: project.file("App/Broken.plist"), encoding: .utf8)
                == "{ CFBundleName = Mosaic; }")
    }

    /// The Swift source compiles, with code that uses it as an app would.
    @Test func theSwiftEnumTypeChecksWithCodeThatUsesIt() throws {
        let project = try exampleProject()
        var targets = AppFileTargets()
        targets.swiftSource = project.file("QuickAction.swift")
        #expect(try build(project, targets).errorCount == 0)
        let source = try String(contentsOfFile: project.file("QuickAction.swift"), encoding: .utf8)
        #expect(source.contains("    case compose = \"com.example.mosaic.compose\""))
        project.write(
            "main.swift",
            """
            func handle(_ type: String) -> String {
                switch QuickAction(rawValue: type) {
                case .compose?: return "editor"
                case .some(let other): return other.rawValue
                case nil: return "unknown"
                }
            }
            let icons: [QuickAction.Icon?] = QuickAction.allCases.map(\\.icon)
            if case .image(let name)? = QuickAction.compose.icon { print(name, icons.count, handle("x")) }
            """)
        try typecheck([project.file("QuickAction.swift"), project.file("main.swift")])

        // No actions at all still compiles (an enum with a raw type needs a case; this one spells it out).
        project.write("Glyphs/quick-actions.json", "{ \"actions\": [] }")
        #expect(try build(project, targets).errorCount == 0)
        project.write(
            "main.swift",
            "let all: [QuickAction] = QuickAction.allCases\nprint(all.count, QuickAction(rawValue: \"a\") == nil)\n")
        try typecheck([project.file("QuickAction.swift"), project.file("main.swift")])
    }

    /// A type that starts with `$(PRODUCT_BUNDLE_IDENTIFIER)`, which Xcode expands in
    /// Info.plist: the generated enum's raw value is the suffix, and `init?(shortcutType:)`
    /// takes the bundle identifier off, as the compiled program shows with a stub identifier.
    @Test func typesWithTheBundleIdentifierMatchTheTypeTheAppReceives() throws {
        let project = try exampleProject()
        project.write(
            "Glyphs/quick-actions.json",
            """
            { "actions": [
              { "type": "$(PRODUCT_BUNDLE_IDENTIFIER).compose", "title": "New Note", "icon": { "glyph": "compose" } },
              { "type": "${PRODUCT_BUNDLE_IDENTIFIER}-search", "title": "Search", "icon": { "system": "search" } },
              { "type": "com.example.shared.share", "title": "Share", "icon": { "symbol": "square.and.arrow.up" } }
            ] }
            """)
        var targets = AppFileTargets()
        targets.swiftSource = project.file("QuickAction.swift")
        #expect(try build(project, targets).errorCount == 0)
        let source = try String(contentsOfFile: project.file("QuickAction.swift"), encoding: .utf8)
        #expect(
            source.contains("    case compose = \"compose\"\n") && source.contains("    case search = \"search\"\n"))
        #expect(source.contains("    case share = \"com.example.shared.share\"\n"))
        project.write(
            "main.swift",
            """
            let bundle = "com.example.mosaic"
            precondition(QuickAction(shortcutType: "com.example.mosaic.compose", bundleIdentifier: bundle) == .compose)
            precondition(QuickAction(shortcutType: "com.example.mosaic-search", bundleIdentifier: bundle) == .search)
            precondition(QuickAction(shortcutType: "com.example.shared.share", bundleIdentifier: bundle) == .share)
            precondition(QuickAction(shortcutType: "com.example.mosaic.search", bundleIdentifier: bundle) == nil)
            precondition(QuickAction(shortcutType: "$(PRODUCT_BUNDLE_IDENTIFIER).compose", bundleIdentifier: bundle) == nil)
            precondition(QuickAction.compose.shortcutType(bundleIdentifier: bundle) == "com.example.mosaic.compose")
            precondition(QuickAction(rawValue: "compose") == .compose)
            print("matched", QuickAction.allCases.count)
            """)
        let program = project.file("quick-actions-program")
        let (status, output) = try runProgram(
            try swiftc(),
            ["-swift-version", "6", "-o", program, project.file("QuickAction.swift"), project.file("main.swift")])
        #expect(status == 0, "\(output)")
        let (ran, printed) = try runProgram(program, [])
        #expect(ran == 0 && printed.contains("matched 3"), "\(printed)")
    }

    /// UIKit's quick-action API as the iOS SDK declares it, enough to type-check against.
    static let uikitStandIn = """
        @_exported import Foundation  // as the SDK's UIKit re-exports it

        @MainActor open class UIApplicationShortcutIcon: NSObject {
            public enum IconType: Int, Sendable {
                case compose, play, pause, add, location, search, share, prohibit, contact, home, markLocation, favorite, love, cloud,
                    invitation, confirmation, mail, message, date, time, capturePhoto, captureVideo, task, taskCompleted, alarm, bookmark,
                    shuffle, audio, update
            }
            public init(type: IconType) {}
            public init(templateImageName: String) {}
            public init(systemImageName: String) {}
        }

        @MainActor open class UIApplicationShortcutItem: NSObject {
            public let type: String
            public let localizedTitle: String
            public init(type: String, localizedTitle: String, localizedSubtitle: String?, icon: UIApplicationShortcutIcon?, userInfo: [String: any NSSecureCoding]? = nil) {
                self.type = type
                self.localizedTitle = localizedTitle
            }
        }
        """

    /// The dynamic quick actions: each case as a `UIApplicationShortcutItem` built from the
    /// same definitions, type-checked with Swift 6 against a UIKit stand-in module.
    @Test(arguments: [false, true])
    func theShortcutItemsTypeCheckAgainstUIKit(bundleTypes: Bool) throws {
        let project = try exampleProject()
        let compose = bundleTypes ? "$(PRODUCT_BUNDLE_IDENTIFIER).compose" : "com.example.mosaic.compose"
        project.write(
            "Glyphs/quick-actions.json",
            """
            { "locales": ["en", "fr"], "actions": [
              { "type": "\(compose)", "title": { "en": "New Note", "fr": "Nouvelle note" }, "subtitle": "Start", "icon": { "glyph": "compose", "symbol": "square.and.pencil" }, "userInfo": { "screen": "editor" } },
              { "type": "com.example.mosaic.search", "title": "Search", "titleKey": "SEARCH_TITLE", "icon": { "system": "search" } },
              { "type": "com.example.mosaic.share", "title": "Share", "icon": { "glyph": "share" } },
              { "type": "com.example.mosaic.home", "title": "Home" }
            ] }
            """)
        var targets = AppFileTargets()
        targets.swiftSource = project.file("QuickAction.swift")
        #expect(try build(project, targets).errorCount == 0)
        let source = try String(contentsOfFile: project.file("QuickAction.swift"), encoding: .utf8)
        #expect(source.contains("icon: UIApplicationShortcutIcon(type: .search)"), "a typed icon type, not a string")
        #expect(
            source.contains(
                "localizedTitle: Bundle.main.localizedString(forKey: \"SEARCH_TITLE\", value: nil, table: \"InfoPlist\")"
            ))
        #expect(
            source.contains(
                "icon: UIApplicationShortcutIcon(systemImageName: \"square.and.pencil\"), userInfo: [\"screen\": \"editor\" as NSString]"
            ))
        #expect(source.contains("icon: UIApplicationShortcutIcon(templateImageName: \"share\")"))
        project.write("UIKit.swift", Self.uikitStandIn)
        let modules = project.file("modules")
        try FileManager.default.createDirectory(atPath: modules, withIntermediateDirectories: true)
        let (built, log) = try runProgram(
            try swiftc(),
            [
                "-emit-module", "-parse-as-library", "-module-name", "UIKit", "-swift-version", "6",
                "-emit-module-path", modules + "/UIKit.swiftmodule", project.file("UIKit.swift"),
            ])
        #expect(built == 0, "\(log)")
        project.write(
            "main.swift",
            """
            import UIKit
            @MainActor func install() -> [UIApplicationShortcutItem] { QuickAction.allCases.map(\\.shortcutItem) }
            """)
        let (status, output) = try runProgram(
            try swiftc(),
            [
                "-typecheck", "-swift-version", "6", "-I", modules, project.file("QuickAction.swift"),
                project.file("main.swift"),
            ])
        #expect(status == 0, "\(output)")

        // --swift-public: the same, as a module of its own that the app imports.
        targets.swiftIsPublic = true
        #expect(try build(project, targets).errorCount == 0)
        let (emitted, emitLog) = try runProgram(
            try swiftc(),
            [
                "-emit-module", "-parse-as-library", "-module-name", "QuickActions", "-swift-version", "6", "-I",
                modules,
                "-emit-module-path", modules + "/QuickActions.swiftmodule", project.file("QuickAction.swift"),
            ])
        #expect(emitted == 0, "\(emitLog)")
        project.write(
            "client.swift",
            """
            import QuickActions
            import UIKit
            @MainActor func install() -> [UIApplicationShortcutItem] { QuickAction.allCases.map(\\.shortcutItem) }
            let icon: QuickAction.Icon? = QuickAction.search.icon
            print(QuickAction(rawValue: "compose") as Any, icon as Any)
            """)
        let (client, clientLog) = try runProgram(
            try swiftc(), ["-typecheck", "-swift-version", "6", "-I", modules, project.file("client.swift")])
        #expect(client == 0, "\(clientLog)")
    }

    func swiftc() throws -> String {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return try #require(
            (path.split(separator: ":").map { $0 + "/swiftc" } + ["/opt/swift/usr/bin/swiftc", "/usr/bin/swiftc"]).first
            { FileManager.default.isExecutableFile(atPath: $0) },
            "swiftc is on PATH wherever the tests run")
    }

    /// Runs `swiftc -typecheck` (the toolchain's, found on PATH) on `files`.
    func typecheck(_ files: [String]) throws {
        let (status, output) = try runProgram(try swiftc(), ["-typecheck", "-swift-version", "6"] + files)
        #expect(status == 0, "\(output)")
    }
}
