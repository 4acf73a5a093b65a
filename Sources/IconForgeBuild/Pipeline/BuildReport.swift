import Synchronization

/// What a build or check found and did.
package struct BuildReport: Sendable {
    /// Every finding, sorted by file and position.
    package var diagnostics: [Diagnostic]
    package var glyphCount: Int
    /// The glyph files checked, as diagnostics name them: what a summary calls glyphs (a
    /// missing input or the quick-action definitions are files, not glyphs).
    package var glyphFiles: Set<String>
    package var pngCount: Int
    /// Glyphs whose files were kept from the previous build because nothing changed.
    package var reusedCount: Int
    /// Whether the previous build's result stood as a whole: nothing it read had changed
    /// (its fingerprint matched), so nothing was checked glyph by glyph or written.
    package var nothingChanged = false
    /// The catalog written (build) or that would be written (check).
    package var catalog: Catalog { catalogSource.catalog }
    let catalogSource: CatalogSource
    /// Seconds spent per stage, summed over all threads.
    package var stageSeconds: [(stage: String, seconds: Double)]
    /// With `BuildRequest.keepsImages`, by glyph name, every glyph this run rendered:
    /// the PNGs it wrote (or, in a check, would write), or a failed glyph's renders. Glyphs
    /// whose files were kept from the previous build are not here: their files are.
    package var images: [String: GlyphImages] = [:]

    package var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    /// Whether the build failed: an error, or a warning under `--werror`.
    package var failed: Bool
    package var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// A report's catalog: the one the build composed, or, for a build that found nothing
/// changed and so composed none, the one on disk, read when first asked for.
final class CatalogSource: Sendable {
    private let loaded: Lock<Catalog?>
    private let load: @Sendable () -> Catalog

    init(_ catalog: Catalog) {
        loaded = Lock(catalog)
        load = { catalog }
    }

    init(loading: @escaping @Sendable () -> Catalog) {
        loaded = Lock(nil)
        load = loading
    }

    var catalog: Catalog {
        loaded.withLock { cached in
            if let cached { return cached }
            let catalog = load()
            cached = catalog
            return catalog
        }
    }
}

extension BuildReport {
    /// The report of a build that ran through every stage.
    init(_ resolution: Resolution, keepsImages: Bool, loadSeconds: Double, writeSeconds: Double) {
        var stages = [("load", loadSeconds)]
        for stage in GlyphTimings.stageNames {
            stages.append((stage, resolution.outcomes.reduce(0) { $0 + $1.timings[stage] }))
        }
        stages.append(("write", writeSeconds))
        self.init(
            diagnostics: resolution.diagnostics, glyphCount: resolution.outcomes.count,
            glyphFiles: Set(resolution.outcomes.map(\.source.displayPath)), pngCount: resolution.pngCount,
            reusedCount: resolution.outcomes.filter(\.reused).count, catalogSource: CatalogSource(resolution.catalog),
            stageSeconds: stages, failed: resolution.failed)
        if keepsImages {
            for outcome in resolution.outcomes {
                if let images = GlyphImages(outcome) { self.images[outcome.source.name] = images }
            }
        }
    }
}

extension Catalog.Summary {
    init(glyphs: Int, pngs: Int, diagnostics: [Diagnostic]) {
        self.init(
            glyphs: glyphs, pngs: pngs, errors: diagnostics.filter { $0.severity == .error }.count,
            warnings: diagnostics.filter { $0.severity == .warning }.count)
    }
}
