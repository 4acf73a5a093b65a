import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// The cache a build leaves for the next one: its state file and the fingerprint in it.
@Suite struct BuildStateTests {
    /// A state with every kind of record in it.
    func fullState() -> BuildState {
        let glyph = Catalog.Glyph(
            name: "home", source: "home.svg", sourceSHA256: String(repeating: "ab", count: 32), status: .ok,
            shape: .square,
            artboard: Size(width: 35, height: 35), inkBox: Rect(x: 4, y: 4.125, width: 27, height: 26.75),
            color: "#000000",
            outputs: Template.scales.map {
                Catalog.Output(
                    scale: $0.factor, file: "home\($0.suffix).png", width: $0.canvas, height: $0.canvas,
                    bytes: 300 + $0.factor, sha256: "5e")
            },
            diagnostics: [
                Catalog.CatalogDiagnostic(
                    severity: .warning, rule: .geometryOffCenter, line: nil, column: nil, message: "off centre")
            ])
        var state = BuildState(buildKey: "key", catalogSHA256: "c0ffee", glyphs: [glyph])
        state.catalogSignature = FileSignature(size: 2048, modified: 1_700_000_000_000_000_001, inode: 77)
        state.generatedFiles = [Catalog.GeneratedFile(file: "en.lproj/InfoPlist.strings", bytes: 40, sha256: "aa")]
        state.modificationTimes = ["home@2x.png": 1_700_000_000_100_000_000, "home@3x.png": 1_700_000_000_200_000_000]
        state.sourceSignatures = ["home": FileSignature(size: 120, modified: 1_600_000_000_000_000_000, inode: 5)]
        state.fingerprint = String(repeating: "f0", count: 32)
        state.report = BuildState.Report(
            glyphCount: 1, pngCount: 2,
            diagnostics: [
                Diagnostic(.warning, .geometryOffCenter, file: "G/home.svg", "off centre"),
                Diagnostic(
                    .error, .svgParse, file: "G/bad.svg", at: SourceLocation(line: 3, column: 7), "unclosed\ttag"),
            ])
        state.pendingRemovals = ["gone@2x.png": FileSignature(size: 9, modified: 8, inode: 7)]
        return state
    }

    @Test("every record comes back exactly")
    func fullStateRoundTrips() {
        let state = fullState()
        #expect(BuildState.decode(state.encoded()) == state)
        #expect(state.encoded() == BuildState.decode(state.encoded())?.encoded(), "encoding is deterministic")
    }

    @Test("what --fit=set plans from comes back to the last bit: an exact artboard, a rounded ink box")
    func measurementsRoundTripExactly() throws {
        var state = fullState()
        // An Inkscape artboard 10 mm wide, a sum that no short decimal writes, and an ink box
        // as a measurement rounded for the catalog leaves it.
        let artboard = Size(width: 10 * 72 / 25.4, height: 0.1 + 0.2)
        let inkBox = Rect(x: 1 / 3, y: 2.000_499_9, width: 26.666_666_7, height: 1e-3 * 7).roundedForCatalog
        state.glyphs[0].artboard = artboard
        state.glyphs[0].inkBox = inkBox
        let decoded = try #require(BuildState.decode(state.encoded())?.glyphs.first)
        let bits = { (values: [Double]) in values.map(\.bitPattern) }
        #expect(
            bits([decoded.artboard?.width ?? 0, decoded.artboard?.height ?? 0])
                == bits([artboard.width, artboard.height]))
        let box = try #require(decoded.inkBox)
        #expect(
            bits([box.x, box.y, box.width, box.height]) == bits([inkBox.x, inkBox.y, inkBox.width, inkBox.height]))
    }

    @Test("the header holds what a build where nothing changed needs, and no glyphs")
    func headerHoldsTheFingerprintAndReport() throws {
        let state = fullState()
        let header = try #require(BuildState.decodeHeader(state.encoded()))
        #expect(header.buildKey == state.buildKey && header.catalogSHA256 == state.catalogSHA256)
        #expect(header.catalogSignature == state.catalogSignature)
        #expect(header.fingerprint == state.fingerprint && header.report == state.report)
        #expect(header.pendingRemovals == state.pendingRemovals && header.generatedFiles == state.generatedFiles)
        #expect(header.glyphs.isEmpty && header.sourceSignatures.isEmpty && header.modificationTimes.isEmpty)
    }

    @Test("a report is only recorded with the fingerprint that vouches for it")
    func noFingerprintNoReport() throws {
        var state = fullState()
        state.fingerprint = nil
        let decoded = try #require(BuildState.decode(state.encoded()))
        #expect(decoded.fingerprint == nil && decoded.report == nil)
        state.report = nil
        #expect(decoded == state)
    }

    /// Glyphs dated an hour ago, so that their sizes and times count as settled.
    func settledGlyphs() -> TemporaryFolder {
        let glyphs = TemporaryFolder()
        glyphs.copy(fixture: "pipeline/square-27pt.svg")
        glyphs.copy(fixture: "rules/geometry-off-center-shifted.svg")
        let hourAgo = FileSystem.now() - 3_600_000_000_000
        for name in ["square-27pt.svg", "geometry-off-center-shifted.svg"] {
            FileSystem.setModificationTime(of: glyphs.file(name), to: hourAgo)
        }
        return glyphs
    }

    /// The fingerprint of a build of `request` as things are on disk now.
    func fingerprintNow(_ request: BuildRequest) throws -> String? {
        let files = try GlyphDiscovery.discover(request.inputs)
        return BuildFingerprint.computeNow(
            buildKey: Builder.buildKey(request.options), request: request, files: files,
            sources: files.map { FileSystem.signature(of: $0.displayPath, followingSymlinks: false) },
            outputs: files.map { file in
                Template.scales.map {
                    FileSystem.signature(
                        of: request.outputFolder + "/" + OutputNaming.fileName(glyph: file.name, scale: $0))
                }
            },
            definitions: BuildFingerprint.definitionsFiles(request.inputs), generatedFiles: [])
    }

    @Test("a build records its report and the fingerprint of what it leaves on disk")
    func aBuildRecordsItsFingerprint() throws {
        let glyphs = settledGlyphs()
        let output = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        let report = try Builder.run(request)
        let state = try #require(
            BuildState.decode(Array(try Data(contentsOf: URL(fileURLWithPath: output.file(BuildState.fileName))))))
        #expect(
            state.report
                == BuildState.Report(
                    glyphCount: report.glyphCount, pngCount: report.pngCount, diagnostics: report.diagnostics))
        #expect(report.warningCount == 1, "\(report.diagnostics)")
        let recorded = try #require(state.fingerprint)
        #expect(try fingerprintNow(request) == recorded)
        // Any output's time moving is another fingerprint.
        let png = output.file("square-27pt@3x.png")
        let time = try #require(FileSystem.modificationTime(of: png))
        FileSystem.setModificationTime(of: png, to: time - 1)
        #expect(try fingerprintNow(request) != recorded)
        FileSystem.setModificationTime(of: png, to: time)
        #expect(try fingerprintNow(request) == recorded)
    }

    @Test("the fingerprint covers each part of a signature, and vouches for nothing unknown")
    func fingerprintSensitivity() throws {
        let glyphs = settledGlyphs()
        let output = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [glyphs.path]
        request.outputFolder = output.path
        let files = try GlyphDiscovery.discover(request.inputs)
        let source = FileSignature(size: 100, modified: 1_600_000_000_000_000_000, inode: 42)
        let catalog = FileSignature(size: 900, modified: 1_600_000_001_000_000_000, inode: 43)
        func fingerprint(
            _ sources: [FileSignature?], catalog: FileSignature? = catalog, request: BuildRequest = request
        ) -> String? {
            BuildFingerprint.compute(
                buildKey: "k", request: request, files: files, sources: sources,
                outputs: files.map { _ in [nil, nil] }, definitions: [.absent],
                catalog: catalog, generated: [])
        }
        let sources: [FileSignature?] = files.map { _ in source }
        let base = try #require(fingerprint(sources))
        #expect(fingerprint(sources) == base)
        for changed in [
            FileSignature(size: 101, modified: source.modified, inode: source.inode),
            FileSignature(size: source.size, modified: source.modified + 1, inode: source.inode),
            FileSignature(size: source.size, modified: source.modified, inode: source.inode + 1),
        ] {
            #expect(fingerprint([changed] + Array(sources.dropFirst())) != base, "\(changed)")
        }
        #expect(fingerprint([nil] + Array(sources.dropFirst())) == nil, "a source not vouched for")
        #expect(fingerprint(sources, catalog: nil) == nil, "no catalog")
        var depfile = request
        depfile.depfile = output.file("d.d")
        #expect(fingerprint(sources, request: depfile) == nil)
        var check = request
        check.writesOutput = false
        #expect(fingerprint(sources, request: check) == nil)
    }
}
