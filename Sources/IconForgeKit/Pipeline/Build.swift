import Dispatch
import Foundation
import Synchronization

/// What to build or check, and where.
public struct BuildRequest: Sendable {
    /// Folders (every `*.svg` inside) and single SVG files.
    public var inputs: [String] = ["Glyphs"]
    public var outputFolder: String = "Output"
    public var options = CheckOptions()
    /// Glyphs processed at once.
    public var jobs = ProcessInfo.processInfo.activeProcessorCount
    /// False for `check`: run every rule, write nothing.
    public var writesOutput = true

    public init() {}
}

/// What a build or check found and did.
public struct BuildReport: Sendable {
    /// Every finding, sorted by file and position.
    public var diagnostics: [Diagnostic]
    public var glyphCount: Int
    public var pngCount: Int
    /// The catalog written (build) or that would be written (check).
    public var catalog: Catalog
    /// Seconds spent per stage, summed over all threads.
    public var stageSeconds: [(stage: String, seconds: Double)]

    public var errorCount: Int { diagnostics.filter { $0.severity == .error }.count }
    public var warningCount: Int { diagnostics.filter { $0.severity == .warning }.count }
}

/// A failure that stops the whole build, with the path it concerns.
public enum BuildError: Error, Equatable, Sendable {
    /// A named folder or file does not exist or cannot be listed.
    case missingInput(path: String, message: String)
    /// The output folder or a file in it cannot be written.
    case output(FileError)
}

/// Runs the pipeline over every glyph.
public enum Builder {
    public static let toolVersion = "0.1.0"

    public static func run(_ request: BuildRequest) throws(BuildError) -> BuildReport {
        let clock = ContinuousClock()
        let loadStart = clock.now
        let discovered: GlyphDiscovery.Result
        do {
            discovered = try GlyphDiscovery.discover(request.inputs, limits: request.options.limits)
        } catch {
            throw .missingInput(path: error.path, message: error.message)
        }
        var diagnostics = discovered.diagnostics
        let sources = discovered.sources
        if sources.isEmpty && discovered.diagnostics.isEmpty {
            let place = request.inputs.joined(separator: ", ")
            diagnostics.append(Diagnostic(.error, .inputEmpty, file: place, "no *.svg glyphs found; a check that finds nothing is probably pointed at the wrong folder"))
        }
        let nameFindings = NameChecks.run(sources)
        let loadSeconds = (clock.now - loadStart).seconds

        let outcomes = process(sources, nameFindings: nameFindings, request: request)

        let writeStart = clock.now
        var pngCount = 0
        var glyphs: [Catalog.Glyph] = []
        for outcome in outcomes {
            diagnostics += outcome.diagnostics
            glyphs.append(catalogEntry(for: outcome))
            pngCount += outcome.pngs.count
        }
        glyphs.sort { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
        diagnostics.sort(by: Diagnostic.sortOrder)
        let catalog = Catalog(
            schemaVersion: Catalog.currentSchemaVersion,
            tool: Catalog.Tool(name: "iconforge", version: toolVersion),
            mode: request.options.mode,
            template: Catalog.TemplateInfo(
                canvasPoints: Template.canvasPoints, squareTargetPoints: Template.squareTargetPoints,
                wideTallTargetPoints: Template.wideTallTargetPoints, shapeThreshold: request.options.shapeThreshold,
                sizeTolerancePoints: request.options.sizeTolerance, scales: Template.scales),
            glyphs: glyphs,
            summary: Catalog.Summary(
                glyphs: glyphs.count, pngs: pngCount,
                errors: diagnostics.filter { $0.severity == .error }.count,
                warnings: diagnostics.filter { $0.severity == .warning }.count))
        if request.writesOutput {
            try OutputWriter.write(outcomes, catalog: catalog, to: request.outputFolder)
        }
        let writeSeconds = (clock.now - writeStart).seconds

        var stages = [("load", loadSeconds)]
        for stage in GlyphTimings.stageNames {
            stages.append((stage, outcomes.reduce(0) { $0 + $1.timings[stage] }))
        }
        stages.append(("write", writeSeconds))
        return BuildReport(diagnostics: diagnostics, glyphCount: sources.count, pngCount: pngCount, catalog: catalog, stageSeconds: stages)
    }

    /// Processes glyphs on `request.jobs` threads; results come back in input order, so
    /// nothing downstream depends on scheduling.
    private static func process(_ sources: [GlyphSource], nameFindings: [Int: [Diagnostic]], request: BuildRequest) -> [GlyphOutcome] {
        let next = Atomic<Int>(0)
        let results = Mutex<[GlyphOutcome?]>(Array(repeating: nil, count: sources.count))
        let workers = max(1, min(request.jobs, sources.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.wrappingAdd(1, ordering: .relaxed).oldValue
                guard index < sources.count else { return }
                let names = nameFindings[index] ?? []
                var outcome = GlyphProcessor.process(
                    sources[index], options: request.options,
                    encode: request.writesOutput && !names.contains { $0.severity == .error })
                outcome.diagnostics = (names + outcome.diagnostics).sorted(by: Diagnostic.sortOrder)
                results.withLock { $0[index] = outcome }
            }
        }
        return results.withLock { $0.map { $0! } }
    }

    private static func catalogEntry(for outcome: GlyphOutcome) -> Catalog.Glyph {
        let name = outcome.source.name
        let outputs = zip(Template.scales, outcome.pngs).map { scale, png in
            Catalog.Output(
                scale: scale.factor, file: OutputWriter.fileName(glyph: name, scale: scale),
                width: png.width, height: png.height, bytes: png.bytes.count, sha256: SHA256Digest.hex(of: png.bytes))
        }
        return Catalog.Glyph(
            name: name, source: outcome.source.relativePath, sourceSHA256: outcome.sourceSHA256,
            status: outcome.hasErrors ? "failed" : "ok", shape: outcome.shape, artboard: outcome.artboard,
            inkBox: outcome.inkBox, color: outcome.color?.hex, outputs: outputs,
            diagnostics: outcome.diagnostics.map {
                Catalog.CatalogDiagnostic(severity: $0.severity, rule: $0.rule, line: $0.location?.line, column: $0.location?.column, message: $0.message)
            })
    }
}

extension Duration {
    var seconds: Double {
        let (whole, attoseconds) = components
        return Double(whole) + Double(attoseconds) / 1e18
    }
}
