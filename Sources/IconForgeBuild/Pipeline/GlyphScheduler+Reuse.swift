/// Reuse between builds: a glyph whose source and files are as the previous build left
/// them keeps its outcome instead of being rendered again.
extension GlyphScheduler {
    /// The previous build's outcome for `source`, if its bytes are unchanged (known from
    /// its size and time, or checked by SHA-256), it had no name findings (those depend on
    /// other glyphs), and, when `keepingFiles`, its files are still in place. Without
    /// `keepingFiles` (`--fit=set`'s measuring pass) only what it measured is wanted.
    static func reuse(
        _ entry: Catalog.Glyph, for source: GlyphSource, options: PipelineOptions, showing: Bool = false,
        knownUnchanged: Bool, keepingFiles: Bool,
        outputFolder: String,
        outputSignatures: [FileSignature?], modificationTimes: [String: Int64]
    ) -> GlyphOutcome? {
        // Name findings depend on other glyphs, and a crash, timeout or a conflict with
        // someone else's file (in the output folder or the asset catalog) may not recur:
        // redo those.
        guard entry.source == source.relativePath,
            !entry.diagnostics.contains(where: { NameChecks.rules.contains($0.rule) && $0.line == nil }),
            !entry.diagnostics.contains(where: { IncrementalPlan.mayNotRecur.contains($0.rule) }),
            // A failed glyph has no files to show: the preview page needs it rendered.
            !(showing && entry.status == .failed),
            entry.name == source.name
        else { return nil }
        var verified: [String: FileSignature] = [:]
        if keepingFiles {
            guard placedAsPlanned(entry, options: options),
                let kept = keptFiles(
                    entry, outputFolder: outputFolder, outputSignatures: outputSignatures,
                    modificationTimes: modificationTimes)
            else { return nil }
            verified = kept
        }
        let sha256 = knownUnchanged ? entry.sourceSHA256 : SHA256Digest.hex(of: source.bytes)
        guard sha256 == entry.sourceSHA256 else { return nil }
        let color = entry.color.flatMap(PixelColor.init(hex:))
        var outcome = GlyphOutcome(
            source: source, sourceSHA256: sha256,
            // The set's findings are judged again over this build's glyphs (`FamilyChecks`).
            diagnostics: entry.diagnostics.filter { !FamilyChecks.rules.contains($0.rule) }.map { recorded in
                let location = recorded.line.map { SourceLocation(line: $0, column: recorded.column ?? 1) }
                var diagnostic = Diagnostic(
                    recorded.severity, recorded.rule, file: source.displayPath, at: location, recorded.message)
                diagnostic.fix = recorded.fix
                return diagnostic
            })
        outcome.artboard = entry.artboard
        outcome.inkBox = entry.inkBox
        outcome.shape = entry.shape
        outcome.color = color
        outcome.outputs = entry.outputs
        outcome.reused = true
        outcome.verifiedOutputs = verified
        outcome.weight = entry.weight
        return outcome
    }

    /// The size and time of each of the entry's files, by name, if they are the ones the
    /// previous build wrote: same size and modification time as the state recorded, or,
    /// without a recorded time, the same SHA-256.
    static func keptFiles(
        _ entry: Catalog.Glyph, outputFolder: String, outputSignatures: [FileSignature?],
        modificationTimes: [String: Int64]
    ) -> [String: FileSignature]? {
        // The state and catalog are files too: never trust a listed name to stay in the folder.
        guard
            entry.outputs.allSatisfy({ output in
                Template.scales.contains {
                    $0.factor == output.scale && OutputNaming.fileName(glyph: entry.name, scale: $0) == output.file
                }
            })
        else { return nil }
        var verified: [String: FileSignature] = [:]
        for output in entry.outputs {
            guard let scale = Template.scales.firstIndex(where: { $0.factor == output.scale }),
                scale < outputSignatures.count,
                let signature = outputSignatures[scale], signature.size == output.bytes
            else { return nil }
            verified[output.file] = signature
            if let recorded = modificationTimes[output.file] {
                guard recorded == signature.modified else { return nil }
            } else {
                guard
                    let bytes = try? FileSystem.readRegularFile(outputFolder + "/" + output.file, limit: output.bytes),
                    SHA256Digest.hex(of: bytes) == output.sha256
                else {
                    return nil
                }
            }
        }
        return verified
    }

    /// Under `--fit=set`, whether the entry's outputs were rendered at the scale this build's
    /// set scale gives the glyph (the set scale follows from every glyph, so one glyph's
    /// change can move it). A glyph scaled down alone is redone: its warning names the set's scale.
    static func placedAsPlanned(_ entry: Catalog.Glyph, options: PipelineOptions) -> Bool {
        guard options.mode == .fitSet, !entry.outputs.isEmpty else { return true }
        guard !entry.diagnostics.contains(where: { $0.rule == .sizeScaledDown }), let artboard = entry.artboard,
            let inkBox = entry.inkBox,
            let set = SetScale.forArtboard(artboard, in: options.setScales ?? [])
        else { return false }
        return entry.outputs.allSatisfy { output in
            guard let index = Template.scales.firstIndex(where: { $0.factor == output.scale }),
                let recorded = output.transform
            else { return false }
            let planned = RenderPlan(
                canvasWidth: 0, canvasHeight: 0, pixelsPerPoint: set.pixelsPerUnit(inkBox: inkBox, scale: index).value,
                originX: 0, originY: 0)
            return planned.catalogTransform.scale == recorded.scale
        }
    }
}
