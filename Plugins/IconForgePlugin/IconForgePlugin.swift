import Foundation
import PackagePlugin

/// A SwiftPM build-tool plugin, the way SwiftGen and R.swift reach Swift developers: a
/// target that uses it and lists its glyphs among its files (a `Glyphs/` folder of SVGs,
/// with its `quick-actions.json`) gets each glyph's @2x and @3x PNGs as resources
/// (`Bundle.module`) and, when the definitions are there, the `QuickAction` enum, made by
/// `iconforge build` at build time. The command declares every glyph and the definitions as
/// its inputs, so SwiftPM runs it again only when one of them (or iconforge) changed.
@main
struct IconForgePlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        return Self.commands(
            files: target.sourceFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
            tool: try context.tool(named: "iconforge").url)
    }

    /// One `iconforge build` per folder that holds glyphs among `files` (usually one,
    /// `Glyphs/`); none for a target without glyphs.
    static func commands(files: [URL], workDirectory: URL, tool: URL) -> [Command] {
        let glyphs = files.filter { $0.pathExtension.lowercased() == "svg" && !$0.lastPathComponent.hasPrefix(".") }
        let folders = Set(glyphs.map { $0.deletingLastPathComponent().standardizedFileURL.path }).sorted()
        return folders.map { folder in
            let inFolder = glyphs.filter { $0.deletingLastPathComponent().standardizedFileURL.path == folder }
                .sorted { $0.lastPathComponent < $1.lastPathComponent }
            // Each folder's output in a folder of its own, named after it (Glyphs, or Glyphs-2…).
            let name =
                URL(fileURLWithPath: folder).lastPathComponent
                + (folders.count > 1 ? "-\(folders.firstIndex(of: folder)! + 1)" : "")
            let output = workDirectory.appending(path: name)
            // Settings from the command line alone: an iconforge.json at the package root is
            // the app's (its --xcassets, say, names a folder under Sources/), and a plugin
            // writes only in its work folder.
            var arguments = ["build", folder, "-o", output.path, "--quiet", "--no-config"]
            var inputs = inFolder
            var outputs = inFolder.flatMap { svg in
                let stem = svg.deletingPathExtension().lastPathComponent
                return ["\(stem)@2x.png", "\(stem)@3x.png"].map { output.appending(path: $0) }
            }
            let definitions = URL(fileURLWithPath: folder).appending(path: "quick-actions.json")
            if files.contains(where: { $0.standardizedFileURL.path == definitions.standardizedFileURL.path }) {
                let swift = workDirectory.appending(
                    path: name == "Glyphs" ? "QuickAction.swift" : "QuickAction-\(name).swift")
                arguments += ["--swift", swift.path]
                inputs.append(definitions)
                outputs.append(swift)
            }
            return .buildCommand(
                displayName: "iconforge build \(name) (\(inFolder.count) glyph\(inFolder.count == 1 ? "" : "s"))",
                executable: tool, arguments: arguments, inputFiles: inputs, outputFiles: outputs)
        }
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    /// The same for an Xcode app target (Xcode's XcodeProjectPlugin; not built or run on
    /// Linux): the SVGs and quick-actions.json among the target's files.
    extension IconForgePlugin: XcodeBuildToolPlugin {
        func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
            Self.commands(
                files: target.inputFiles.map(\.url), workDirectory: context.pluginWorkDirectoryURL,
                tool: try context.tool(named: "iconforge").url)
        }
    }
#endif
