/// `iconforge render`: one glyph through the build's own stages.
extension Builder {
    /// One glyph file through the same stages as a build (discover, the glyph passes), its
    /// PNGs kept in memory, one per `Template.scales` entry, instead of committed: what
    /// `iconforge render` writes for a Makefile pattern rule. No PNGs when it fails.
    /// `request.inputs` are the glyphs a build would see: under `--fit=set` the glyph's
    /// scale is the one a build of them settles on (see `settledScales(rendering:in:)`), so
    /// that it gets the bytes the build writes.
    package static func render(_ glyphFile: String, request: BuildRequest) throws(BuildError) -> (
        diagnostics: [Diagnostic], pngs: [[UInt8]]
    ) {
        var request = request
        let set = request.inputs
        request.inputs = [glyphFile]
        request.writesOutput = false
        request.keepsImages = false
        let discovered = try Discovered.discover(request)
        if request.options.mode == .fitSet, let settled = settledScales(rendering: glyphFile, in: set, request: request)
        {
            request.options.setScales = settled
        }
        let nothingRecorded = OnDiskSignatures.unknown(count: discovered.files.count, takenAt: request.clock.now())
        let outcomes = GlyphPasses(
            files: discovered.files, nameFindings: discovered.nameFindings, previous: nil, onDisk: nothingRecorded,
            request: request
        ).run(encode: true).outcomes
        let diagnostics = (discovered.diagnostics + outcomes.flatMap(\.diagnostics)).sorted(by: Diagnostic.sortOrder)
        return (diagnostics, outcomes.first?.pngs.map(\.bytes) ?? [])
    }

    /// `--fit=set` for one glyph: the set's scales as a build of `inputs` settles them (its
    /// glyph passes, re-planning included, nothing encoded), over the glyphs that build
    /// sees, or over the glyph's own folder when they do not include it. The measurements
    /// the last build recorded in the output folder stand in for unchanged glyphs, as in
    /// that build. Nil when the glyph is in neither (it is then planned alone).
    static func settledScales(rendering glyphFile: String, in inputs: [String], request: BuildRequest) -> [SetScale]? {
        guard let target = FileSystem.resolvedPath(glyphFile) else { return nil }
        func holdsTheGlyph(_ files: [GlyphFile]) -> Bool {
            files.contains { FileSystem.resolvedPath($0.displayPath) == target }
        }
        var files = (try? GlyphDiscovery.discover(inputs)) ?? []
        if !holdsTheGlyph(files) { files = (try? GlyphDiscovery.discover([glyphFile.parentPath])) ?? [] }
        guard holdsTheGlyph(files) else { return nil }
        let previous = OutputWriter.previousState(in: request.outputFolder).flatMap {
            $0.buildKey == buildKey(request.options) ? $0 : nil
        }
        let onDisk = OnDiskSignatures.stat(files, request: request)
        return GlyphPasses(
            files: files, nameFindings: NameChecks.run(files), previous: previous, onDisk: onDisk, request: request
        )
        .run(encode: false).options.setScales
    }
}
