import Foundation
import IconForgeCLI
import Testing

/// Fixture files, found relative to this source file.
package enum Fixtures {
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures")

    package static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }

    /// A fake render worker: a checked-in executable script under `Fixtures/workers`. Never
    /// written by a test, since exec-ing a file just written while another thread spawns a
    /// process can fail with "Text file busy" (the child holds the write descriptor).
    package static func worker(_ name: String) -> String { path("workers/" + name) }
}

/// A render time limit for workers that answer: far beyond what any fixture takes on a busy
/// machine, so that only a test of the limit itself, with a worker that never answers, meets it.
package let ampleRenderTimeout = 120.0

/// How long a test waits for what takes a moment (a process to end, a file to appear)
/// before it fails: far beyond what a busy machine needs, so only a real hang meets it.
package let generousBound = 60.0

/// A fresh temporary folder, removed when the value is deinitialised.
package final class TemporaryFolder {
    package let path: String

    package init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("iconforge-test-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    /// Whether the catalogs iconforge wrote here are checked against catalog.schema.json
    /// when the folder goes (false for a test that plants a broken one on purpose).
    package var validatesCatalogs = true

    deinit {
        // Every catalog any test makes follows the schema the documents state.
        #if DEBUG
            if validatesCatalogs {
                for problem in SchemaValidation.catalogProblems(under: path) {
                    Issue.record("catalog.json breaks catalog.schema.json: \(problem)")
                }
            }
        #endif
        try? FileManager.default.removeItem(atPath: path)
    }

    package func file(_ name: String) -> String { path + "/" + name }

    /// Writes `text` to `name` in the folder and returns its path.
    @discardableResult
    package func write(_ name: String, _ text: String) -> String {
        let target = file(name)
        try! FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: target))
        return target
    }

    package func copy(fixture: String, as name: String? = nil) {
        let target = file(name ?? (fixture as NSString).lastPathComponent)
        try! FileManager.default.createDirectory(
            atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try? FileManager.default.removeItem(atPath: target)
        try! FileManager.default.copyItem(atPath: Fixtures.path(fixture), toPath: target)
    }
}

/// Replaces `old` with `new` in the text file at `path`, as a person editing it would;
/// the test fails if `old` is not there (the edit would change nothing).
package func replaceText(
    in path: String, _ old: String, with new: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws {
    let text = try String(contentsOfFile: path, encoding: .utf8)
    #expect(text.contains(old), "\(path) has no \(old)", sourceLocation: sourceLocation)
    try Data(text.replacingOccurrences(of: old, with: new).utf8).write(to: URL(fileURLWithPath: path))
}

/// A project folder holding one glyph drawn on the template, `Glyphs/square-27pt.svg`.
package func oneGlyphProject() -> TemporaryFolder {
    let project = TemporaryFolder()
    project.copy(fixture: "pipeline/square-27pt.svg", as: "Glyphs/square-27pt.svg")
    return project
}

/// Builds `inputs` into `output` and returns the report; `observer` watches (and fails)
/// the build's writes.
package func build(
    _ inputs: [String], into output: String, fit: Bool = false, sizeTolerance: Double = 0.5, jobs: Int = 2,
    observer: FlushObserver? = nil
) throws -> BuildReport {
    var request = BuildRequest()
    request.inputs = inputs
    request.outputFolder = output
    request.options.mode = fit ? .fitSet : .template
    request.options.sizeTolerance = sizeTolerance
    request.jobs = jobs
    request.probes.writes = observer
    return try Builder.run(request)
}

/// `request`, its writes watched (and failed where it says) by `observer`.
package func observed(_ request: BuildRequest, by observer: FlushObserver) -> BuildRequest {
    var request = request
    request.probes.writes = observer
    return request
}

/// The output error a build fails with under `observer` (its test seam for failing
/// writes); records an issue and returns nil when the build fails otherwise or succeeds.
package func outputFailure(building inputs: [String], into output: String, observedBy observer: FlushObserver)
    -> FileError?
{
    let error = #expect(throws: BuildError.self) {
        try build(inputs, into: output, observer: observer)
    }
    guard case .output(let failure) = error else {
        Issue.record("expected an output error, got \(String(describing: error))")
        return nil
    }
    return failure
}

/// The PNGs each catalog entry in `output` lists, with the bytes it says they have.
package func checkCatalogMatchesFiles(_ output: TemporaryFolder) throws {
    let catalog = try JSONDecoder().decode(
        Catalog.self, from: Data(contentsOf: URL(fileURLWithPath: output.file("catalog.json"))))
    for glyph in catalog.glyphs {
        for file in glyph.outputs {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: output.file(file.file))))
            #expect(SHA256Digest.hex(of: bytes) == file.sha256, "\(file.file) is not what the catalog lists")
        }
    }
}

/// Renders a fixture with librsvg, as the pipeline does.
package func renderFixture(_ fixture: String, mode: ExportMode = .template) throws -> RenderedGlyph {
    try GlyphRenderer.render(
        RenderRequest(
            Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture))), mode: mode,
            shapeThreshold: PipelineOptions().shapeThreshold))
}

/// Whether every side of `a` is within `tolerance` of `b`'s.
package func isClose(_ a: Rect, _ b: Rect, within tolerance: Double) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance && abs(a.maxX - b.maxX) <= tolerance
        && abs(a.maxY - b.maxY) <= tolerance
}

/// Decodes a PNG file from disk with libpng.
package func decodePNG(_ path: String) throws -> RGBAImage {
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    return try PNGCodec.decode(bytes)
}

/// The pixel bounding box of everything with alpha > 0: (minX, minY, width, height) in whole pixels.
package func paintedPixelBox(_ image: RGBAImage) -> (x: Int, y: Int, width: Int, height: Int)? {
    var minX = Int.max
    var minY = Int.max
    var maxX = -1
    var maxY = -1
    for y in 0..<image.height {
        for x in 0..<image.width where image.alpha(x: x, y: y) > 0 {
            minX = min(minX, x)
            maxX = max(maxX, x)
            minY = min(minY, y)
            maxY = max(maxY, y)
        }
    }
    return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
}

extension RGBAImage {
    package func pixel(x: Int, y: Int) -> [UInt8] {
        let index = (y * width + x) * 4
        return Array(pixels[index..<index + 4])
    }
}
