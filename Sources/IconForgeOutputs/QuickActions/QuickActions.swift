/// Checks an app's Home Screen quick-action definitions (`Glyphs/quick-actions.json`) and
/// generates the Info.plist fragment and InfoPlist.strings files that declare them.
package enum QuickActions {
    /// The definitions file's name, looked for in the glyphs folder.
    package static let fileName = "quick-actions.json"
    /// The generated property list holding `UIApplicationShortcutItems`.
    package static let propertyListPath = "QuickActions.plist"
    /// The most quick actions the Home Screen menu shows.
    package static let maximumActions = 4

    /// Where the definitions file would be in each folder among `inputs` (the glyphs
    /// folders; files named as input have none), in order.
    package static func definitionsPaths(in inputs: [String]) -> [String] {
        inputs.filter { FileSystem.kind(followingSymlinksOf: $0) == .directory }.map { folder in
            (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/" + fileName
        }
    }

    /// The generated strings file for `locale`, relative to the output folder.
    package static func stringsPath(locale: String) -> String {
        locale + ".lproj/InfoPlist.strings"
    }

    /// Checks `fileBytes` (the contents of `displayPath`) against every `actions.*` rule.
    ///
    /// - Parameters:
    ///   - glyphs: every glyph by name, and whether it passed its checks (for `"icon": {"glyph": …}`).
    ///   - appName: the app's name, overriding the file's `appName`; nil to use the file's.
    ///   - limits: the widths beyond which titles and subtitles are reported as likely to truncate.
    ///   - iconNamespace: what goes before a glyph's name in `UIApplicationShortcutItemIconFile`:
    ///     the asset catalog's namespace (`Glyphs/`) when the glyphs are written into a group
    ///     that provides one, since iOS finds the image set by its full name.
    package static func check(
        fileBytes: [UInt8], displayPath: String, glyphs: [String: Bool], appName: String?,
        limits: TruncationLimits = TruncationLimits(),
        iconNamespace: String = ""
    ) -> QuickActionsResult {
        let root: JSONValue
        do {
            root = try JSONParser.parse(fileBytes)
        } catch {
            return QuickActionsResult(
                diagnostics: [Diagnostic(.actionsParse, file: displayPath, at: error.location, error.message)],
                files: [])
        }
        var decoder = QuickActionsDecoder(file: displayPath)
        guard var definitions = decoder.decode(root) else {
            return QuickActionsResult(diagnostics: decoder.diagnostics, files: [])
        }
        let overridingName = appName.flatMap { $0.trimmed().isEmpty ? nil : $0 }
        var checker = QuickActionsChecker(
            file: displayPath, definitions: definitions, glyphs: glyphs, appName: overridingName ?? definitions.appName,
            limits: limits)
        let diagnostics = (decoder.diagnostics + checker.run()).sorted(by: Diagnostic.sortOrder)
        let result = QuickActionsResult(diagnostics: diagnostics, files: [])
        guard !result.hasErrors else { return result }
        for index in definitions.actions.indices {
            if case .glyph(let name)? = definitions.actions[index].icon {
                definitions.actions[index].icon = .glyph(iconNamespace + name)
            }
            definitions.actions[index].fallbackIcons = definitions.actions[index].fallbackIcons.map { icon in
                if case .glyph(let name) = icon { return .glyph(iconNamespace + name) }
                return icon
            }
        }

        var files = [(relativePath: propertyListPath, bytes: QuickActionsPropertyList.bytes(for: definitions))]
        for strings in InfoPlistStrings.files(for: definitions, sourceName: displayPath.lastPathComponent) {
            files.append((stringsPath(locale: strings.locale), strings.bytes))
        }
        var generated = QuickActionsResult(
            diagnostics: diagnostics, files: files.sorted { $0.relativePath < $1.relativePath })
        generated.definitions = definitions
        return generated
    }
}
