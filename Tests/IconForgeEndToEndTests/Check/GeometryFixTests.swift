import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Size and centring findings carry their remedy as numbers; applying it makes the glyph pass.
@Suite struct GeometryFixTests {
    func check(_ path: String) throws -> BuildReport {
        var request = BuildRequest()
        request.inputs = [path]
        request.writesOutput = false
        return try Builder.run(request)
    }

    /// The SVG with its drawing wrapped in `<g transform="…">`, as `iconforge fix` applies it.
    func applying(_ fix: GeometryFix, to svg: String) throws -> String {
        String(decoding: try FixApplier.apply(fix, to: Array(svg.utf8)), as: UTF8.self)
    }

    @Test(arguments: [
        (
            "small",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"5.5\" y=\"5.5\" width=\"24\" height=\"24\"/></svg>",
            [RuleID.sizeTarget]
        ),
        (
            "shifted",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"5.5\" y=\"4\" width=\"27\" height=\"27\"/></svg>",
            [.geometryOffCenter]
        ),
        (
            "both",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><circle cx=\"15\" cy=\"19.5\" r=\"9\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/></svg>",
            [.geometryOffCenter, .sizeTarget]
        ),
        (
            "big",
            "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 40 40\"><rect x=\"2\" y=\"2\" width=\"36\" height=\"36\"/></svg>",
            [.sizeMax]
        ),  // the 40 pt page leads: one finding, with size.target's fix
    ])
    func applyingTheSuggestedTransformMakesTheGlyphPass(name: String, svg: String, rules: [RuleID]) throws {
        let folder = TemporaryFolder()
        let before = try check(folder.write("\(name).svg", svg))
        #expect(before.diagnostics.map(\.rule) == rules, "\(before.diagnostics.map(\.message))")
        let fixes = Set(before.diagnostics.compactMap(\.fix))
        #expect(fixes.count == 1, "every size or centring finding carries the same remedy: \(fixes)")
        let fix = try #require(fixes.first)
        for diagnostic in before.diagnostics where diagnostic.rule != .sizeMax {
            #expect(diagnostic.message.contains(fix.transform), "the prose gives the transform: \(diagnostic.message)")
        }
        let after = try check(folder.write("\(name)-fixed.svg", try applying(fix, to: svg)))
        #expect(after.diagnostics.isEmpty, "\(name): \(fix.prose) → \(after.diagnostics.map(\.message))")
    }

    /// Every viewBox: a non-zero or negative origin (FontForge writes one for every glyph),
    /// absolute units (Inkscape's millimetres with a layer `translate`, LibreOffice's 1/100
    /// mm), a viewBox of other proportions than the width and height. The transform is in
    /// the file's user units, so applying it makes the glyph pass.
    @Test(arguments: [
        "units/inkscape-mm-layer-translate-small.svg", "units/libreoffice-hundredths-mm-small.svg",
        "units/fontforge-negative-origin-small.svg",
        "units/fontforge-negative-origin.svg", "units/negative-origin-small.svg",
        "units/viewbox-wider-than-artboard-small.svg",
    ])
    func theFixIsRightForEveryViewBox(fixture: String) throws {
        let folder = TemporaryFolder()
        let name = URL(fileURLWithPath: fixture).deletingPathExtension().lastPathComponent
        let svg = try String(contentsOfFile: Fixtures.path(fixture), encoding: .utf8)
        let before = try check(folder.write("\(name).svg", svg))
        let fixes = Set(before.diagnostics.compactMap(\.fix))
        #expect(fixes.count == 1, "\(fixture): \(before.diagnostics.map(\.message))")
        let fix = try #require(fixes.first)
        let after = try check(folder.write("\(name)-fixed.svg", try applying(fix, to: svg)))
        #expect(after.diagnostics.isEmpty, "\(fixture): \(fix.prose) → \(after.diagnostics.map(\.message))")
    }

    @Test("the message says it in a designer's units: scale about the centre, then move")
    func proseAndNumbersAgree() throws {
        let folder = TemporaryFolder()
        // A 20 pt ring centred at (15, 19.5): 135 % gets it to 27 pt, and its centre, scaled
        // about (17.5, 17.5), lands 3.38 pt left of and 2.7 pt below the centre.
        let report = try check(
            folder.write(
                "ring.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><circle cx=\"15\" cy=\"19.5\" r=\"9\" fill=\"none\" stroke=\"#000\" stroke-width=\"2\"/></svg>"
            ))
        let target = try #require(report.diagnostics.first { $0.rule == .sizeTarget })
        let fix = try #require(target.fix)
        #expect(abs(fix.scale - 1.35) < 0.002 && fix.centerX == 17.5 && fix.centerY == 17.5)
        #expect(abs(fix.dx - 3.375) < 0.02 && abs(fix.dy + 2.7) < 0.02, "\(fix)")
        #expect(target.message.contains("scale by 135"), "\(target.message)")
        #expect(
            target.message.contains(
                " % about (17.5, 17.5) pt, then move 3.38 pt right and 2.7 pt up (transform=\"translate("),
            "\(target.message)")
        // The JSON output carries the numbers next to the prose.
        let json = DiagnosticFormatter.json(
            diagnostics: report.diagnostics, summary: report.catalog.summary, failed: true)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let entries = try #require(document["diagnostics"] as? [[String: Any]])
        let numbers = try #require(entries.first { $0["rule"] as? String == "size.target" }?["fix"] as? [String: Any])
        #expect(
            numbers["scale"] as? Double == fix.scale && numbers["dx"] as? Double == fix.dx
                && numbers["dy"] as? Double == fix.dy)
        #expect(numbers["transform"] as? String == fix.transform)
    }

    @Test("an allowed optical offset is kept: only the size is fixed")
    func allowedOffsetIsNotMoved() throws {
        let folder = TemporaryFolder()
        var request = BuildRequest()
        request.inputs = [
            folder.write(
                "play.svg",
                "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><path d=\"M10 8 L28 17.5 L10 27 Z\"/></svg>"
            )
        ]
        request.writesOutput = false
        request.options.allowOffCenter = ["play"]
        let fix = try #require(try Builder.run(request).diagnostics.first { $0.rule == .sizeTarget }?.fix)
        #expect(fix.dx == 0 && fix.dy == 0 && fix.scale != 1)
    }
}
