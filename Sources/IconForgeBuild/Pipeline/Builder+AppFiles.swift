/// The app's own files that a build keeps the quick actions in: each is updated in place,
/// touching nothing but the quick actions' part, and left untouched (not even re-dated)
/// when that part is already as it should be.
package struct AppFileTargets: Sendable, Equatable {
    /// An Info.plist whose `UIApplicationShortcutItems` is replaced (`--info-plist`); created
    /// holding the array alone when missing, for `INFOPLIST_FILE` beside a generated Info.plist.
    package var infoPlist: String?
    /// The folder of the app's `<locale>.lproj` folders, whose `InfoPlist.strings` get the
    /// translations between two marker comments (`--info-plist-strings`).
    package var stringsFolder: String?
    /// A String Catalog, `InfoPlist.xcstrings`, to merge the translations into (`--xcstrings`).
    package var stringCatalog: String?
    /// A Swift source with an enum of the quick actions' types and icons (`--swift`).
    package var swiftSource: String?
    /// Whether the Swift enum and its members are `public` (`--swift-public`).
    package var swiftIsPublic = false

    package init() {}

    package var isEmpty: Bool {
        infoPlist == nil && stringsFolder == nil && stringCatalog == nil && swiftSource == nil
    }
}

extension Builder {
    /// The name every strings file in an lproj folder has for Info.plist's keys.
    static let infoPlistStringsName = "InfoPlist.strings"
    /// The only String Catalog name Xcode builds Info.plist's strings from.
    static let infoPlistCatalogName = "InfoPlist.xcstrings"

    /// Updates every file in `targets` from the checked definitions, deciding what is
    /// iconforge's by `record` (what earlier builds wrote), and returns the record of what
    /// it owns now, with warnings about what it kept of someone else's. Definitions with
    /// errors leave them all as they were (the errors fail the build); no definitions at all
    /// is an error, since there is nothing to put there. A file that cannot be updated
    /// throws, with `record` then holding what was done before it. Nothing is written here:
    /// each file's new bytes go to `commit`, which the build commits with its outputs.
    static func updateAppFiles(
        _ targets: AppFileTargets, quickActions: QuickActionsOutcome?, record: inout AppOwnershipRecord,
        into commit: AppFileCommit
    ) throws(BuildError) -> [Diagnostic] {
        guard !targets.isEmpty else { return [] }
        let paths = [targets.infoPlist, targets.stringsFolder, targets.stringCatalog, targets.swiftSource].compactMap {
            $0
        }
        guard let outcome = quickActions else {
            throw .appFile(
                FileError(
                    path: paths[0],
                    message:
                        "there is no \(QuickActions.fileName) in the glyphs folders to take quick actions from; add one (see Quick-action definitions in docs/xcode.md), or leave this option out"
                ))
        }
        guard !outcome.result.hasErrors, let definitions = outcome.result.definitions else { return [] }
        let sourceName = outcome.path.lastPathComponent
        var diagnostics = setupWarnings(for: targets)
        if let path = targets.infoPlist,
            let generated = outcome.result.files.first(where: { $0.relativePath == QuickActions.propertyListPath })?
                .bytes
        {
            diagnostics += try updateInfoPlist(
                path, generated: generated, sourceName: sourceName, record: &record, into: commit)
        }
        if let folder = targets.stringsFolder {
            diagnostics += try updateStringsFiles(
                in: folder, definitions: definitions, sourceName: sourceName, record: &record, into: commit)
        }
        if let path = targets.stringCatalog {
            diagnostics += try updateStringCatalog(
                path, definitions: definitions, sourceName: sourceName, record: &record, into: commit)
        }
        if let path = targets.swiftSource {
            try update(path, into: commit) { _ in
                QuickActionsSwiftSource.bytes(for: definitions, sourceName: sourceName, isPublic: targets.swiftIsPublic)
            }
        }
        return diagnostics
    }

    /// Warnings about a String Catalog that iOS would not read the translations from.
    private static func setupWarnings(for targets: AppFileTargets) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        if let path = targets.stringCatalog, path.lastPathComponent != infoPlistCatalogName {
            diagnostics.append(
                Diagnostic(
                    .appFilesSetup, file: path,
                    "iOS reads Info.plist's translations (the quick actions' titles) only from InfoPlist.strings, which Xcode builds from a String Catalog named \(infoPlistCatalogName), not from \(path.lastPathComponent); name the catalog \(infoPlistCatalogName)"
                ))
        }
        if let path = targets.stringCatalog, targets.stringsFolder != nil {
            diagnostics.append(
                Diagnostic(
                    .appFilesSetup, file: path,
                    "--xcstrings and --info-plist-strings both write the quick actions' translations: Xcode builds InfoPlist.strings from the catalog, and a target with both has two of them for each locale; keep one of the two options"
                ))
        }
        return diagnostics
    }

    /// Replaces the shortcut items of the Info.plist at `path` with the `generated` ones,
    /// recording what iconforge owns there now; returns warnings about keys someone added.
    private static func updateInfoPlist(
        _ path: String, generated: [UInt8], sourceName: String, record: inout AppOwnershipRecord,
        into commit: AppFileCommit
    ) throws(BuildError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let recorded = record.infoPlist?.path == path ? record.infoPlist : nil
        var written: AppOwnershipRecord.InfoPlist?
        try update(path, into: commit) { existing throws(FileError) in
            do throws(InfoPlistUpdate.Failure) {
                let update = try InfoPlistUpdate.update(
                    existing, generated: generated, recorded: recorded, sourceName: sourceName)
                written = AppOwnershipRecord.InfoPlist(
                    path: path, arraySHA256: update.arraySHA256, itemKeys: update.itemKeys)
                diagnostics += zip(update.added, update.addedLocations).map {
                    addedItemKey($0, at: $1, in: path, sourceName: sourceName)
                }
                return update.bytes
            } catch {
                throw refusal(path, error.message)
            }
        }
        record.infoPlist = written
        return diagnostics
    }

    /// Merges the translations into the String Catalog at `path`, recording what iconforge
    /// wrote; returns warnings about translations someone changed.
    private static func updateStringCatalog(
        _ path: String, definitions: QuickActionDefinitions, sourceName: String, record: inout AppOwnershipRecord,
        into commit: AppFileCommit
    ) throws(BuildError) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        try update(path, into: commit) { existing throws(FileError) in
            do throws(StringCatalogUpdate.Failure) {
                let update = try StringCatalogUpdate.update(
                    existing, definitions: definitions, sourceName: sourceName, recorded: record.translations[path])
                record.translations[path] = update.record
                diagnostics += update.kept.map {
                    editedTranslation($0, in: path, sourceName: sourceName, catalog: true)
                }
                return update.bytes
            } catch {
                throw refusal(path, error.message)
            }
        }
        return diagnostics
    }

    /// The warning for a translation someone changed (or added) where iconforge writes: what
    /// was found, what quick-actions.json has, and how to take either.
    static func editedTranslation(_ kept: StringCatalogUpdate.Kept, in path: String, sourceName: String, catalog: Bool)
        -> Diagnostic
    {
        let place = catalog ? "the \(kept.locale) translation of \"\(kept.key)\"" : "the translation of \"\(kept.key)\""
        guard let wanted = kept.wanted else {
            return Diagnostic(
                .appFilesEdited, file: path,
                "\(place) is \"\(kept.found)\", which iconforge did not write (or which was changed since), and \"\(kept.key)\" is no longer a quick action's text in \(sourceName), so the key is kept with everything in it; delete it \(catalog ? "in Xcode's catalog editor" : "from the file") if the app no longer needs it"
            )
        }
        let remove =
            catalog ? "delete the \(kept.locale) translation of \"\(kept.key)\" from the catalog" : "delete that line"
        return Diagnostic(
            .appFilesEdited, file: path,
            "\(place) is \"\(kept.found)\", changed since iconforge wrote it, but \(sourceName) has \"\(wanted)\"; it was kept, not overwritten: to keep it, put \"\(kept.found)\" into \(sourceName) (the \(kept.locale.isEmpty ? "file's locale" : kept.locale) string of that text); to take \(sourceName)'s, \(remove) and build again"
        )
    }

    /// The warning for a key someone added to a quick action's item in Info.plist: where it
    /// is, that it was kept (or went with its item), and how quick-actions.json can say it.
    static func addedItemKey(
        _ added: ShortcutItemsMerge.AddedKey, at location: SourceLocation?, in path: String, sourceName: String
    ) -> Diagnostic {
        let item = "item \(added.index + 1) of \(InfoPlistUpdate.key) (\(JSONText.quoted(added.type)))"
        let field = ShortcutItemsMerge.field(for: added.key, value: added.value)
        let message: String
        if added.removed {
            // The field as the action would hold it (an icon's inside its "icon").
            let restored = field.map { $0.inAction }
            message =
                "\(item) had \(added.key), which iconforge did not write; its action is no longer in \(sourceName), so the item was removed with it"
                + (restored.map { ": to have it back, add the action to \(sourceName) with \($0)" } ?? "")
        } else if let wanted = added.wanted {
            message =
                "\(item) has \(added.key) \(shown(added.value)), which iconforge did not write, but \(sourceName) has \(shown(wanted)); it was kept, not overwritten: to keep it, put it into \(sourceName)"
                + (field.map { " (\($0.text))" } ?? "")
                + "; to take \(sourceName)'s, delete the key from this file and build again"
        } else if let field {
            message =
                "\(item) has \(added.key), which iconforge did not write; it was kept in the item: to have \(sourceName) own it, add \(field.text) to that action\(field.inIcon ? "'s \"icon\"" : "") there (this file then stays as it is)"
        } else {
            message =
                "\(item) has \(added.key), which iconforge did not write and \(sourceName) has no field for; it is kept in the item as it is, on every build"
        }
        var diagnostic = Diagnostic(.appFilesEdited, file: path, message)
        diagnostic.location = location
        return diagnostic
    }

    /// A property-list value as a warning quotes it.
    private static func shown(_ value: PropertyListValue) -> String {
        value.string.map(JSONText.quoted)
            ?? "(a \(value.array != nil ? "list" : value.dictionary != nil ? "dictionary" : "value") that is not a string)"
    }

    /// Each locale's `<locale>.lproj/InfoPlist.strings` under `folder` (the lproj folder made
    /// if missing); a locale the definitions no longer have keeps its markers, with only the
    /// lines someone else wrote or changed between them.
    private static func updateStringsFiles(
        in folder: String, definitions: QuickActionDefinitions, sourceName: String, record: inout AppOwnershipRecord,
        into commit: AppFileCommit
    ) throws(BuildError) -> [Diagnostic] {
        guard FileSystem.kind(followingSymlinksOf: folder) == .directory else {
            throw .appFile(
                FileError(
                    path: folder,
                    message:
                        "is not a folder; --info-plist-strings names the folder that holds the app's <locale>.lproj folders"
                ))
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var files: [(path: String, locale: String, pairs: [(key: String, value: String)])] = definitions.locales.map {
            locale in
            (
                base + "/" + locale + ".lproj/" + infoPlistStringsName, locale,
                InfoPlistStrings.translations(for: definitions, locale: locale)
            )
        }
        let names: [String]
        do throws(FileError) { names = try FileSystem.contents(ofFolder: folder) } catch { throw .appFile(error) }
        for name in names.sorted()
        where name.hasSuffix(".lproj") && !definitions.locales.contains(String(name.dropLast(6))) {
            let path = base + "/" + name + "/" + infoPlistStringsName
            if let bytes = try? FileSystem.readRegularFile(path, limit: readLimit),
                String(decoding: bytes, as: UTF8.self).contains(StringsFileUpdate.beginMarker)
            {
                files.append((path, String(name.dropLast(6)), []))
            }
        }
        var diagnostics: [Diagnostic] = []
        for file in files {
            do throws(FileError) { try FileSystem.createFolder(file.path.parentPath, observer: commit.observer) } catch
            { throw .appFile(error) }
            try update(file.path, into: commit) { existing throws(FileError) in
                do throws(StringsFileUpdate.Failure) {
                    let recorded = record.translations[file.path].map { $0.mapValues { $0[""] ?? "" } }
                    let update = try StringsFileUpdate.update(
                        existing, pairs: file.pairs, sourceName: sourceName, recorded: recorded)
                    record.translations[file.path] = update.record.mapValues { ["": $0] }
                    diagnostics += update.kept.map { kept in
                        var diagnostic = editedTranslation(
                            StringCatalogUpdate.Kept(
                                key: kept.key, locale: file.locale, found: kept.found, wanted: kept.wanted),
                            in: file.path,
                            sourceName: sourceName, catalog: false)
                        diagnostic.location = SourceLocation(line: kept.line, column: 1)
                        return diagnostic
                    }
                    diagnostics += update.duplicates.map { duplicate in
                        Diagnostic(
                            .appFilesSetup, file: file.path, at: SourceLocation(line: duplicate.line, column: 1),
                            "\"\(duplicate.key)\" is translated here as \"\(duplicate.found)\" and also by iconforge's lines as \"\(duplicate.wanted)\" (from \(sourceName)); iOS takes one of them without a word, so delete this line, or put its text into \(sourceName)"
                        )
                    }
                    return update.bytes
                } catch {
                    throw refusal(file.path, error.message)
                }
            }
        }
        return diagnostics
    }

    /// The largest app file read.
    static let readLimit = 64 << 20

    /// Reads `path` (nil when missing), asks `change` for its new bytes (nil: as it is) and
    /// hands them to `commit`, with the permissions and signature of the file they replace.
    private static func update(
        _ path: String, into commit: AppFileCommit, _ change: ([UInt8]?) throws(FileError) -> [UInt8]?
    ) throws(BuildError) {
        do throws(FileError) {
            let read = FileSystem.signature(of: path)
            let existing =
                FileSystem.kind(followingSymlinksOf: path) == .missing
                ? nil : try FileSystem.readRegularFile(path, limit: readLimit)
            guard let bytes = try change(existing) else { return }
            let target = try FileSystem.projectFileTarget(path)
            guard existing != bytes else { return }
            commit.add(
                AppFileCommit.Write(target: target, bytes: bytes, mode: FileSystem.permissions(of: target), read: read))
        } catch {
            throw .appFile(error)
        }
    }

    private static func refusal(_ path: String, _ message: String) -> FileError {
        FileError(path: path, message: "this file \(message); it was left as it was")
    }
}
