/// The app's own files that a build keeps the quick actions in: each is updated in place,
/// touching nothing but the quick actions' part, and left untouched (not even re-dated)
/// when that part is already as it should be.
public struct AppFileTargets: Sendable, Equatable {
    /// An Info.plist whose `UIApplicationShortcutItems` is replaced (`--info-plist`); created
    /// holding the array alone when missing, for `INFOPLIST_FILE` beside a generated Info.plist.
    public var infoPlist: String?
    /// The folder of the app's `<locale>.lproj` folders, whose `InfoPlist.strings` get the
    /// translations between two marker comments (`--info-plist-strings`).
    public var stringsFolder: String?
    /// A String Catalog, `InfoPlist.xcstrings`, to merge the translations into (`--xcstrings`).
    public var stringCatalog: String?
    /// A Swift source with an enum of the quick actions' types and icons (`--swift`).
    public var swiftSource: String?

    public init() {}

    public var isEmpty: Bool {
        infoPlist == nil && stringsFolder == nil && stringCatalog == nil && swiftSource == nil
    }
}

extension Builder {
    /// The name every strings file in an lproj folder has for Info.plist's keys.
    static let infoPlistStringsName = "InfoPlist.strings"

    /// Updates every file in `targets` from the checked definitions. Definitions with errors
    /// leave them all as they were (the errors fail the build); no definitions at all is an
    /// error, since there is nothing to put there.
    static func updateAppFiles(_ targets: AppFileTargets, quickActions: QuickActionsOutcome?) throws(BuildError) {
        guard !targets.isEmpty else { return }
        let paths = [targets.infoPlist, targets.stringsFolder, targets.stringCatalog, targets.swiftSource].compactMap { $0 }
        guard let outcome = quickActions else {
            throw .appFile(FileError(path: paths[0], message: "there is no \(QuickActions.fileName) in the glyphs folders to take quick actions from; add one (see Quick-action definitions in docs/xcode.md), or leave this option out"))
        }
        guard !outcome.result.hasErrors, let definitions = outcome.result.definitions else { return }
        let sourceName = outcome.path.lastPathComponent
        if let path = targets.infoPlist, let generated = outcome.result.files.first(where: { $0.relativePath == QuickActions.propertyListPath })?.bytes {
            try update(path) { existing throws(FileError) in
                do throws(InfoPlistUpdate.Failure) {
                    return try InfoPlistUpdate.updated(existing, generated: generated)
                } catch {
                    throw refusal(path, error.message)
                }
            }
        }
        if let folder = targets.stringsFolder {
            try updateStringsFiles(in: folder, definitions: definitions, sourceName: sourceName)
        }
        if let path = targets.stringCatalog {
            try update(path) { existing throws(FileError) in
                do throws(StringCatalogUpdate.Failure) {
                    return try StringCatalogUpdate.updated(existing, definitions: definitions, sourceName: sourceName)
                } catch {
                    throw refusal(path, error.message)
                }
            }
        }
        if let path = targets.swiftSource {
            try update(path) { _ in QuickActionsSwiftSource.bytes(for: definitions, sourceName: sourceName) }
        }
    }

    /// Each locale's `<locale>.lproj/InfoPlist.strings` under `folder` (the lproj folder made
    /// if missing); a locale the definitions no longer have keeps its markers with nothing
    /// between them.
    private static func updateStringsFiles(in folder: String, definitions: QuickActionDefinitions, sourceName: String) throws(BuildError) {
        guard FileSystem.kind(followingSymlinksOf: folder) == .directory else {
            throw .appFile(FileError(path: folder, message: "is not a folder; --info-plist-strings names the folder that holds the app's <locale>.lproj folders"))
        }
        let base = folder.hasSuffix("/") ? String(folder.dropLast()) : folder
        var blocks: [(path: String, lines: [String])] = definitions.locales.map { locale in
            (base + "/" + locale + ".lproj/" + infoPlistStringsName, InfoPlistStrings.lines(for: definitions, locale: locale))
        }
        let names: [String]
        do throws(FileError) { names = try FileSystem.contents(ofFolder: folder) } catch { throw .appFile(error) }
        for name in names.sorted() where name.hasSuffix(".lproj") && !definitions.locales.contains(String(name.dropLast(6))) {
            let path = base + "/" + name + "/" + infoPlistStringsName
            if let bytes = try? FileSystem.readRegularFile(path, limit: readLimit), String(decoding: bytes, as: UTF8.self).contains(StringsFileUpdate.beginMarker) {
                blocks.append((path, []))
            }
        }
        for (path, lines) in blocks {
            do throws(FileError) { try FileSystem.createFolder(path.parentPath) } catch { throw .appFile(error) }
            let block = StringsFileUpdate.block(lines, sourceName: sourceName)
            try update(path) { existing throws(FileError) in
                do throws(StringsFileUpdate.Failure) {
                    return try StringsFileUpdate.updated(existing, block: block)
                } catch {
                    throw refusal(path, error.message)
                }
            }
        }
    }

    /// The largest app file read.
    static let readLimit = 64 << 20

    /// Reads `path` (nil when missing), asks `change` for its new bytes (nil: as it is) and
    /// replaces it with them, keeping its permissions; inside a build, hands them to the
    /// build's `AppFileCommit.collecting` instead, which commits them with the outputs.
    private static func update(_ path: String, _ change: ([UInt8]?) throws(FileError) -> [UInt8]?) throws(BuildError) {
        do throws(FileError) {
            let read = FileSystem.signature(of: path)
            let existing = FileSystem.kind(followingSymlinksOf: path) == .missing ? nil : try FileSystem.readRegularFile(path, limit: readLimit)
            guard let bytes = try change(existing) else { return }
            guard let commit = AppFileCommit.collecting else {
                try FileSystem.replaceProjectFile(bytes, at: path)
                return
            }
            let target = try FileSystem.projectFileTarget(path)
            guard existing != bytes else { return }
            commit.add(AppFileCommit.Write(target: target, bytes: bytes, mode: FileSystem.permissions(of: target), read: read))
        } catch {
            throw .appFile(error)
        }
    }

    private static func refusal(_ path: String, _ message: String) -> FileError {
        FileError(path: path, message: "this file \(message); it was left as it was")
    }
}
