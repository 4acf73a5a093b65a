/// What iconforge owns in the app, outside its output folder (whose own files `BuildState`
/// records), as hashes: the values it wrote into the app's files (Info.plist's shortcut
/// array, the translations) and the sets it wrote (the asset catalog's image sets, the
/// vector image sets, the symbol sets). Kept in the output folder as `.iconforge-app-files`
/// (committed with `Output/`, unlike the build's cache, so that a fresh clone knows it
/// too). It is how a build tells its own values and files from someone else's: one whose
/// hash is the recorded one is iconforge's to update or remove; any other is a
/// translator's, a developer's or Xcode's, and is kept and reported. A missing or
/// unreadable record owns nothing but what already holds exactly the new values.
package struct AppOwnershipRecord: Codable, Equatable, Sendable {
    package static let fileName = ".iconforge-app-files"
    package static let currentVersion = 1

    package var version = currentVersion
    /// The Info.plist written (`--info-plist`), and the SHA-256 of its `UIApplicationShortcutItems` array.
    package var infoPlist: InfoPlist?
    /// Per file (the String Catalog, each `InfoPlist.strings`), by path as the build names
    /// it: each key's values written, by locale, as SHA-256 (a strings file has one locale,
    /// recorded as "").
    package var translations: [String: [String: [String: String]]] = [:]
    /// The asset catalog folder written (`--xcassets`), and per image set (by glyph name) the
    /// SHA-256 of each file iconforge wrote in it.
    package var imageSets: ImageSets?
    /// The vector image sets written (`--vector`, in the catalog's Vector group) and the
    /// symbol sets (`--symbols`): their folder, and per set the SHA-256 of each file in it.
    package var vectorSets: ImageSets?
    package var symbolSets: ImageSets?

    package init() {}

    package struct InfoPlist: Codable, Equatable, Sendable {
        package var path: String
        /// The SHA-256 of the array as iconforge wrote it, without the keys someone added to its items.
        package var arraySHA256: String
        /// Per item, the keys iconforge wrote in it (sorted): any other key in the item is
        /// someone's, kept and reported. Nil in a record written before items' keys were kept.
        package var itemKeys: [[String]]?

        package init(path: String, arraySHA256: String, itemKeys: [[String]]? = nil) {
            self.path = path
            self.arraySHA256 = arraySHA256
            self.itemKeys = itemKeys
        }
    }

    package struct ImageSets: Codable, Equatable, Sendable {
        package var folder: String
        package var sets: [String: [String: String]]

        package init(folder: String, sets: [String: [String: String]]) {
            self.folder = folder
            self.sets = sets
        }
    }

    package static func digest(_ text: String) -> String {
        SHA256Digest.hex(of: Array(text.utf8))
    }

    /// The record in `outputFolder`, or nil when there is none (or it is of another version).
    /// Its paths are stored relative to that folder (so a project moved or cloned elsewhere
    /// keeps its record) and come back as the build names them.
    package static func read(in outputFolder: String) -> AppOwnershipRecord? {
        guard
            let bytes = try? FileSystem.readRegularFile(
                outputFolder + "/" + fileName, limit: 16 << 20, followingSymlinks: false),
            let record = try? JSONDecoder().decode(AppOwnershipRecord.self, from: Data(bytes)),
            record.version == currentVersion
        else { return nil }
        return record.mappingPaths { RelativePath.resolving($0, against: outputFolder) }
    }

    /// The record with every path it holds passed through `transform`.
    func mappingPaths(_ transform: (String) -> String) -> AppOwnershipRecord {
        var mapped = self
        if let path = infoPlist?.path { mapped.infoPlist?.path = transform(path) }
        mapped.translations = Dictionary(
            translations.map { (transform($0.key), $0.value) }, uniquingKeysWith: { first, _ in first })
        if let folder = imageSets?.folder { mapped.imageSets?.folder = transform(folder) }
        if let folder = vectorSets?.folder { mapped.vectorSets?.folder = transform(folder) }
        if let folder = symbolSets?.folder { mapped.symbolSets?.folder = transform(folder) }
        return mapped
    }

    /// Deterministic bytes: keys sorted, one line per level.
    package func encoded() -> [UInt8] {
        ((try? JSONText.encode(self, formatting: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes])) ?? []) + [
            0x0A
        ]
    }

    /// The bytes of the record as kept in `outputFolder` (paths relative to it).
    package func encoded(in outputFolder: String) -> [UInt8] {
        mappingPaths { RelativePath.of($0, from: outputFolder) }.encoded()
    }

    /// Writes the record (only when its bytes change) into `outputFolder`; `observer`: a test's.
    package func write(in outputFolder: String, observer: FlushObserver? = nil) throws(FileError) {
        _ = try FileSystem.writeIfChanged(
            encoded(in: outputFolder), to: outputFolder + "/" + Self.fileName, observer: observer)
    }
}
