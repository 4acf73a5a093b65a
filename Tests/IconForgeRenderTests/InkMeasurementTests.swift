import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeRender

/// The ink box from the drawing's geometry, confirmed by pixels (`InkMeasurement`): drawings
/// whose true bounds are known, a reference render at high resolution, fit mode's placement
/// and its guard.
@Suite struct InkMeasurementTests {
    /// Each fixture under `geometry/` with its ink box worked out from its geometry (the
    /// fixture's comment says how).
    static let drawings: [(String, Rect)] = [
        ("star-27.svg", Rect(x: 4, y: 4.660737, width: 27, height: 25.678526)),
        ("thin-diagonal.svg", Rect(x: 3.823223, y: 3.823223, width: 27.353553, height: 27.353553)),
        ("hairline.svg", Rect(x: 4, y: 4, width: 27, height: 26.525)),
        ("rotated-miter.svg", Rect(x: 2.177144, y: 6.515956, width: 21.664497, height: 25.914041)),
        ("nested-rotations.svg", Rect(x: 7, y: 2, width: 2, height: 12)),
        ("translucent-group-and-mask.svg", Rect(x: 2, y: 2, width: 28, height: 28)),
    ]

    @Test(
        "the ink box is the drawing's geometry within 0.05 pt: sharp tips, hairlines, miters and caps under any transform",
        arguments: drawings)
    func inkBoxIsTheGeometry(fixture: String, geometry: Rect) throws {
        let glyph = try renderFixture("geometry/" + fixture)
        let ink = try #require(glyph.inkBox)
        #expect(isClose(ink, geometry, within: 0.05), "\(fixture): measured \(ink), drawn \(geometry)")
        #expect(glyph.inkPrecision == 0)
        // What the box says is what a render at ~64 px per unit of the whole region shows.
        let reference = try #require(try Self.referenceInk("geometry/" + fixture, artboard: glyph.artboard))
        #expect(isClose(ink, reference, within: 0.05), "\(fixture): measured \(ink), a fine render shows \(reference)")
    }

    @Test("a line under nested rotations is placed on the fit target, centred, nothing cut off")
    func nestedRotationsFitTheTarget() throws {
        let glyph = try renderFixture("geometry/nested-rotations.svg", mode: .fitGlyph)
        #expect(glyph.shape == .tall)
        for (scale, image) in zip(Template.scales, glyph.images) {
            let target = scale.target(for: .tall)
            let box = try #require(paintedPixelBox(image))
            // 12 units tall → the tall target exactly; 2 wide → a sixth of it, centred.
            #expect(box.y == (scale.canvas - target) / 2 && box.height == target, "\(scale.suffix): \(box)")
            let width = Double(target) * 2 / 12
            #expect(
                abs(Double(box.width) - width) <= 1.5
                    && abs(Double(box.x) + Double(box.width) / 2 - Double(scale.canvas) / 2) <= 0.5,
                "\(scale.suffix): \(box)")
        }
        #expect(GeometryChecks.placementMismatch(glyph) == nil)
    }

    @Test(
        "whichever first estimate measuring starts from, in every mode, the ink box and the PNG bytes are the same",
        arguments: ["star-27.svg", "thin-diagonal.svg", "rotated-miter.svg"])
    func placementConverges(fixture: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/" + fixture)))
        let truth = try #require(Self.drawings.first { $0.0 == fixture }?.1)
        let artboard = Size(width: 35, height: 35)
        // --fit=set at a scale of the set's choosing (here 2 and 3 px per unit).
        let setScales = [SetScale(artboard: artboard, pixelsPerUnit: [2, 3], glyphs: 1)]
        func placed(_ mode: ExportMode, from estimate: Rect?, measured: InkMeasurement.Measured? = nil) throws -> (
            Rect, [[UInt8]]
        ) {
            let glyph = try GlyphRenderer.render(
                RenderRequest(data, mode: mode, shapeThreshold: 1.2).with {
                    $0.setScales = setScales
                    $0.firstEstimate = estimate
                    $0.measured = measured
                })
            let pngs = try glyph.images.map {
                try PNGEncoder.encode($0, colour: PixelColor(red: 0, green: 0, blue: 0), compressionLevel: 6).bytes
            }
            return (try #require(glyph.inkBox), pngs)
        }
        // The recording's box; boxes off by up to a tenth of a point each way, which the bands
        // reach; and boxes too far off for them (the whole artboard, 2 pt too large), which
        // the coarse render locates again.
        let estimates: [Rect?] = [
            nil, truth.expanded(by: 0.1), truth.expanded(by: -0.08),
            Rect(x: truth.x + 0.09, y: truth.y - 0.07, width: truth.width, height: truth.height),
            Rect(x: 0, y: 0, width: 35, height: 35), truth.expanded(by: 2),
        ]
        for mode in [ExportMode.fitGlyph, .fitSet, .template] {
            let (box, pngs) = try placed(mode, from: nil)
            #expect(pngs.count == Template.scales.count)
            for estimate in estimates.dropFirst() {
                let (other, otherPNGs) = try placed(mode, from: estimate)
                #expect(other == box, "\(mode), from \(String(describing: estimate)): \(other) against \(box)")
                #expect(otherPNGs == pngs, "\(mode), from \(String(describing: estimate)): other bytes")
            }
            // --fit=set's render pass, handed the planning pass's measurement, measures nothing
            // and writes the same bytes.
            let (handed, handedPNGs) = try placed(
                mode, from: nil, measured: InkMeasurement.Measured(box: box, precision: 0))
            #expect(handed == box && handedPNGs == pngs, "\(mode): a handed-over measurement gave other bytes")
        }
    }

    @Test(
        "ink to every edge of the artboard is measured from the recording; drawn through an opacity layer, from its opaque copy's; through a mask, or with text the copy would misspell, the coarse render locates it"
    )
    func fullBleedInk() throws {
        let cases: [(String, Rect, Bool)] = [
            ("full-bleed.svg", Rect(x: 0, y: 0, width: 35, height: 35), false),
            ("full-bleed-layer.svg", Rect(x: 0, y: 0, width: 35, height: 35), false),
            ("full-bleed-mask.svg", Rect(x: 0, y: 0, width: 35, height: 35), true),
            ("full-bleed-layer-text.svg", Rect(x: 0, y: 0, width: 35, height: 35), true),
        ]
        for (fixture, truth, looksBeyond) in cases {
            let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/" + fixture)))
            var handle = try SVGHandle(data: data)
            var asked = false
            var shown: InkMeasurement.ShownRender?
            let measured = try InkMeasurement.measure(
                &handle, data: data, artboard: Size(width: 35, height: 35), shown: &shown, keepingTheRender: true
            ) { handle in
                asked = true
                return try handle.inkRect(in: Rect(x: 0, y: 0, width: 35, height: 35))
            }
            let box = try #require(measured.box)
            #expect(isClose(box, truth, within: 0.05), "\(fixture): measured \(box), drawn \(truth)")
            #expect(asked == looksBeyond, "\(fixture): the coarse render was \(asked ? "" : "not ")needed")
        }
    }

    @Test("documents that may draw through an intermediate surface are told apart by a byte search")
    func layersAreNoticed() {
        let layered = [
            #"<g opacity=".5">"#, #"<g style="OPACITY:.5">"#, #"<path fill-opacity=".5"/>"#, #"<mask id="m"/>"#,
            #"<g filter="url(#f)">"#,
            #"<g clip-path="url(#c)">"#, #"<g style="mix-blend-mode:multiply">"#, #"<g style="isolation:isolate">"#,
            #"<g style="&#111;pacity:.5">"#, #"<style>g{op\61 city:.5}</style>"#,
        ]
        for markup in layered {
            #expect(InkMeasurement.mayDrawThroughLayers(Data("<svg>\(markup)</svg>".utf8)), "\(markup)")
        }
        let utf16 = "<svg><g opacity=\".5\"/></svg>".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(InkMeasurement.mayDrawThroughLayers(Data(utf16)))
        let fontAwesome =
            #"<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 448 512"><!--!Font Awesome Free 6.6.0 by @fontawesome--><path d="M224 0c-17.7 0-32 14.3-32 32V51.2C119 66 64 130.6 64 208v18.8z"/></svg>"#
        #expect(!InkMeasurement.mayDrawThroughLayers(Data(fontAwesome.utf8)))
    }

    @Test(
        "a copy without opacity layers misspells only `opacity`, keeps every byte's place, and is refused where a mask, filter, clip, blend or escape would still make one"
    )
    func opacityLayersAreTakenOut() throws {
        let markup =
            #"<svg><path style="opacity:0.2;fill:#000" d="M0 0H9V9Z"/><g OPACITY=".5"><path fill-opacity=".3" stroke-opacity="1" d="M1 1H2V2Z"/></g></svg>"#
        let copy = try #require(InkMeasurement.withoutLayerOpacity(Data(markup.utf8)))
        #expect(
            String(decoding: copy, as: UTF8.self)
                == #"<svg><path style="opacitx:0.2;fill:#000" d="M0 0H9V9Z"/><g OPACITx=".5"><path fill-opacity=".3" stroke-opacity="1" d="M1 1H2V2Z"/></g></svg>"#
        )
        for layered in [
            #"<g opacity=".5" mask="url(#m)"/>"#, #"<g filter="url(#f)"/>"#, #"<g clip-path="url(#c)"/>"#,
            #"<g style="mix-blend-mode:multiply"/>"#, #"<g style="&#111;pacity:.5"/>"#,
        ] {
            #expect(InkMeasurement.withoutLayerOpacity(Data("<svg>\(layered)</svg>".utf8)) == nil, "\(layered)")
        }
    }

    @Test(
        "bands that replay the measurement's one recording show exactly the pixels of bands that draw the document, translucent groups, clips and masks included"
    )
    func bandsReplayingOneRecordingMatchBandsThatDraw() throws {
        let handle = try SVGHandle(
            data: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/translucent-group-and-mask.svg"))))
        let viewport = Rect(x: 0, y: 0, width: 700, height: 700)  // 20 px per unit
        let recording = try handle.recording(width: viewport.width, height: viewport.height)
        for (left, top, width, height) in [(580, 0, 40, 700), (0, 580, 700, 40), (-20, -30, 40, 760)] {
            let placed = Rect(x: -Double(left), y: -Double(top), width: 700, height: 700)
            let drawn = try handle.renderAlphaMaxima(width: width, height: height, viewport: placed)
            let replayed = try handle.renderAlphaMaxima(
                width: width, height: height, viewport: placed, reusing: recording)
            #expect(drawn.columns.contains { $0 > 0 } == (left >= 0), "band at \(left),\(top)")
            #expect(drawn.columns == replayed.columns && drawn.rows == replayed.rows, "band at \(left),\(top)")
        }
    }

    @Test("fit mode fails a glyph whose output's ink is more than 1 px from its plan, and passes one within it")
    func guardCatchesAMisplacedOutput() throws {
        let glyph = try renderFixture("geometry/star-27.svg", mode: .fitGlyph)
        #expect(GeometryChecks.placementMismatch(glyph) == nil)
        let ppp = try #require(glyph.plans.last).pixelsPerPoint
        func shifted(byPixels pixels: Double) -> RenderedGlyph {
            var wrong = glyph
            wrong.inkBox = wrong.inkBox.map {
                Rect(x: $0.x + pixels / ppp, y: $0.y, width: $0.width, height: $0.height)
            }
            return wrong
        }
        // Planned from a box 1.5 px off, the PNGs (rendered from the true one) disagree.
        let message = try #require(GeometryChecks.placementMismatch(shifted(byPixels: 1.5)))
        #expect(
            message.hasPrefix("the @3x PNG shows ink in pixels x ") && message.contains("no PNG is written"),
            "\(message)")
        #expect(GeometryChecks.placementMismatch(shifted(byPixels: 0.75)) == nil)
        var options = PipelineOptions()
        options.mode = .fitGlyph
        let findings = GeometryChecks.run(shifted(byPixels: 1.5), name: "star", options: options, file: "star.svg")
        #expect(findings.map(\.rule) == [.renderFailed] && findings[0].severity == .error)
    }

    @Test("ink the @3x output would not show is left out: a sliver beside a 512-unit glyph")
    func invisibleSliverIsNotInk() throws {
        let glyph = try renderFixture("real/fontawesome-invisible-sliver-512.svg", mode: .fitGlyph)
        let ink = try #require(glyph.inkBox)
        // Sharp tips at 4.4 px per unit: a fifth of a unit, 1/30 of an output pixel.
        #expect(isClose(ink, Rect(x: 51, y: 0, width: 237, height: 475), within: 0.2), "\(ink)")
        #expect(GeometryChecks.placementMismatch(glyph) == nil)
        let image = try #require(glyph.images.last)
        let box = try #require(paintedPixelBox(image))
        #expect(
            glyph.shape == .tall && box.y == 8 && box.height == 88
                && abs(Double(box.x) + Double(box.width) / 2 - 52) <= 0.5, "\(box)")
    }

    @Test(
        "set mode plans from the geometry and judges what shows by the @3x output it ships: the sliver is planned with, left out by the output, and the box is --fit=glyph's"
    )
    func setModeJudgesByItsOwnOutput() throws {
        let data = try Data(
            contentsOf: URL(fileURLWithPath: Fixtures.path("real/fontawesome-invisible-sliver-512.svg")))
        let planning = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with { $0.measuringOnly = true })
        let geometry = try #require(planning.inkBox)
        // The sliver's geometry, at (430, 512), is in the planning box; nothing judged it yet.
        #expect(
            geometry.maxX > 430 && geometry.maxY > 511.9 && planning.judgingSlack == InkMeasurement.bandSlack,
            "\(geometry)")
        let glyph = try GlyphRenderer.render(RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2))
        let scale = SetScale(artboard: glyph.artboard, pixelsPerUnit: glyph.plans.map(\.pixelsPerPoint), glyphs: 1)
        let measured = InkMeasurement.Measured(box: geometry, precision: 0, judgingSlack: planning.judgingSlack)
        let set = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitSet, shapeThreshold: 1.2).with {
                $0.setScales = [scale]
                $0.measured = measured
            })
        let ink = try #require(set.inkBox)
        #expect(
            isClose(ink, try #require(glyph.inkBox), within: 0.2) && set.plannedBox == geometry
                && set.judgingSlack == nil, "\(ink)")
        #expect(GeometryChecks.placementMismatch(set) == nil)
        // Judged already (a second render pass), the box is taken as it is.
        let taken = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitSet, shapeThreshold: 1.2).with {
                $0.setScales = [scale]
                $0.measured = InkMeasurement.Measured(box: ink, precision: 0)
            })
        #expect(taken.inkBox == ink && taken.plannedBox == nil && taken.images == set.images)
    }

    @Test(
        "in set mode, a box its @3x output shows as it is ships that render: one output drawn, byte for byte a fresh draw"
    )
    func setModeShipsTheRenderThatJudged() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/shadowed-card-48.svg")))
        let planning = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with { $0.measuringOnly = true })
        let geometry = try #require(planning.inkBox)
        #expect(planning.judgingSlack == InkMeasurement.geometrySlack)
        let scale = SetScale(artboard: planning.artboard, pixelsPerUnit: [1.6, 2.4], glyphs: 1)
        let draws = WorkCount()
        let set = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitSet, shapeThreshold: 1.2).with {
                $0.setScales = [scale]
                $0.measured = InkMeasurement.Measured(box: geometry, precision: 0, judgingSlack: planning.judgingSlack)
                $0.probes.outputDraws = draws
            })
        #expect(set.inkBox == geometry && set.plannedBox == nil && draws.value == Template.scales.count - 1)
        let plan = try #require(set.plans.last)
        #expect(plan.pixelsPerPoint == 2.4)
        let fresh = try SVGHandle(data: data).render(
            width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: set.artboard))
        #expect(set.images.last == fresh)
    }

    @Test(
        "a glyph with two Gaussian blurs is measured at its @3x output's resolution: one render of the artboard and the output that judges it, which ships; its box is what the PNG shows"
    )
    func blurredGlyphIsMeasuredAtTheOutputsResolution() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/blurred-two-filters.svg")))
        let measuring = WorkCount()
        let outputs = WorkCount()
        let glyph = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with {
                $0.probes = BuildProbes(outputDraws: outputs, measuringDraws: measuring)
            })
        // Bands and recordings at 280 px across drew about ten times; here the artboard at 104 px
        // across, then the @3x output, drawn again while the box it shows moves by over half a
        // pixel (this glyph is an eighth of its artboard, so the first plan is far off).
        #expect((2...4).contains(measuring.value), "\(measuring.value) measuring draws")
        #expect(outputs.value == Template.scales.count - 1)
        #expect(GeometryChecks.placementMismatch(glyph) == nil)
        let template = WorkCount()
        let drawn = try GlyphRenderer.render(
            RenderRequest(data, mode: .template, shapeThreshold: 1.2).with { $0.probes.measuringDraws = template })
        #expect((2...4).contains(template.value) && GeometryChecks.placementMismatch(drawn, fit: false) == nil)
    }

    @Test(
        "a colour card whose shapes each draw through a layer is measured to its geometry, and --fit=glyph draws its @3x output once: the render that judged what shows, byte for byte a fresh draw"
    )
    func layeredCardIsMeasuredAndItsJudgingRenderShips() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/shadowed-card-48.svg")))
        let draws = WorkCount()
        let glyph = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with { $0.probes.outputDraws = draws })
        let ink = try #require(glyph.inkBox)
        #expect(isClose(ink, Rect(x: 6, y: 4, width: 36, height: 40), within: 0.02), "\(ink)")
        #expect(glyph.shape == .square && GeometryChecks.placementMismatch(glyph) == nil)
        // Only the @2x was drawn for the outputs: the @3x is the render measuring judged by.
        #expect(draws.value == Template.scales.count - 1)
        let plan = try #require(glyph.plans.last)
        let fresh = try SVGHandle(data: data).render(
            width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: glyph.artboard))
        #expect(glyph.images.last == fresh)
        // Template mode, whose plans measuring never draws, draws every output.
        let template = WorkCount()
        _ = try GlyphRenderer.render(
            RenderRequest(data, mode: .template, shapeThreshold: 1.2).with { $0.probes.outputDraws = template })
        #expect(template.value == Template.scales.count)
    }

    @Test(
        "a drawing whose only layers are opacity is measured from its geometry, to 0.006 pt (sharp tips and translucent shadows included); geometry at opacity 0 is left out by the render that judges what shows, and that edge measured on a band by what shows of it (a translucent edge pixel weighs its alpha: within a band pixel, 1/64 pt)",
        arguments: [
            ("star-27-layered.svg", Rect(x: 4, y: 4.6607, width: 27, height: 26.6786), 0.006),
            ("shadowed-card-48.svg", Rect(x: 6, y: 4, width: 36, height: 40), 0.006),
            ("hidden-layer.svg", Rect(x: 5, y: 5, width: 23, height: 23), 1.0 / 64),
        ])
    func layeredDrawingsAreTheirGeometry(fixture: String, geometry: Rect, tolerance: Double) throws {
        let glyph = try renderFixture("geometry/" + fixture, mode: .fitGlyph)
        let ink = try #require(glyph.inkBox)
        #expect(isClose(ink, geometry, within: tolerance), "\(fixture): measured \(ink), drawn \(geometry)")
        #expect(glyph.inkPrecision == 0 && GeometryChecks.placementMismatch(glyph) == nil)
    }

    @Test(
        "keeping what shows only takes ink away: pixels that show beyond the box (a layer drawn at a fraction of a pixel blurs them there) move no edge outwards"
    )
    func keepingWhatShowsNeverGrowsTheBox() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/shadowed-card-48.svg")))
        let artboard = Size(width: 48, height: 48)
        // A unit (two @3x pixels, past the 1.5-pixel slack) inside the ink on every side.
        let inside = Rect(x: 7, y: 5, width: 34, height: 38)
        var failed = false
        var shown: InkMeasurement.ShownRender?
        let kept = InkMeasurement.keepingWhatShows(
            try SVGHandle(data: data), artboard: artboard, box: inside,
            fine: InkMeasurement.finePixelsPerUnit(artboard: artboard), failed: &failed,
            shown: &shown, keepingTheRender: true)
        #expect(kept == inside && !failed)
        #expect(
            shown?.plan
                == RenderPlan.fit(inkBox: inside, shape: .square, scale: Template.scales[Template.scales.count - 1]))
        // Judged from the alpha maxima alone where the render cannot ship: the same box, no image kept.
        var judged: InkMeasurement.ShownRender?
        let alone = InkMeasurement.keepingWhatShows(
            try SVGHandle(data: data), artboard: artboard, box: inside,
            fine: InkMeasurement.finePixelsPerUnit(artboard: artboard), failed: &failed,
            shown: &judged, keepingTheRender: false)
        #expect(alone == kept && judged == nil && !failed)
    }

    @Test("--fit=set's planning pass measures without rendering, the same box the render uses")
    func measuringAloneRendersNothing() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/rotated-miter.svg")))
        let measured = try GlyphRenderer.render(
            RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2).with { $0.measuringOnly = true })
        let rendered = try GlyphRenderer.render(RenderRequest(data, mode: .fitGlyph, shapeThreshold: 1.2))
        #expect(measured.images.isEmpty && measured.plans.isEmpty)
        #expect(
            measured.inkBox == rendered.inkBox && measured.shape == rendered.shape
                && rendered.images.count == Template.scales.count)
        var options = PipelineOptions()
        options.mode = .fitGlyph
        options.measuresOnly = true
        let outcome = GlyphProcessor.process(
            GlyphSource(name: "chevron", displayPath: "chevron.svg", relativePath: "chevron.svg", bytes: Array(data)),
            options: options, encode: false)
        #expect(
            outcome.inkBox == rendered.inkBox?.roundedForCatalog && outcome.pngs.isEmpty && outcome.diagnostics.isEmpty)
    }

    @Test("documents that may hold text are told apart by a byte search")
    func textIsNoticed() {
        #expect(InkMeasurement.mayDrawText(Data("<svg><text>A</text></svg>".utf8)))
        #expect(InkMeasurement.mayDrawText(Data("<svg:svg><svg:text>A</svg:text></svg:svg>".utf8)))
        #expect(!InkMeasurement.mayDrawText(Data("<svg><path d=\"M0 0\" class=\"text\"/></svg>".utf8)))
        #expect(InkMeasurement.finePixelsPerUnit(artboard: Size(width: 35, height: 35)) == 64)
        #expect(InkMeasurement.finePixelsPerUnit(artboard: Size(width: 16, height: 16), drawsText: true) == 8)
    }

    @Test(
        "a band far smaller than its viewport (drawn through a recording) shows what the same pixels of a whole render show, translucent groups, clips and masks included"
    )
    func bandThroughARecordingMatchesTheWholeRender() throws {
        let handle = try SVGHandle(
            data: Data(contentsOf: URL(fileURLWithPath: Fixtures.path("geometry/translucent-group-and-mask.svg"))))
        let viewport = Rect(x: 0, y: 0, width: 700, height: 700)  // 20 px per unit
        let whole = try handle.render(width: 700, height: 700, viewport: viewport)
        // A 40-column band across the translucent square's right edge (x 30) and the masked
        // bar's, and a 40-row band across their bottom edges (y 30): the viewport is more
        // than four times the band's pixels, so it is drawn through a recording.
        for (left, top, width, height) in [(580, 0, 40, 700), (0, 580, 700, 40)] {
            let band = try handle.render(
                width: width, height: height, viewport: Rect(x: -Double(left), y: -Double(top), width: 700, height: 700)
            )
            var largest = 0
            var painted = 0
            var crop = [UInt8]()
            for y in 0..<height {
                for x in 0..<width {
                    let a = band.pixel(x: x, y: y)[3]
                    let b = whole.pixel(x: left + x, y: top + y)
                    crop += b
                    largest = max(largest, abs(Int(a) - Int(b[3])))
                    if a > 0 { painted += 1 }
                }
            }
            #expect(painted > 1_000, "band at \(left),\(top) shows the ink")
            #expect(largest <= 16, "band at \(left),\(top): alpha differs by \(largest) of 255")
            // What measuring reads of it: the edges, to a tenth of a pixel.
            let measured = try #require(AlphaBounds.of(band))
            let expected = try #require(AlphaBounds.of(RGBAImage(width: width, height: height, pixels: crop)))
            #expect(
                abs(measured.x - expected.x) < 0.1 && abs(measured.maxX - expected.maxX) < 0.1,
                "\(measured) \(expected)")
            #expect(
                abs(measured.y - expected.y) < 0.1 && abs(measured.maxY - expected.maxY) < 0.1,
                "\(measured) \(expected)")
        }
    }

    @Test("a document that may apply a filter is refined at a resolution its artboard does not grow: 280 pixels across")
    func filtersAreRefinedCoarsely() {
        #expect(InkMeasurement.mayFilter(Data("<svg><g style=\"FILTER:url(#blur)\"/></svg>".utf8)))
        #expect(!InkMeasurement.mayFilter(Data("<svg><path d=\"M0 0\" opacity=\"0.5\"/></svg>".utf8)))
        #expect(InkMeasurement.finePixelsPerUnit(artboard: Size(width: 35, height: 35), filters: true) == 8)
        #expect(
            InkMeasurement.finePixelsPerUnit(artboard: Size(width: 1_600, height: 1_500), filters: true) == 280.0
                / 1_600)
        #expect(InkMeasurement.finePixelsPerUnit(artboard: Size(width: 1_600, height: 1_500)) == 4)
    }

    /// The ink of `fixture` on one render of its artboard and a tenth of it around, 2,048
    /// pixels across, measured from its antialiased pixels.
    static func referenceInk(_ fixture: String, artboard: Size) throws -> Rect? {
        let handle = try SVGHandle(data: Data(contentsOf: URL(fileURLWithPath: Fixtures.path(fixture))))
        let margin = 0.1 * max(artboard.width, artboard.height)
        let side = max(artboard.width, artboard.height) + 2 * margin
        let ppp = 2048 / side
        let plan = RenderPlan(
            canvasWidth: 2048, canvasHeight: 2048, pixelsPerPoint: ppp, originX: margin * ppp, originY: margin * ppp)
        let image = try handle.render(
            width: plan.canvasWidth, height: plan.canvasHeight, viewport: plan.viewport(artboard: artboard))
        return AlphaBounds.of(image).map { plan.points(fromPixels: $0) }
    }
}
