/// What each fuzz target feeds its input to (the targets are in `Fuzz/`, built only by
/// `make fuzz`), in one place so that the suite's `FuzzRegressionTests` run a kept input
/// through exactly the code that failed on it. Each entry takes any bytes and must return
/// without crashing, hanging or leaking, whatever they hold.
enum FuzzEntryPoints {
    /// The fuzz targets, by the folder name their kept inputs and seeds use.
    static let targets: [String: @Sendable ([UInt8]) -> Void] = [
        "markup": markup, "css": css, "json": json, "glyph": glyph, "plist": plist, "appfiles": appFiles,
        "gittree": gitTree, "png": png,
    ]

    /// (a) The XML scanner and every markup check, on the bytes as an SVG file.
    static func markup(_ bytes: [UInt8]) {
        _ = MarkupChecks.run(source(bytes), limits: Limits())
    }

    /// (b) The CSS scanner and paint parsing on the text directly, then as a style sheet
    /// and a style attribute of a small drawing, where the markup checks resolve its paint.
    static func css(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        for declaration in CSSDeclarations.parseStyleSheet(text) + CSSDeclarations.parseInline(text) {
            _ = CSSPaint.parse(declaration.value)
        }
        _ = CSSDeclarations.references(in: text)
        _ = CSSPaint.parse(text)
        let escaped = text.escaping(["&": "&amp;", "<": "&lt;", "\"": "&quot;"])
        let svg = """
            <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 90 90" color="red"><style>\(escaped)</style>\
            <path id="p" class="a b" style="\(escaped)" d="M10 10h70v70z"/></svg>
            """
        _ = MarkupChecks.run(source(Array(svg.utf8)), limits: Limits())
    }

    /// (c) The bytes as `quick-actions.json` (decoded and checked) and as `iconforge.json`.
    static func json(_ bytes: [UInt8]) {
        _ = QuickActions.check(
            fileBytes: bytes, displayPath: "quick-actions.json", glyphs: ["compose": true, "broken": false],
            appName: nil)
        _ = try? Configuration.parse(bytes, path: "project/iconforge.json")
    }

    /// (d) One glyph through the whole pipeline in this process: load, check, measure,
    /// render with librsvg, encode the PNGs.
    static func glyph(_ bytes: [UInt8]) {
        var options = PipelineOptions()
        options.pngCompression = 1
        _ = GlyphProcessor.process(source(bytes), options: options, encode: true, showingFailures: true)
    }

    /// (e) The property-list readers (see `AppFileReaders.read`).
    static func plist(_ bytes: [UInt8]) {
        AppFileReaders.read(bytes)
    }

    /// (f) The updaters of the app's files (see `AppFileReaders.update`).
    static func appFiles(_ bytes: [UInt8]) {
        AppFileReaders.update(bytes)
    }

    /// (g) The bytes as a path of a git tree (`GitTreePath`, what `diff --base` writes): a
    /// path it accepts has only names a folder holds beneath itself, and the private
    /// folder that writes it (`ScratchFolder`) reads the same names from it, by byte. And
    /// the same bytes as a path in `iconforge.json` (`ProjectPath`, judged by its text): one
    /// it accepts is relative, holds no NUL, and never climbs above the project.
    static func gitTree(_ bytes: [UInt8]) {
        configuredPath(bytes)
        guard GitTreePath.problem(bytes) == nil else { return }
        let names = bytes.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
        for name in names {
            precondition(
                !name.isEmpty && !name.elementsEqual(".".utf8) && !name.elementsEqual("..".utf8) && !name.contains(0),
                "accepted \(bytes)")
            precondition(String(decoding: name, as: UTF8.self).lowercased() != ".git", "accepted .git in \(bytes)")
        }
        let written = try? ScratchFolder.names(of: String(decoding: bytes, as: UTF8.self), in: "/private")
        precondition(written?.map { Array($0.utf8) } == names.map(Array.init), "\(bytes) is written as other names")
    }

    /// (h) The bytes as an image's pixels, encoded at levels 6 and 7 (iconforge's own DEFLATE
    /// encoder, GlyphDeflate.c) and decoded by libpng through zlib: every pixel must come
    /// back. The first byte picks the layout (grey+alpha, RGBA or a palette), the second the
    /// width (1 to 256 pixels); the rest are the rows, as many whole ones as there are.
    static func png(_ bytes: [UInt8]) {
        guard bytes.count >= 3 else { return }
        var palette: [UInt8] = []
        for entry in 0...255 {
            let value = UInt8(entry)
            palette += [value, 255 - value, value / 2, value ^ 0x5a]
        }
        let (layout, pixelBytes): (PNGCodec.Layout, Int) =
            switch bytes[0] % 3 {
            case 0: (.grayAlpha, 2)
            case 1: (.rgba, 4)
            default: (.palette(palette), 1)
            }
        let width = Int(bytes[1]) + 1
        let height = (bytes.count - 2) / (width * pixelBytes)
        guard height > 0 else { return }
        let pixels = Array(bytes[2..<2 + width * height * pixelBytes])
        let expected: [UInt8] =
            switch pixelBytes {
            case 2:
                stride(from: 0, to: pixels.count, by: 2).flatMap {
                    [pixels[$0], pixels[$0], pixels[$0], pixels[$0 + 1]]
                }
            case 4: pixels
            default: pixels.flatMap { palette[Int($0) * 4..<Int($0) * 4 + 4] }
            }
        for level: Int32 in [6, 7] {
            guard
                let png = try? PNGCodec.encode(
                    pixels: pixels, width: width, height: height, layout: layout,
                    settings: .init(compressionLevel: level))
            else { preconditionFailure("level \(level) could not encode \(width) x \(height) pixels") }
            let decoded = try? PNGCodec.decode(png)
            precondition(
                decoded?.width == width && decoded?.height == height && decoded?.pixels == expected,
                "level \(level) lost pixels of \(width) x \(height)")
        }
    }

    private static func configuredPath(_ bytes: [UInt8]) {
        let path = String(decoding: bytes, as: UTF8.self)
        guard ProjectPath.refusal(of: path, project: "/", linksMayLeave: true) == nil else { return }
        let text = Array(path.utf8)
        precondition(text.first != UInt8(ascii: "/") && !text.contains(0), "accepted the configured path \(bytes)")
        var depth = 0
        for name in text.split(separator: UInt8(ascii: "/")) where !name.elementsEqual(".".utf8) {
            depth += name.elementsEqual("..".utf8) ? -1 : 1
            precondition(depth >= 0, "accepted the configured path \(bytes), which climbs out of the project")
        }
    }

    private static func source(_ bytes: [UInt8]) -> GlyphSource {
        GlyphSource(name: "fuzz", displayPath: "fuzz.svg", relativePath: "fuzz.svg", bytes: bytes)
    }
}
