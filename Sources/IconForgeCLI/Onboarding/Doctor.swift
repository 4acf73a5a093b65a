/// `iconforge doctor`: whether iconforge can run on this machine, found by doing the real
/// thing: opening librsvg, encoding and decoding a PNG with libpng, and rendering a glyph
/// in a render worker process.
enum Doctor {
    struct Finding: Equatable, Sendable {
        var name: String
        var ok: Bool
        var detail: String
        /// What to install or do, when it failed.
        var fix: String?
    }

    static let installLibrsvg =
        "install librsvg: 'sudo apt-get install librsvg2-2' (Debian, Ubuntu) or 'brew install librsvg' (macOS); or set ICONFORGE_LIBRSVG to its library file"
    static let installLibpng =
        "install libpng: 'sudo apt-get install libpng16-16' (Debian, Ubuntu) or 'brew install libpng' (macOS), then build iconforge again"

    static func run(librsvgPath: String?, workerExecutable: String) -> [Finding] {
        var findings: [Finding] = []
        do throws(NativeError) {
            try SVGHandle.loadLibrary(path: librsvgPath)
            let version = SVGHandle.libraryVersion.flatMap { $0.isEmpty ? nil : $0 } ?? "version unknown"
            findings.append(Finding(name: "librsvg", ok: true, detail: "\(version) (\(SVGHandle.libraryFileName))"))
        } catch {
            findings.append(
                Finding(name: "librsvg", ok: false, detail: "cannot be opened: \(error.message)", fix: installLibrsvg))
        }
        do throws(NativeError) {
            let png = try PNGCodec.encode(
                pixels: [0, 0, 0, 255], width: 1, height: 1, layout: .rgba, settings: .init(compressionLevel: 6))
            let decoded = try PNGCodec.decode(png)
            let ok = decoded.width == 1 && decoded.height == 1
            findings.append(
                Finding(
                    name: "libpng", ok: ok,
                    detail: "\(PNGCodec.libraryVersion)" + (ok ? "" : ": a PNG did not decode as written"),
                    fix: ok ? nil : installLibpng))
        } catch {
            findings.append(
                Finding(
                    name: "libpng", ok: false, detail: "\(PNGCodec.libraryVersion): \(error.message)",
                    fix: installLibpng))
        }
        guard findings.allSatisfy(\.ok) else {
            findings.append(
                Finding(
                    name: "render worker", ok: false, detail: "not tried: a library above is missing",
                    fix: "fix the libraries first"))
            return findings
        }
        let source = GlyphSource(
            name: "example", displayPath: "example.svg", relativePath: "example.svg",
            bytes: Array(ProjectScaffold.exampleGlyph.utf8))
        let runner = GlyphRunner(
            isolation: .workers(executable: workerExecutable, timeout: 30, memoryBytes: 1 << 30),
            options: PipelineOptions())
        let outcome = runner.process(source, encode: true)
        if outcome.diagnostics.isEmpty, outcome.pngs.count == Template.scales.count {
            let sizes = Template.scales.map { "\($0.canvas) × \($0.canvas)" }.joined(separator: " and ")
            findings.append(
                Finding(
                    name: "render worker", ok: true,
                    detail: "started \(workerExecutable.lastPathComponent) and rendered a glyph at \(sizes) px"))
        } else {
            let why = outcome.diagnostics.first.map { "\($0.message) [\($0.rule.rawValue)]" } ?? "no PNGs came back"
            findings.append(
                Finding(
                    name: "render worker", ok: false, detail: why,
                    fix: "run 'iconforge build --isolation none' to render without workers, and report this"))
        }
        return findings
    }
}
