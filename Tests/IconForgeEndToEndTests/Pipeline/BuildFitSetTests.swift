import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel

/// `--fit=set`: one scale per artboard size, from the set's typical glyph; `--fit=glyph`
/// fits each glyph on its own. Fixtures: `Fixtures/fitset` (Lucide's own files, and a 48-unit
/// artboard with one glyph too big for the set's scale).
@Suite struct BuildFitSetTests {
    static let lucide = ["circle", "square", "house", "mail", "dot", "wifi-zero", "minus"]

    func build(_ inputs: [String], into output: String, mode: ExportMode, jobs: Int = 2, allowOffCenter: [String] = [])
        throws -> BuildReport
    {
        var request = BuildRequest()
        request.inputs = inputs
        request.outputFolder = output
        request.options.mode = mode
        request.options.allowOffCenter = allowOffCenter
        request.jobs = jobs
        return try Builder.run(request)
    }

    func glyphs(_ report: BuildReport) -> [String: Catalog.Glyph] {
        Dictionary(uniqueKeysWithValues: report.catalog.glyphs.map { ($0.name, $0) })
    }

    @Test func glyphsOnOneArtboardSizeShareOneScaleAndSmallOnesStaySmall() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("fitset")], into: output.path, mode: .fitSet)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        #expect(report.catalog.mode == .fitSet)
        let byName = glyphs(report)
        // One scale for the 24-unit artboard, one for the 48-unit one, each from its own glyphs.
        let sets = try #require(report.catalog.template.setScales)
        #expect(sets.map(\.artboard) == [Size(width: 24, height: 24), Size(width: 48, height: 48)])
        #expect(sets.map(\.glyphs) == [7, 4])
        for (index, scale) in Template.scales.enumerated() {
            let scales = Set(Self.lucide.compactMap { byName[$0]?.outputs[index].transform?.scale })
            #expect(scales == [sets[0].pixelsPerUnit[index]], "@\(scale.factor)x: \(scales)")
        }
        // The typical glyphs (square, house: 20 units; mail: wide, 22 units) come out at their
        // targets, as --fit=glyph draws them, and Lucide's 2-unit strokes are 7.95 px everywhere.
        #expect(abs(sets[0].pixelsPerUnit[1] - 3.976) < 0.005, "\(sets[0])")
        let mail = try #require(paintedPixelBox(try decodePNG(output.file("mail@3x.png"))))
        #expect(abs(mail.width - 88) <= 1, "\(mail)")
        let square = try #require(paintedPixelBox(try decodePNG(output.file("square@3x.png"))))
        #expect(abs(square.width - 80) <= 1, "\(square)")
        // A dot stays a dot: its 4-unit ink box is 16 px, not an 80 px disc.
        let dot = try #require(paintedPixelBox(try decodePNG(output.file("dot@3x.png"))))
        #expect(dot.width <= 17 && dot.height <= 17, "\(dot)")
        let wifi = try #require(paintedPixelBox(try decodePNG(output.file("wifi-zero@3x.png"))))
        #expect(wifi.width <= 9, "\(wifi)")
        // Every glyph is centred by its ink box.
        for name in Self.lucide {
            let box = try #require(paintedPixelBox(try decodePNG(output.file("\(name)@3x.png"))))
            #expect(
                abs(Double(box.x) + Double(box.width) / 2 - 52) <= 1
                    && abs(Double(box.y) + Double(box.height) / 2 - 52) <= 1, "\(name): \(box)")
        }
    }

    @Test func aGlyphTooBigForTheSetsScaleIsScaledDownAloneWithAWarning() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("fitset")], into: output.path, mode: .fitSet)
        // The family checks also see four filled squares among Lucide outlines: not this test's matter.
        let placement = report.diagnostics.filter { !FamilyChecks.rules.contains($0.rule) }
        #expect(placement.map(\.rule) == [.sizeScaledDown], "\(placement.map(\.message))")
        let warning = try #require(placement.first)
        #expect(warning.file.hasSuffix("big-square-48.svg") && warning.severity == .warning)
        #expect(warning.message.contains("scaled down alone"))
        let byName = glyphs(report)
        let set = try #require(report.catalog.template.setScales?.last)
        // Three 24-unit squares set the scale: 79.5/24 px per unit at @3x (0.25 px inset a side).
        #expect(abs(set.pixelsPerUnit[1] - 79.5 / 24) < 1e-3)
        for name in ["square-48-a", "square-48-b", "square-48-c"] {
            #expect(byName[name]?.outputs.map { $0.transform?.scale } == set.pixelsPerUnit, "\(name)")
            let box = try #require(paintedPixelBox(try decodePNG(output.file("\(name)@3x.png"))))
            #expect(box.width == 80 && box.x == 12, "\(name): \(box)")
        }
        // The big one fills the canvas instead of overflowing it: 44 units × 3.3125 would be 146 px.
        for (index, scale) in Template.scales.enumerated() {
            let own = try #require(byName["big-square-48"]?.outputs[index].transform?.scale)
            #expect(own < set.pixelsPerUnit[index])
            let box = try #require(paintedPixelBox(try decodePNG(output.file("big-square-48\(scale.suffix).png"))))
            #expect(box.width == scale.canvas && box.x == 0, "\(scale.suffix): \(box)")
        }
    }

    /// Breeze's mail-flag.svg would be 103.8 px at its set's scale: under the 104 px canvas
    /// but over the 103.5 px inside its margins. The warning names the limit it applied.
    @Test func theScaledDownWarningNamesTheLimitTheGlyphBroke() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("real/breeze-set")], into: output.path, mode: .fitSet)
        let warning = try #require(
            report.diagnostics.first { $0.rule == .sizeScaledDown }, "\(report.diagnostics.map(\.message))")
        #expect(warning.file.hasSuffix("flag-wide.svg") && report.errorCount == 0)
        #expect(
            warning.message.contains("would be 103.8 px, more than the 103.5 px that fit on the 104 px (35 pt) canvas"),
            "\(warning.message)")
        #expect(warning.message.contains("(99.7 % of the set's size)"), "\(warning.message)")
    }

    @Test func fitGlyphStillScalesEachGlyphOnItsOwn() throws {
        let output = TemporaryFolder()
        let report = try build([Fixtures.path("fitset")], into: output.path, mode: .fitGlyph)
        #expect(report.errorCount == 0 && !report.diagnostics.contains { $0.rule == .sizeScaledDown })
        #expect(report.catalog.template.setScales == nil)
        let dot = try #require(paintedPixelBox(try decodePNG(output.file("dot@3x.png"))))
        #expect(dot.width == 80, "--fit=glyph blows a dot up to the target: \(dot)")
        let scales = Set(glyphs(report).values.compactMap { $0.outputs.last?.transform?.scale })
        #expect(scales.count > 5)
    }

    @Test func theSetScaleIsTheSameWhateverTheJobsAndTheBuildIsByteIdentical() throws {
        let one = TemporaryFolder()
        let four = TemporaryFolder()
        _ = try build([Fixtures.path("fitset")], into: one.path, mode: .fitSet, jobs: 1)
        _ = try build([Fixtures.path("fitset")], into: four.path, mode: .fitSet, jobs: 4)
        for name in try FileManager.default.contentsOfDirectory(atPath: one.path) where !name.hasPrefix(".") {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: one.file(name)))
                    == Data(contentsOf: URL(fileURLWithPath: four.file(name))), "\(name)")
        }
    }

    @Test("a change to one glyph that moves the set's scale re-renders the others, and the result is a cold build's")
    func oneGlyphMovingTheSetScaleRebuildsTheSet() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        // Own @3x scales: circle 3.61, square 3.98, minus 5.47 px per unit: square is typical.
        for name in ["circle", "square", "minus"] { glyphs.copy(fixture: "fitset/\(name).svg") }
        let first = try build([glyphs.path], into: output.path, mode: .fitSet)
        // Nothing changed: everything kept.
        #expect(try build([glyphs.path], into: output.path, mode: .fitSet).reusedCount == 3)
        // A change that leaves the median where it was (circle stays the smallest scale): the
        // others are kept.
        glyphs.write(
            "circle.svg",
            try String(contentsOfFile: Fixtures.path("fitset/circle.svg"), encoding: .utf8).replacingOccurrences(
                of: "r=\"10\"", with: "r=\"10.5\""))
        let same = try build([glyphs.path], into: output.path, mode: .fitSet)
        #expect(same.reusedCount == 2)
        #expect(same.catalog.template.setScales == first.catalog.template.setScales)
        // Two small glyphs added move the median to minus's: every glyph is drawn again.
        glyphs.copy(fixture: "fitset/dot.svg")
        glyphs.copy(fixture: "fitset/wifi-zero.svg")
        let moved = try build([glyphs.path], into: output.path, mode: .fitSet)
        #expect(moved.catalog.template.setScales != first.catalog.template.setScales)
        #expect(moved.reusedCount == 0)
        let fresh = TemporaryFolder()
        _ = try build([glyphs.path], into: fresh.path, mode: .fitSet)
        #expect(abs((moved.catalog.template.setScales?.first?.pixelsPerUnit[1] ?? 0) - 87.5 / 16) < 0.01)
        for name in ["catalog.json", "square@2x.png", "square@3x.png", "circle@3x.png", "dot@3x.png"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: output.file(name)))
                    == Data(contentsOf: URL(fileURLWithPath: fresh.file(name))), "\(name)")
        }
    }

    /// Dates every file in `folder` ten seconds back: settled sources, whose size and time
    /// the next build trusts instead of reading them.
    func settle(_ folder: TemporaryFolder) throws {
        let now = FileSystem.now()
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            FileSystem.setModificationTime(of: folder.file(name), to: now - 10_000_000_000)
        }
    }

    /// Every file a build wrote into `output` (the state aside), by name.
    func written(_ output: TemporaryFolder) throws -> [String: Data] {
        let names = try FileManager.default.contentsOfDirectory(atPath: output.path).filter { !$0.hasPrefix(".") }
        return try Dictionary(
            uniqueKeysWithValues: names.map { ($0, try Data(contentsOf: URL(fileURLWithPath: output.file($0)))) })
    }

    @Test("a build that reuses the previous build's measurements writes what a cold build of the same glyphs writes")
    func reusedMeasurementsGiveAColdBuildsBytes() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        for name in try FileManager.default.contentsOfDirectory(atPath: Fixtures.path("fitset"))
        where name.hasSuffix(".svg") {
            glyphs.copy(fixture: "fitset/" + name)
        }
        try settle(glyphs)
        let first = try build([glyphs.path], into: output.path, mode: .fitSet)
        // One glyph edited; another touched, its bytes the same (measured again from the
        // recorded one once its SHA-256 matches); the rest settled as the state recorded them.
        glyphs.write(
            "house.svg",
            try String(contentsOfFile: Fixtures.path("fitset/house.svg"), encoding: .utf8).replacingOccurrences(
                of: "</svg>", with: "<circle cx=\"12\" cy=\"12\" r=\"1\"/></svg>"))
        FileSystem.setModificationTime(of: glyphs.file("mail.svg"), to: FileSystem.now() - 5_000_000_000)
        let incremental = try build([glyphs.path], into: output.path, mode: .fitSet)
        // All kept but house and big-square-48 (scaled down alone, it is always drawn again).
        #expect(incremental.reusedCount == first.glyphCount - 2)
        #expect(incremental.catalog.template.setScales == first.catalog.template.setScales)
        let cold = TemporaryFolder()
        _ = try build([glyphs.path], into: cold.path, mode: .fitSet)
        let incrementalFiles = try written(output)
        let coldFiles = try written(cold)
        #expect(incrementalFiles.keys.sorted() == coldFiles.keys.sorted())
        for (name, bytes) in coldFiles {
            #expect(incrementalFiles[name] == bytes, "\(name)")
        }
    }

    @Test(
        "a sliver only the geometry holds moves the set's scale: the outputs judge it away, the set is planned again from what they show, and a later build that keeps the glyph writes a cold build's bytes"
    )
    func aSliverTheOutputsDoNotShowIsPlannedAgain() throws {
        let folder = TemporaryFolder()
        let output = TemporaryFolder()
        folder.copy(fixture: "real/fontawesome-invisible-sliver-512.svg")
        folder.copy(fixture: "fitset/circle.svg")
        let first = try build([folder.path], into: output.path, mode: .fitSet)
        let sliver = try #require(glyphs(first)["fontawesome-invisible-sliver-512"])
        let ink = try #require(sliver.inkBox)
        // The half star alone (474.8 units tall), not its geometry with the sliver (512).
        #expect(isClose(ink, Rect(x: 51, y: 0, width: 237, height: 475), within: 0.2) && sliver.status == .ok, "\(ink)")
        let scale = try #require(
            first.catalog.template.setScales?.first { $0.artboard == Size(width: 576, height: 512) })
        #expect(abs(scale.pixelsPerUnit[1] - 87.5 / ink.height) < 1e-4, "\(scale.pixelsPerUnit)")
        let image = try PNGCodec.decode(
            Array(Data(contentsOf: URL(fileURLWithPath: output.file("fontawesome-invisible-sliver-512@3x.png")))))
        #expect(paintedPixelBox(image)?.height == 88)
        // The other glyph edited: the sliver's files are kept, and everything is a cold build's
        // (no temporary file of the first render pass left behind).
        folder.write(
            "circle.svg",
            try String(contentsOfFile: Fixtures.path("fitset/circle.svg"), encoding: .utf8).replacingOccurrences(
                of: "r=\"10\"", with: "r=\"9\""))
        let incremental = try build([folder.path], into: output.path, mode: .fitSet)
        #expect(incremental.reusedCount == 1)
        let cold = TemporaryFolder()
        _ = try build([folder.path], into: cold.path, mode: .fitSet)
        #expect(try written(output) == written(cold))
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
                == FileManager.default.contentsOfDirectory(atPath: cold.path).sorted())
    }

    @Test("the measuring pass does not read a glyph whose source the state shows unchanged")
    func anUnchangedGlyphIsNotMeasuredAgain() throws {
        let glyphs = TemporaryFolder()
        let output = TemporaryFolder()
        // Own @3x scales: circle 3.61, square 3.98, minus 5.47 px per unit: square is typical.
        for name in ["circle", "square", "minus"] { glyphs.copy(fixture: "fitset/\(name).svg") }
        try settle(glyphs)
        let first = try build([glyphs.path], into: output.path, mode: .fitSet)
        #expect(first.errorCount == 0)
        // Garbage of the same size and time in square's place: a build that read it would find
        // no square, take circle's scale for the set, and fail square drawing it again.
        let square = glyphs.file("square.svg")
        let recorded = try #require(FileSystem.signature(of: square))
        // Written in place: the same file (inode), as an editor that saves in place leaves it.
        let handle = try #require(FileHandle(forWritingAtPath: square))
        handle.write(Data(repeating: UInt8(ascii: "x"), count: recorded.size))
        handle.closeFile()
        FileSystem.setModificationTime(of: square, to: recorded.modified)
        #expect(FileSystem.signature(of: square) == recorded)
        // An edit that leaves square typical, so that the build is not a whole no-op.
        glyphs.write(
            "circle.svg",
            try String(contentsOfFile: Fixtures.path("fitset/circle.svg"), encoding: .utf8).replacingOccurrences(
                of: "r=\"10\"", with: "r=\"10.5\""))
        let edited = try build([glyphs.path], into: output.path, mode: .fitSet)
        #expect(edited.errorCount == 0, "\(edited.diagnostics.map(\.message))")
        #expect(edited.reusedCount == 2)
        #expect(edited.catalog.template.setScales == first.catalog.template.setScales)
        // And it is what a build of the real square with the edited circle writes.
        glyphs.copy(fixture: "fitset/square.svg")
        let cold = TemporaryFolder()
        _ = try build([glyphs.path], into: cold.path, mode: .fitSet)
        #expect(try written(output) == written(cold))
    }

    @Test("an allowOffCenter glyph keeps its optical offset in both fit modes, scaled")
    func allowedOffsetSurvivesFitting() throws {
        // A play triangle nudged 1.5 pt right of the artboard's centre, on purpose.
        let glyphs = TemporaryFolder()
        glyphs.write(
            "offcenter-20pt.svg",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><path d=\"M9 7.5 L29 17.5 L9 27.5 Z\"/></svg>"
        )
        for mode in [ExportMode.fitGlyph, .fitSet] {
            let output = TemporaryFolder()
            let report = try build([glyphs.path], into: output.path, mode: mode, allowOffCenter: ["offcenter-20pt"])
            #expect(report.errorCount == 0)
            let glyph = try #require(report.catalog.glyphs.first)
            // Without the listing, the ink is centred.
            let centred = try build([glyphs.path], into: TemporaryFolder().path, mode: mode)
            #expect(centred.catalog.glyphs.first?.outputs.first?.transform?.x != glyph.outputs.first?.transform?.x)
            for (index, scale) in Template.scales.enumerated() {
                let ppp = try #require(glyph.outputs[index].transform?.scale)
                let box = try #require(paintedPixelBox(try decodePNG(output.file("offcenter-20pt\(scale.suffix).png"))))
                let centreX = Double(box.x) + Double(box.width) / 2
                let centreY = Double(box.y) + Double(box.height) / 2
                let half = Double(scale.canvas) / 2
                #expect(
                    abs(centreX - (half + 1.5 * ppp)) <= 1 && abs(centreY - half) <= 1,
                    "\(mode) \(scale.suffix): \(box)")
                #expect(abs(Double(box.height) - 20 * ppp) <= 1.5 && box.x > 0, "\(mode) \(scale.suffix): \(box)")
            }
        }
    }

    @Test(
        "an allowOffCenter glyph whose kept offset carries its ink past the canvas fails size.max instead of writing a clipped PNG"
    )
    func keptOffsetBeyondTheCanvasIsAnError() throws {
        // 12-unit squares on a 24-unit artboard, fitted to 80 px at @3x (6.625 px per unit, the
        // artboard's centre at the canvas's): 4.5 units from the left edge, the ink starts 2.3 px
        // inside the canvas; at the edge, its left half (-27.5 to 52 px) would be cut off. A
        // 4-unit square in the corner, fitted alone, lands wholly off the canvas.
        func svg(_ body: String) -> String {
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\">\(body)</svg>"
        }
        let glyphs = TemporaryFolder()
        glyphs.write("near.svg", svg("<rect x=\"4.5\" y=\"6\" width=\"12\" height=\"12\"/>"))
        glyphs.write("half.svg", svg("<rect x=\"0\" y=\"6\" width=\"12\" height=\"12\"/>"))
        glyphs.write("corner.svg", svg("<rect x=\"1\" y=\"1\" width=\"4\" height=\"4\"/>"))
        for mode in [ExportMode.fitGlyph, .fitSet] {
            let output = TemporaryFolder()
            let report = try build(
                [glyphs.path], into: output.path, mode: mode, allowOffCenter: ["near", "half", "corner"])
            let findings = report.diagnostics.filter { $0.rule == .sizeMax }
            #expect(
                findings.map { URL(fileURLWithPath: $0.file).lastPathComponent } == ["corner.svg", "half.svg"],
                "\(mode): \(report.diagnostics.map(\.message))")
            for finding in findings {
                #expect(
                    finding.severity == .error && finding.message.contains("listed in \"allowOffCenter\"")
                        && finding.message.contains("so that --fit centres its ink"), "\(finding.message)")
            }
            #expect(
                findings.last?.message.contains("x -27.5–52 px") == true
                    && findings.last?.message.contains("part of it is cut off") == true,
                "\(mode): \(findings.last?.message ?? "")")
            // Neither gets a PNG (nor a misleading svg.empty); the glyph inside the canvas does,
            // with its offset kept and none of its ink cut off.
            #expect(
                report.diagnostics.allSatisfy { $0.rule == .sizeMax }, "\(mode): \(report.diagnostics.map(\.message))")
            for name in ["half", "corner"] {
                #expect(
                    !FileManager.default.fileExists(atPath: output.file("\(name)@3x.png"))
                        && !FileManager.default.fileExists(atPath: output.file("\(name)@2x.png")))
            }
            for scale in Template.scales {
                let box = try #require(paintedPixelBox(try decodePNG(output.file("near\(scale.suffix).png"))))
                #expect(
                    box.x >= 1 && Double(box.x) + Double(box.width) / 2 < Double(scale.canvas) / 2 - 5,
                    "\(mode) \(scale.suffix): \(box)")
            }
        }
        // What the finding stops: rendered with its offset kept, half's ink runs into the canvas's
        // left edge, and the corner glyph's render is empty.
        let options = PipelineOptions()
        let half = try GlyphRenderer.render(
            RenderRequest(
                Data(svg("<rect x=\"0\" y=\"6\" width=\"12\" height=\"12\"/>").utf8), mode: .fitGlyph,
                shapeThreshold: options.shapeThreshold
            ).with {
                $0.keepingOffset = true
            })
        let clipped = try #require(half.images.last.flatMap(paintedPixelBox))
        #expect(clipped.x == 0 && clipped.width == 52, "\(clipped)")
        let corner = try GlyphRenderer.render(
            RenderRequest(
                Data(svg("<rect x=\"1\" y=\"1\" width=\"4\" height=\"4\"/>").utf8), mode: .fitGlyph,
                shapeThreshold: options.shapeThreshold
            ).with {
                $0.keepingOffset = true
            })
        #expect(corner.images.count == Template.scales.count && corner.images.allSatisfy { paintedPixelBox($0) == nil })
    }
}

/// Artboards that differ by a rounding are one size to `--fit=set` (issue 44, item 1).
@Suite struct SetArtboardToleranceTests {
    @Test func theSameDrawingOnAnArtboardRoundedInTheThirdDecimalGetsTheSamePNGs() throws {
        let output = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [Fixtures.path("fitset-rounding")]
        request.outputFolder = output.path
        request.options.mode = .fitSet
        request.jobs = 2
        let report = try Builder.run(request)
        #expect(report.errorCount == 0, "\(report.diagnostics.map(\.message))")
        #expect(
            report.catalog.template.setScales?.count == 1,
            "one set: \(String(describing: report.catalog.template.setScales))")
        #expect(report.catalog.template.setScales?.first?.glyphs == 4)
        let byName = Dictionary(uniqueKeysWithValues: report.catalog.glyphs.map { ($0.name, $0) })
        let square = try #require(byName["square"])
        let rounded = try #require(byName["square-rounded-export"])
        #expect(square.outputs.map(\.sha256) == rounded.outputs.map(\.sha256))
        #expect(square.outputs.map(\.transform) == rounded.outputs.map(\.transform))
    }

    @Test func sizesWithinOnePercentAreOneAndTheCommonestNamesThem() {
        let sizes = [
            Size(width: 16, height: 16.003), Size(width: 16, height: 16), Size(width: 16, height: 16),
            Size(width: 24.000002, height: 24),
            Size(width: 24, height: 24), Size(width: 24, height: 24), Size(width: 23.9, height: 23.9),
            Size(width: 16.083, height: 16), Size(width: 55, height: 55),
            Size(width: 55, height: 54.696), Size(width: 55, height: 55), Size(width: 23, height: 23),
            Size(width: 22, height: 22),
        ]
        let named = SetScale.sizes(grouping: sizes)
        #expect(named[Size(width: 16, height: 16.003)] == Size(width: 16, height: 16))
        #expect(named[Size(width: 16.083, height: 16)] == Size(width: 16, height: 16), "0.5 % apart: Faba's pages")
        #expect(named[Size(width: 55, height: 54.696)] == Size(width: 55, height: 55), "0.6 % apart: Sugar's pages")
        #expect(named[Size(width: 24.000002, height: 24)] == Size(width: 24, height: 24))
        #expect(named[Size(width: 23.9, height: 23.9)] == Size(width: 24, height: 24), "0.4 % apart: one size")
        #expect(
            named[Size(width: 23, height: 23)] == Size(width: 23, height: 23),
            "4 % apart from 24, 4.5 % from 22: another size")
        #expect(named[Size(width: 22, height: 22)] == Size(width: 22, height: 22))
        #expect(SetScale.sizes(grouping: sizes.reversed()) == named, "the order the files come in does not matter")
    }
}
