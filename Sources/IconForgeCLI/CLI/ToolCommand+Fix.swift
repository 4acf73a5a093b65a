/// `iconforge fix GLYPH.svg`: the size and centring fix of a glyph's findings, written into
/// the file (`FixApplier`).
extension ToolCommand {
    static func fix(_ parsed: ParsedArguments, output: inout ToolRun) throws(UsageError) -> ExitStatus {
        let own = OptionSettings(parsed: parsed)
        let path = try singleGlyph(parsed, command: "fix", example: "iconforge fix Glyphs/star.svg")
        let inPlace = try own.value(of: .inPlace)
        let dryRun = try own.value(of: .dryRun)
        let named = try own.value(of: .fixOutput)
        if inPlace, named != nil { throw UsageError("fix takes -o FILE or --in-place, not both") }
        let checking = parsed.without(
            [Option.fixOutput.declaration, Option.inPlace.declaration, Option.dryRun.declaration], positionals: [path])
        let (request, _) = try request(from: checking, command: .check, environment: output.environment)

        let diagnostics: [Diagnostic]
        do {
            diagnostics = try Builder.render(path, request: request).diagnostics
        } catch {
            return report(error, output: &output)
        }
        let fixable: Set<RuleID> = [.sizeTarget, .geometryOffCenter]
        let rest = diagnostics.filter { !fixable.contains($0.rule) && $0.severity == .error }
        guard let fix = diagnostics.lazy.compactMap(\.fix).first else {
            return nothingToFix(path, errors: rest, output: &output)
        }
        let original: [UInt8]
        let fixed: [UInt8]
        switch applied(fix, to: path, limits: request.options.limits, output: &output) {
        case .success(let bytes): (original, fixed) = bytes
        case .failure(let ended): return ended.status
        }
        let destination = inPlace ? path : named ?? fixedName(for: path)
        if dryRun {
            // The glyph's own lines: shown, never acted on by the terminal (its tabs kept).
            let lines = UnifiedDiff.of(
                String(decoding: original, as: UTF8.self), String(decoding: fixed, as: UTF8.self), label: path)
            output.out(lines.map { DisplayText.neutralised($0, keepingTabs: true) }.joined(separator: "\n"))
        } else {
            guard write(fixed, to: destination, replacing: inPlace, output: &output) else { return .io }
        }
        let written =
            dryRun
            ? "would write \(destination)"
            : inPlace
                ? "rewrote \(destination)"
                : "wrote \(destination) (\(path) is unchanged: look at the fixed file, then save it over the original, or run fix --in-place)"
        output.err("\(path): \(dryRun ? "fix" : "fixed"): \(fix.prose); \(written)")
        if let note = strokeNote(fix, original) { output.err("\(path): note: \(note)") }
        // What is left is judged on the file written (a size.max or geometry.clipped the move
        // cured is gone); under --dry-run, on the original, less what the fix addresses.
        var left = rest
        if !dryRun {
            do {
                left = try Builder.render(destination, request: request).diagnostics.filter { $0.severity == .error }
            } catch {
                return report(error, output: &output)
            }
        }
        for diagnostic in DiagnosticFormatter.grouped(left) { output.diagnostic(diagnostic) }
        return left.isEmpty ? .clean : .checkFailed
    }

    /// A glyph with no size or centring fix: its other errors, or that there is nothing to do.
    private static func nothingToFix(_ path: String, errors: [Diagnostic], output: inout ToolRun) -> ExitStatus {
        for diagnostic in DiagnosticFormatter.grouped(errors) { output.diagnostic(diagnostic) }
        guard errors.isEmpty else {
            output.err(
                "iconforge: error: \(path) has no size or centring fix to apply; its errors above need another remedy ('iconforge explain RULE')"
            )
            return .checkFailed
        }
        output.out("\(path): nothing to fix: its size and centre are the template's")
        return .clean
    }

    /// The glyph's bytes, and with `fix` applied; or the end of a run that cannot read or
    /// mend them (said why).
    private static func applied(_ fix: GeometryFix, to path: String, limits: Limits, output: inout ToolRun) -> Result<
        ([UInt8], [UInt8]), RunEnded
    > {
        let original: [UInt8]
        do {
            original = try FileSystem.readRegularFile(path, limit: limits.maximumFileBytes)
        } catch {
            output.err("\(error.path): error: \(error.message)")
            return .failure(RunEnded(status: .io))
        }
        do {
            return .success((original, try FixApplier.apply(fix, to: original, limits: limits)))
        } catch {
            output.err("\(path): error: cannot apply the fix: \(error.message)")
            return .failure(RunEnded(status: .checkFailed))
        }
    }

    /// Writes the fixed glyph to `destination`, which must not exist unless it is the glyph
    /// itself (`--in-place`); false when it is not written (said why).
    private static func write(_ fixed: [UInt8], to destination: String, replacing: Bool, output: inout ToolRun) -> Bool
    {
        guard replacing || FileSystem.kind(of: destination) == .missing else {
            output.err(
                "\(destination): error: already exists; iconforge does not replace it: delete it, or name another file with -o"
            )
            return false
        }
        do {
            try FileSystem.writeAtomically(fixed, to: destination)
            return true
        } catch {
            output.err("\(error.path): error: \(error.message)")
            return false
        }
    }

    /// The one SVG file a single-glyph command (`render`, `fix`) names.
    static func singleGlyph(_ parsed: ParsedArguments, command: String, example: String) throws(UsageError) -> String {
        guard parsed.positionals.count == 1, let path = parsed.positionals.first else {
            throw UsageError("\(command) takes exactly one glyph file, e.g. \(example)")
        }
        if FileSystem.kind(followingSymlinksOf: path) == .directory {
            throw UsageError(
                "\(command) takes one SVG file, and '\(path)' is a folder; use 'iconforge build \(path)' for a folder")
        }
        return path
    }

    /// Prints why a single-glyph run could not run at all; its exit status.
    static func report(_ error: BuildError, output: inout ToolRun) -> ExitStatus {
        switch error {
        case .missingInput(let path, let message): output.err("\(path): error: \(message)")
        case .output(let failure), .dependencyFile(let failure), .appFile(let failure),
            .refusedDestination(let failure):
            output.err("\(failure.path): error: \(failure.message)")
        }
        return .io
    }

    /// What the fix does to strokes, said plainly: the transform scales them with the drawing,
    /// and fix does not rewrite stroke widths (they may come from a class, a style sheet or an
    /// ancestor it cannot safely edit). nil when nothing is scaled or nothing is stroked (a byte
    /// search for "stroke", so a comment counts too, which costs only a line of advice).
    static func strokeNote(_ fix: GeometryFix, _ original: [UInt8]) -> String? {
        guard fix.scale != 1, ASCIIWords.contains("stroke", in: original) else { return nil }
        let percent = (fix.scale * 100).fixed(1)
        let back = (1 / fix.scale).fixed(4)
        return
            "strokes are scaled with the drawing (to \(percent) %: a 2.5 pt stroke becomes \((2.5 * fix.scale).fixed(2)) pt), and fix does not change stroke widths; to keep the stroke weight, multiply each stroke-width by \(back), or scale in an editor that keeps strokes (Inkscape: Scale stroke width off)"
    }

    /// `Glyphs/star.svg` → `Glyphs/star.fixed.svg`.
    static func fixedName(for path: String) -> String {
        path.hasSuffix(".svg") ? String(path.dropLast(4)) + ".fixed.svg" : path + ".fixed.svg"
    }
}
