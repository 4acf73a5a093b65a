import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `--vector pdf|svg` and `--symbols`: the vector forms of the glyphs, drawn back (the PDF
/// by poppler's `pdftoppm`, the SVG and the symbol by librsvg) and compared with the PNGs.
@Suite struct VectorOutputTests {
    /// A glyph set and the mode it is built in: the shipped glyphs on the template, and
    /// real library samples (Lucide's strokes, Font Awesome's solid fills) fitted.
    struct GlyphSet: CustomTestStringConvertible, Sendable {
        var name: String
        var folder: String
        var mode: ExportMode
        var testDescription: String { name }
    }

    static let sets = [
        GlyphSet(name: "shipped Glyphs/", folder: ExternalProgram.repositoryRoot + "/Glyphs", mode: .template),
        GlyphSet(name: "Lucide", folder: Fixtures.path("vector/lucide"), mode: .fitSet),
        GlyphSet(name: "Font Awesome solid", folder: Fixtures.path("vector/fontawesome"), mode: .fitGlyph),
    ]

    /// A project whose build writes `set` into an asset catalog with `--vector format` and `--symbols`.
    struct Built {
        var project = TemporaryFolder()
        var report: BuildReport
        var catalogFolder: String { project.file("App/Assets.xcassets") }
        var symbolsFolder: String { project.file("App/Assets.xcassets/Symbols") }
        var output: String { project.file("Output") }

        init(
            _ set: GlyphSet, format: VectorFormat = .pdf, symbols: Bool = true,
            project: TemporaryFolder = TemporaryFolder()
        ) throws {
            self.project = project
            report = try Self.run(set, format: format, symbols: symbols, in: project)
        }

        static func run(
            _ set: GlyphSet, format: VectorFormat?, symbols: Bool, in project: TemporaryFolder,
            probes: BuildProbes = BuildProbes()
        ) throws -> BuildReport {
            var request = BuildRequest()
            request.probes = probes
            request.inputs = [set.folder]
            request.outputFolder = project.file("Output")
            request.options.mode = set.mode
            request.jobs = 2
            request.assetCatalog = project.file("App/Assets.xcassets")
            request.vectorFormat = format
            request.symbolsFolder = symbols ? project.file("App/Assets.xcassets/Symbols") : nil
            return try Builder.run(request)
        }

        func png(_ glyph: String, scale: Int) throws -> RGBAImage { try decodePNG(output + "/\(glyph)@\(scale)x.png") }
        func vectorFile(_ glyph: String, _ format: VectorFormat) -> String {
            catalogFolder + "/Vector/\(glyph).imageset/\(glyph).\(format.rawValue)"
        }
        func symbolFile(_ glyph: String) -> String {
            let name = VectorAssetSets.symbolName(for: glyph)!
            return symbolsFolder + "/\(name).symbolset/\(name).svg"
        }
    }

    /// How two renders of one canvas differ: the largest and the mean difference of coverage
    /// (0-255), and how far apart their painted boxes are, in pixels.
    struct Difference: CustomStringConvertible {
        var largest = 0
        var mean = 0.0
        var boxOffset = 0
        /// The difference of the two total coverages (ink), as a fraction of the second's.
        var inkDifference = 0.0

        init(_ a: [UInt8], _ b: [UInt8], width: Int) {
            precondition(a.count == b.count)
            var sum = 0
            for (x, y) in zip(a, b) {
                let difference = abs(Int(x) - Int(y))
                largest = max(largest, difference)
                sum += difference
            }
            mean = Double(sum) / Double(a.count)
            let inkA = a.reduce(0) { $0 + Int($1) }
            let inkB = b.reduce(0) { $0 + Int($1) }
            inkDifference = Double(abs(inkA - inkB)) / Double(max(inkB, 1))
            func box(_ coverage: [UInt8]) -> [Int] {
                var minX = Int.max
                var minY = Int.max
                var maxX = -1
                var maxY = -1
                for (index, value) in coverage.enumerated() where value > 24 {
                    minX = min(minX, index % width)
                    maxX = max(maxX, index % width)
                    minY = min(minY, index / width)
                    maxY = max(maxY, index / width)
                }
                return [minX, minY, maxX, maxY]
            }
            boxOffset = zip(box(a), box(b)).map { abs($0 - $1) }.max() ?? 0
        }

        var description: String {
            "largest \(largest)/255, mean \(String(format: "%.2f", mean)), ink \(String(format: "%.1f", inkDifference * 100)) %, boxes \(boxOffset) px apart"
        }

        /// What antialiasing by two rasterisers can account for: the painted boxes within a
        /// pixel, the ink within 4 %, the mean difference under 8/255 (edge pixels only).
        var isAntialiasing: Bool { boxOffset <= 1 && inkDifference <= 0.04 && mean <= 8 }
    }

    /// Coverage of a render on a transparent canvas: its alpha.
    static func coverage(_ image: RGBAImage) -> [UInt8] {
        (0..<image.width * image.height).map { image.pixels[$0 * 4 + 3] }
    }

    /// The PDF drawn by poppler at `scale` × 72 DPI on white: coverage is how dark each pixel is.
    static func popplerCoverage(_ pdf: String, scale: Int, in folder: TemporaryFolder) throws -> RGBAImage {
        let pdftoppm = try #require(
            ExternalProgram.find("pdftoppm"),
            "pdftoppm (Debian's poppler-utils) is not installed: scripts/setup.sh --test installs it")
        let prefix = folder.file("page-\(scale)")
        let result = try ExternalProgram.run(pdftoppm, ["-r", String(72 * scale), "-png", "-singlefile", pdf, prefix])
        #expect(result.status == 0, "pdftoppm: \(result.output)")
        let page = try decodePNG(prefix + ".png")
        var pixels = page.pixels
        for index in 0..<page.width * page.height {
            let gray =
                (Int(page.pixels[index * 4]) + Int(page.pixels[index * 4 + 1]) + Int(page.pixels[index * 4 + 2])) / 3
            pixels[index * 4 + 3] = UInt8(255 - gray)
        }
        return RGBAImage(width: page.width, height: page.height, pixels: pixels)
    }

    /// The glyph drawn by librsvg with the placement the vector file has, at exactly `scale`
    /// pixels per point on a 35 pt page (at 3×: 105 px, where the @3x PNG is Apple's 104 px at
    /// the shape's own 80/27 or 88/30 px per point).
    static func librsvgAtPageScale(_ artwork: VectorArtwork, scale: Int) throws -> RGBAImage {
        let page = artwork.pageViewport
        let factor = Double(scale)
        let canvas = Int(VectorArtwork.pagePoints * factor)
        return try SVGHandle(data: Data(artwork.source)).render(
            width: canvas, height: canvas,
            viewport: Rect(
                x: page.x * factor, y: page.y * factor, width: page.width * factor, height: page.height * factor))
    }

    /// Each glyph that passed, with its source and the placement the catalog records.
    static func artworks(_ built: Built, of set: GlyphSet) throws -> [VectorArtwork] {
        try built.report.catalog.glyphs.filter { $0.status == .ok }.map { glyph in
            let source = try [UInt8](Data(contentsOf: URL(fileURLWithPath: set.folder + "/" + glyph.source)))
            return VectorArtwork(
                name: glyph.name, source: source, artboard: glyph.artboard!, placement: glyph.outputs[0].transform!)
        }
    }

    @Test("the PDF, drawn back by poppler at 2× and 3×, is the PNG up to antialiasing", arguments: sets)
    func pdfDrawnBackMatchesThePNGs(_ set: GlyphSet) throws {
        let built = try Built(set, format: .pdf, symbols: false)
        let artworks = try Self.artworks(built, of: set)
        #expect(artworks.count >= 3)
        for artwork in artworks {
            let pdf = built.vectorFile(artwork.name, .pdf)
            // @2x: the PNG's own canvas, 70 px at 2 px/pt.
            let two = try Self.popplerCoverage(pdf, scale: 2, in: built.project)
            let png2 = try built.png(artwork.name, scale: 2)
            #expect(two.width == 70 && two.height == 70)
            let at2 = Difference(Self.coverage(two), Self.coverage(png2), width: 70)
            print("vector pdf \(set.name) \(artwork.name) @2x: \(at2)")
            #expect(at2.isAntialiasing, "\(artwork.name) @2x: \(at2)")
            // 3×: 105 px at 3 px/pt, against librsvg drawing the same placement at that scale.
            let three = try Self.popplerCoverage(pdf, scale: 3, in: built.project)
            let reference = try Self.librsvgAtPageScale(artwork, scale: 3)
            #expect(three.width == 105 && three.height == 105)
            let at3 = Difference(Self.coverage(three), Self.coverage(reference), width: 105)
            print("vector pdf \(set.name) \(artwork.name) 3x: \(at3)")
            #expect(at3.isAntialiasing, "\(artwork.name) at 3×: \(at3)")
        }
    }

    @Test(
        "the SVG, drawn by librsvg at 2× and 3×, is the PNG up to antialiasing, on a 35 × 35 viewBox, in one paint",
        arguments: sets)
    func svgDrawnBackMatchesThePNGs(_ set: GlyphSet) throws {
        let built = try Built(set, format: .svg, symbols: false)
        for artwork in try Self.artworks(built, of: set) {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: built.vectorFile(artwork.name, .svg))))
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(
                text.contains(#"width="35" height="35" viewBox="0 0 35 35""#), "\(artwork.name): \(text.prefix(300))")
            // One paint; nothing of an editor's, no comment, no pixels.
            let colours = Set(text.matches(of: /rgb\([^)]*\)/).map { String($0.output) })
            #expect(colours == ["rgb(0%,0%,0%)"], "\(artwork.name): \(colours)")
            for unwanted in ["<!--", "<metadata", "sodipodi", "inkscape:", "<title", "<image", "class="] {
                #expect(!text.contains(unwanted), "\(artwork.name) holds \(unwanted)")
            }
            let handle = try SVGHandle(data: Data(bytes))
            let two = try handle.render(width: 70, height: 70, viewport: Rect(x: 0, y: 0, width: 70, height: 70))
            let at2 = Difference(Self.coverage(two), Self.coverage(try built.png(artwork.name, scale: 2)), width: 70)
            print("vector svg \(set.name) \(artwork.name) @2x: \(at2)")
            #expect(at2.isAntialiasing, "\(artwork.name) @2x: \(at2)")
            let three = try handle.render(width: 105, height: 105, viewport: Rect(x: 0, y: 0, width: 105, height: 105))
            let at3 = Difference(
                Self.coverage(three), Self.coverage(try Self.librsvgAtPageScale(artwork, scale: 3)), width: 105)
            print("vector svg \(set.name) \(artwork.name) 3x: \(at3)")
            #expect(at3.isAntialiasing, "\(artwork.name) at 3×: \(at3)")
        }
    }

    @Test(
        "two builds into fresh folders write byte-identical PDFs, SVGs and symbol templates (no date, no process-wide ids)"
    )
    func vectorBytesAreDeterministic() throws {
        for format in VectorFormat.allCases {
            let first = try Built(Self.sets[0], format: format)
            let second = try Built(Self.sets[0], format: format)
            for glyph in first.report.catalog.glyphs where glyph.status == .ok {
                for (a, b) in [
                    (first.vectorFile(glyph.name, format), second.vectorFile(glyph.name, format)),
                    (first.symbolFile(glyph.name), second.symbolFile(glyph.name)),
                ] {
                    let bytesA = try Data(contentsOf: URL(fileURLWithPath: a))
                    let bytesB = try Data(contentsOf: URL(fileURLWithPath: b))
                    #expect(bytesA == bytesB, "\(a) differs between two builds")
                }
            }
            let pdf = try String(
                decoding: Data(contentsOf: URL(fileURLWithPath: first.vectorFile("compose", format))), as: UTF8.self)
            #expect(!pdf.contains("CreationDate") && !pdf.contains("ModDate"))
        }
    }

    @Test(
        "an unchanged glyph's vector and symbol files are not rewritten; a removed glyph's go, and only iconforge's files"
    )
    func incrementalAndOwned() throws {
        let project = TemporaryFolder()
        for name in ["compose", "home", "search"] {
            project.copy(fixture: "../../../Glyphs/\(name).svg", as: "Glyphs/\(name).svg")
        }
        let set = GlyphSet(name: "three", folder: project.file("Glyphs"), mode: .template)
        var built = try Built(set, project: project)
        let pdf = built.vectorFile("home", .pdf)
        let symbol = built.symbolFile("home")
        let before = try [pdf, symbol].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as! Date
        }
        // Someone's own file inside iconforge's symbol set, and an image set of their own in the Vector group.
        project.write("App/Assets.xcassets/Symbols/custom.search.symbolset/notes.txt", "mine")
        project.write("App/Assets.xcassets/Vector/logo.imageset/Contents.json", "{}")
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: pdf)
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000_000)], ofItemAtPath: symbol)
        built.report = try Built.run(set, format: .pdf, symbols: true, in: project)
        let after = try [pdf, symbol].map {
            try FileManager.default.attributesOfItem(atPath: $0)[.modificationDate] as! Date
        }
        #expect(
            after.allSatisfy { $0 == Date(timeIntervalSince1970: 1_000_000) },
            "unchanged files were rewritten (\(before) → \(after))")
        #expect(built.report.diagnostics.filter { $0.severity == .error }.isEmpty, "\(built.report.diagnostics)")

        try FileManager.default.removeItem(atPath: project.file("Glyphs/search.svg"))
        built.report = try Built.run(set, format: .pdf, symbols: true, in: project)
        #expect(!FileManager.default.fileExists(atPath: built.vectorFile("search", .pdf)))
        #expect(!FileManager.default.fileExists(atPath: built.catalogFolder + "/Vector/search.imageset"))
        #expect(!FileManager.default.fileExists(atPath: built.symbolFile("search")))
        // What is not iconforge's stays: the note (so its folder), the other image set.
        #expect(
            FileManager.default.fileExists(
                atPath: project.file("App/Assets.xcassets/Symbols/custom.search.symbolset/notes.txt")))
        #expect(
            FileManager.default.fileExists(
                atPath: project.file("App/Assets.xcassets/Vector/logo.imageset/Contents.json")))
        #expect(FileManager.default.fileExists(atPath: pdf))

        // From PDF to SVG: the PDF iconforge wrote goes (the record says it is its own).
        built.report = try Built.run(set, format: .svg, symbols: false, in: project)
        #expect(!FileManager.default.fileExists(atPath: pdf))
        #expect(FileManager.default.fileExists(atPath: built.vectorFile("home", .svg)))
    }

    /// How many vector drawings (files and symbol variants) a build of `set` makes.
    static func drawings(_ set: GlyphSet, in project: TemporaryFolder) throws -> (count: Int, report: BuildReport) {
        let counter = WorkCount()
        let report = try Built.run(
            set, format: .pdf, symbols: true, in: project, probes: BuildProbes(vectorDrawings: counter))
        return (counter.value, report)
    }

    @Test(
        "a build where nothing changed draws no vector file again; a changed glyph, or one whose file was deleted, alone is drawn"
    )
    func unchangedGlyphsAreNotDrawnAgain() throws {
        let project = TemporaryFolder()
        for name in ["compose", "home", "search"] {
            project.copy(fixture: "../../../Glyphs/\(name).svg", as: "Glyphs/\(name).svg")
        }
        let set = GlyphSet(name: "three", folder: project.file("Glyphs"), mode: .template)
        let first = try Self.drawings(set, in: project)
        #expect(first.count >= 6, "each glyph's PDF and at least one symbol variant")
        let unchanged = try Self.drawings(set, in: project)
        #expect(unchanged.count == 0)
        #expect(unchanged.report.catalog.glyphs.map(\.vector) == first.report.catalog.glyphs.map(\.vector))

        // One glyph's source changed: its files alone are drawn, as many as a build of it alone draws.
        let alone = TemporaryFolder()
        let home = try String(contentsOfFile: project.file("Glyphs/home.svg"), encoding: .utf8).replacing(
            "</svg>", with: "<!-- changed --></svg>")
        alone.write("Glyphs/home.svg", home)
        let expected = try Self.drawings(
            GlyphSet(name: "one", folder: alone.file("Glyphs"), mode: .template), in: alone
        ).count
        project.write("Glyphs/home.svg", home)
        let changed = try Self.drawings(set, in: project)
        #expect(changed.count == expected && expected > 0)

        // A vector file deleted (or changed) since is drawn again; the symbol, still as written, is not.
        let built = try Built(set, project: project)
        try FileManager.default.removeItem(atPath: built.vectorFile("compose", .pdf))
        let deleted = try Self.drawings(set, in: project)
        #expect(deleted.count == 1)
        #expect(FileManager.default.fileExists(atPath: built.vectorFile("compose", .pdf)))
        #expect(deleted.report.catalog.glyphs.map(\.vector) == first.report.catalog.glyphs.map(\.vector))
    }

    /// The vector drawing runs in the build process, after the glyph passed in its render
    /// worker: a glyph that keeps librsvg busy never passes (its render times out), so it is
    /// never drawn there, and the build ends within the worker's time limit.
    @Test("a glyph that hangs librsvg times out in its worker and is never drawn as a vector file in the build process")
    func aHangingGlyphIsNeverDrawnOutsideItsWorker() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.copy(fixture: "isolation/spins-for-hours.svg", as: "Glyphs/spins.svg")
        project.copy(fixture: "../../../Glyphs/home.svg", as: "Glyphs/home.svg")
        var request = BuildRequest()
        request.inputs = [project.file("Glyphs")]
        request.outputFolder = project.file("Output")
        request.isolation = .workers(executable: iconforge, timeout: 1, memoryBytes: 1 << 30)
        request.assetCatalog = project.file("App/Assets.xcassets")
        request.vectorFormat = .pdf
        request.symbolsFolder = project.file("App/Assets.xcassets/Symbols")
        let counter = WorkCount()
        request.probes.vectorDrawings = counter
        let report = try Builder.run(request)
        #expect(report.diagnostics.filter { $0.severity == .error }.map(\.rule) == [.renderTimeout])
        let glyphs = Dictionary(uniqueKeysWithValues: report.catalog.glyphs.map { ($0.name, $0) })
        #expect(glyphs["spins"]?.vector == nil && glyphs["home"]?.vector?.symbol == "custom.home")
        #expect(
            counter.value == 1 + (glyphs["home"]?.vector?.symbolVariants?.count ?? 0),
            "home alone drawn: its PDF and each symbol variant")
    }

    @Test("a symbol set in the way that iconforge did not write is refused, not overwritten")
    func foreignSymbolSetIsRefused() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "../../../Glyphs/home.svg", as: "Glyphs/home.svg")
        let theirs = project.write("App/Assets.xcassets/Symbols/custom.home.symbolset/custom.home.svg", "<svg/>")
        let built = try Built(GlyphSet(name: "one", folder: project.file("Glyphs"), mode: .template), project: project)
        #expect(try String(contentsOfFile: theirs, encoding: .utf8) == "<svg/>")
        let refusal = try #require(built.report.diagnostics.first { $0.rule == .outputConflict })
        #expect(refusal.message.contains("custom.home.symbolset was not made by iconforge"))
        #expect(built.report.catalog.glyphs[0].vector?.symbol == nil)
        #expect(FileManager.default.fileExists(atPath: built.vectorFile("home", .pdf)))
    }

    @Test(
        "the command line: --vector needs --xcassets (exit 2, saying so); with it, build writes both forms and says nothing more"
    )
    func commandLine() throws {
        let project = TemporaryFolder()
        project.copy(fixture: "../../../Glyphs/home.svg", as: "Glyphs/home.svg")
        let refused = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--vector", "svg", "--isolation", "none",
        ])
        #expect(refused.status == .usage)
        #expect(
            refused.lines.contains {
                if case .err(let line) = $0 {
                    line.contains("--vector writes vector image sets into an asset catalog")
                } else {
                    false
                }
            })
        let wrong = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--xcassets", project.file("A.xcassets"),
            "--vector", "eps", "--isolation", "none",
        ])
        #expect(wrong.status == .usage)
        let built = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--xcassets", project.file("A.xcassets"),
            "--vector", "svg",
            "--symbols", project.file("Symbols"), "--isolation", "none",
        ])
        #expect(built.status == .clean, "\(built.lines)")
        #expect(FileManager.default.fileExists(atPath: project.file("A.xcassets/Vector/home.imageset/home.svg")))
        #expect(FileManager.default.fileExists(atPath: project.file("Symbols/custom.home.symbolset/custom.home.svg")))
        #expect(FileManager.default.fileExists(atPath: project.file("Symbols/custom.home.symbolset/Contents.json")))
    }
}
