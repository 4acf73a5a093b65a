/// What the previous build wrote, kept beside the catalog (`.iconforge-state`): one
/// versioned `Codable` record, the same glyph entries as `catalog.json` plus what a next
/// build needs to trust its files without reading them.
///
/// It is written as two lines of JSON: first the header (what a build where nothing
/// changed needs: the build key, the fingerprint and the report), then the glyphs, so that
/// such a build decodes one short line and reads no further. It is a cache: if it is
/// missing, stale, of another version or unreadable, the build simply does all the work again.
package struct BuildState: Equatable, Sendable {
    static let fileName = ".iconforge-state"
    /// Raised whenever the record's meaning changes; a state of another version is ignored.
    /// (9: glyph entries record their `weight`, which the family checks reuse.)
    static let version = 9

    package var buildKey: String
    /// SHA-256 of the `catalog.json` written with this state.
    var catalogSHA256: String
    /// That catalog's size and modification time: while they still match, the catalog on
    /// disk is known to be that one without reading it.
    var catalogSignature: FileSignature? = nil
    package var glyphs: [Catalog.Glyph]
    /// The generated quick-action files the build wrote (for removing stale ones later).
    package var generatedFiles: [Catalog.GeneratedFile] = []
    /// Each output file's modification time when this state was written (ns since the
    /// epoch): a file rewritten since, even by a build that was killed before writing its
    /// catalog, no longer matches and is not trusted.
    package var modificationTimes: [String: Int64] = [:]
    /// Each source's size and modification time when it was read, by glyph name. A source
    /// that still shows both is not read and hashed again (as git's index does); one
    /// modified less than a second before it was read has none recorded, since a second
    /// edit within the file system's time resolution would not show.
    package var sourceSignatures: [String: FileSignature] = [:]
    /// Everything the build read, as `BuildFingerprint` reduces it; nil when it could not
    /// vouch for all of it.
    package var fingerprint: String? = nil
    /// What the build reported, for a next build that finds the same fingerprint.
    package var report: Report? = nil
    /// Files the build removes just after writing this state (outputs of glyphs gone or
    /// failing, generated files no longer generated), with their sizes and times: should
    /// it be killed before it is done, the next build removes those still the same.
    package var pendingRemovals: [String: FileSignature] = [:]

    package struct Report: Equatable, Sendable, Codable {
        package var glyphCount: Int
        package var pngCount: Int
        /// As printed: display paths, sorted.
        package var diagnostics: [Diagnostic]

        package init(glyphCount: Int, pngCount: Int, diagnostics: [Diagnostic]) {
            self.glyphCount = glyphCount
            self.pngCount = pngCount
            self.diagnostics = diagnostics
        }
    }

    /// The first line: everything but the glyphs and the files' signatures.
    private struct Header: Codable {
        var version: Int
        var buildKey: String
        var catalogSHA256: String
        var catalogSignature: FileSignature?
        /// The fingerprint and the report it vouches for: both or neither.
        var fingerprint: String?
        var report: Report?
        var pendingRemovals: [String: FileSignature]
        var generatedFiles: [Catalog.GeneratedFile]
    }

    /// The second line.
    private struct Glyphs: Codable {
        var glyphs: [Catalog.Glyph]
        var modificationTimes: [String: Int64]
        var sourceSignatures: [String: FileSignature]
    }

    /// The state's file bytes (deterministic: keys sorted); with `cache`, each glyph
    /// entry that it encoded last time as it is now comes from there (same bytes).
    func encoded(reusing cache: GlyphJSONCache? = nil, splicing signatures: SignatureText? = nil) -> [UInt8] {
        let vouched = fingerprint != nil && report != nil
        let header = Header(
            version: Self.version, buildKey: buildKey, catalogSHA256: catalogSHA256, catalogSignature: catalogSignature,
            fingerprint: vouched ? fingerprint : nil, report: vouched ? report : nil, pendingRemovals: pendingRemovals,
            generatedFiles: generatedFiles)
        let rest = Glyphs(glyphs: glyphs, modificationTimes: modificationTimes, sourceSignatures: sourceSignatures)
        let formatting: JSONEncoder.OutputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Compact JSON escapes every newline inside strings, so each record is one line.
        guard let first = try? JSONText.encode(header, formatting: formatting),
            let second = try? Self.encode(rest, formatting: formatting, reusing: cache, splicing: signatures)
        else { return [] }
        return first + [0x0A] + second + [0x0A]
    }

    /// The second line; `glyphs` sorts first of its keys, so its empty array opens the record.
    private static func encode(
        _ rest: Glyphs, formatting: JSONEncoder.OutputFormatting, reusing cache: GlyphJSONCache?,
        splicing signatures: SignatureText?
    ) throws -> [UInt8] {
        guard let cache, !rest.glyphs.isEmpty else { return try JSONText.encode(rest, formatting: formatting) }
        var skeleton = rest
        skeleton.glyphs = []
        let outer = try Self.written(skeleton, splicing: signatures)
        var empty = JSONText.Writer(layout: .compact)
        empty.container(.object, count: 1, depth: 0) { writer, _ in
            writer.key("glyphs")
            writer.container(.array, count: 0, depth: 1) { _, _ in }
        }
        let opening = empty.bytes.dropLast()
        guard outer.starts(with: opening) else { return try JSONText.encode(rest, formatting: formatting) }
        let fragments = try cache.compactFragments(rest.glyphs)
        var writer = JSONText.Writer(layout: .compact, capacity: outer.count + rest.glyphs.count * 768)
        writer.container(.object, count: 1, depth: 0) { writer, _ in
            writer.key("glyphs")
            writer.container(.array, count: fragments.count, depth: 1) { writer, index in
                writer.verbatim(fragments[index])
            }
        }
        return Array(writer.bytes.dropLast()) + outer[opening.count...]
    }

    /// The second line without glyphs: the encoder takes longer over these 3,000 small
    /// entries than everything else a watch's build does, so each member is written alone
    /// and, with `signatures`, spliced from the members written last.
    private static func written(_ rest: Glyphs, splicing signatures: SignatureText? = nil) throws -> [UInt8] {
        let signatures = signatures ?? SignatureText()
        let times = signatures.times.members(rest.modificationTimes) { key, time in
            var writer = JSONText.Writer(layout: .compact)
            writer.key(key)
            writer.token(String(time))
            return writer.bytes
        }
        let sources = try signatures.sources.members(rest.sourceSignatures) { key, signature in
            var writer = JSONText.Writer(layout: .compact)
            writer.key(key)
            writer.verbatim(try JSONText.encode(signature, formatting: GlyphJSONCache.compactFormatting))
            return writer.bytes
        }
        var writer = JSONText.Writer(layout: .compact, capacity: (times.count + sources.count) * 64)
        writer.container(.object, count: 3, depth: 0) { writer, index in
            let (key, members) = [("glyphs", []), ("modificationTimes", times), ("sourceSignatures", sources)][index]
            writer.key(key)
            writer.container(index == 0 ? .array : .object, count: members.count, depth: 1) { writer, index in
                writer.verbatim(members[index])
            }
        }
        return writer.bytes
    }

    /// The members of the state's second line as a watch last wrote them (`SortedMembers`).
    package final class SignatureText: Sendable {
        let times = SortedMembers<Int64>()
        let sources = SortedMembers<FileSignature>()

        package init() {}
    }

    /// Parses state bytes; nil for anything that is not a state of this version.
    static func decode(_ bytes: [UInt8]) -> BuildState? {
        guard var state = decodeHeader(bytes), let newline = bytes.firstIndex(of: 0x0A),
            let rest = try? JSONDecoder().decode(Glyphs.self, from: Data(bytes[(newline + 1)...]))
        else { return nil }
        state.glyphs = rest.glyphs
        state.modificationTimes = rest.modificationTimes
        state.sourceSignatures = rest.sourceSignatures
        return state
    }

    /// Only the first line: the build key, the catalog, the fingerprint, the report, the
    /// pending removals and the generated files (`glyphs` and signatures stay empty).
    package static func decodeHeader(_ bytes: [UInt8]) -> BuildState? {
        let end = bytes.firstIndex(of: 0x0A) ?? bytes.endIndex
        guard let header = try? JSONDecoder().decode(Header.self, from: Data(bytes[..<end])), header.version == version
        else { return nil }
        var state = BuildState(
            buildKey: header.buildKey, catalogSHA256: header.catalogSHA256, catalogSignature: header.catalogSignature,
            glyphs: [])
        state.generatedFiles = header.generatedFiles
        state.pendingRemovals = header.pendingRemovals
        if header.fingerprint != nil, header.report != nil {
            state.fingerprint = header.fingerprint
            state.report = header.report
        }
        return state
    }

    package init(
        buildKey: String, catalogSHA256: String, catalogSignature: FileSignature? = nil, glyphs: [Catalog.Glyph],
        generatedFiles: [Catalog.GeneratedFile] = [], modificationTimes: [String: Int64] = [:],
        sourceSignatures: [String: FileSignature] = [:], fingerprint: String? = nil, report: Report? = nil,
        pendingRemovals: [String: FileSignature] = [:]
    ) {
        self.buildKey = buildKey
        self.catalogSHA256 = catalogSHA256
        self.catalogSignature = catalogSignature
        self.glyphs = glyphs
        self.generatedFiles = generatedFiles
        self.modificationTimes = modificationTimes
        self.sourceSignatures = sourceSignatures
        self.fingerprint = fingerprint
        self.report = report
        self.pendingRemovals = pendingRemovals
    }
}
