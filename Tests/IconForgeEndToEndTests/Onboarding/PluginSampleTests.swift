import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// IconForgePlugin in a package that uses it (Tests/PluginSample), built with `swift build`:
/// the glyphs' PNGs become the target's resources and QuickAction is generated; a second
/// build runs nothing, and one after a glyph changed renders again. The copy and its build
/// folder are kept in .build/plugin-sample, so that iconforge, which the sample builds from
/// this checkout, is compiled there once, not on every run (CI caches .build).
@Suite(.serialized) struct PluginSampleTests {
    static let root = ExternalProgram.repositoryRoot
    static let folder = root + "/.build/plugin-sample"
    static let package = folder + "/package"
    static let swift = ExternalProgram.find("swift") ?? "/opt/swift/usr/bin/swift"

    /// A fresh copy of the sample, its dependency on iconforge made an absolute path.
    static func copySample() throws {
        let files = FileManager.default
        try? files.removeItem(atPath: package)
        try files.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try files.copyItem(atPath: root + "/Tests/PluginSample", toPath: package)
        let manifest = package + "/Package.swift"
        let text = try String(contentsOfFile: manifest, encoding: .utf8)
        try #require(text.contains("path: \"../..\""))
        try Data(text.replacingOccurrences(of: "path: \"../..\"", with: "path: \"\(root)\"").utf8).write(
            to: URL(fileURLWithPath: manifest))
    }

    static func build() throws -> ExternalProgram.Result {
        try ExternalProgram.run(swift, ["build", "--scratch-path", folder + "/scratch"], in: package)
    }

    /// What the plugin wrote, by file name: the PNGs and the enum.
    static func generated() throws -> [String: (bytes: Data, modified: Date)] {
        let files = FileManager.default
        guard let enumerator = files.enumerator(atPath: folder + "/scratch/plugins/outputs") else { return [:] }
        var found: [String: (Data, Date)] = [:]
        for case let path as String in enumerator where path.hasSuffix(".png") || path.hasSuffix("QuickAction.swift") {
            let full = folder + "/scratch/plugins/outputs/" + path
            let modified = try files.attributesOfItem(atPath: full)[.modificationDate] as? Date ?? .distantPast
            found[(path as NSString).lastPathComponent] = (try Data(contentsOf: URL(fileURLWithPath: full)), modified)
        }
        return found
    }

    @Test func theSamplePackageGetsItsGlyphsAtBuildTimeIncrementally() throws {
        try Self.copySample()
        let first = try Self.build()
        try #require(first.status == 0, "\(first.output)")
        let firstMade = try Self.generated()
        // The package root's iconforge.json (the app's settings) is not the plugin's: nothing
        // is written under Sources/, and the glyphs are built on the template, not fitted.
        let sources = try FileManager.default.subpathsOfDirectory(atPath: Self.package + "/Sources").sorted()
        let shipped = try FileManager.default.subpathsOfDirectory(atPath: Self.root + "/Tests/PluginSample/Sources")
            .sorted()
        #expect(sources == shipped, "the plugin wrote under Sources/: \(Set(sources).subtracting(shipped).sorted())")
        #expect(
            Set(firstMade.keys) == [
                "compose@2x.png", "compose@3x.png", "search@2x.png", "search@3x.png", "QuickAction.swift",
            ], "\(firstMade.keys.sorted())")
        #expect(try PNGCodec.decode([UInt8](firstMade["compose@3x.png"]!.bytes)).width == 104)

        // The program sees the enum and finds every PNG in its bundle.
        let run = try ExternalProgram.run(Self.folder + "/scratch/debug/Sample", [])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.contains("action compose com.example.sample.compose image(\"compose\")"), "\(run.output)")
        #expect(run.output.contains("action search com.example.sample.search image(\"search\")"), "\(run.output)")
        for resource in ["compose@2x.png", "compose@3x.png", "search@2x.png", "search@3x.png"] {
            #expect(
                run.output.contains("resource \(resource) \(firstMade[resource]!.bytes.count) bytes"), "\(run.output)")
        }

        // SwiftPM compiles the C targets once more on the build after a cold one (the
        // tool is relinked, so the plugin's command runs again); once settled, a build with
        // nothing changed must run nothing and write nothing.
        let settled = try Self.build()
        try #require(settled.status == 0, "\(settled.output)")
        let made = try Self.generated()

        // Nothing changed: the plugin's command does not run, nothing is written.
        let second = try Self.build()
        #expect(second.status == 0, "\(second.output)")
        #expect(!second.output.contains("iconforge build"), "\(second.output)")
        let again = try Self.generated()
        for (name, file) in made { #expect(again[name]?.modified == file.modified, "\(name) was written again") }

        // A glyph changed: it is rendered again, and the program's resource is the new one.
        let glyph = Self.package + "/Sources/Sample/Glyphs/compose.svg"
        try Data(
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35"><rect x="2.5" y="10" width="30" height="15"/></svg>"#
                .utf8
        )
        .write(to: URL(fileURLWithPath: glyph))
        let third = try Self.build()
        #expect(third.status == 0, "\(third.output)")
        #expect(third.output.contains("] iconforge build Glyphs (2 glyphs)"), "\(third.output)")
        let changed = try Self.generated()
        #expect(changed["compose@2x.png"]?.bytes != made["compose@2x.png"]?.bytes)
        #expect(
            paintedPixelBox(try PNGCodec.decode([UInt8](changed["compose@2x.png"]!.bytes)))?.width == 60,
            "the wide glyph, 30 pt at @2x")
        #expect(changed["search@2x.png"]?.bytes == made["search@2x.png"]?.bytes)
    }
}
