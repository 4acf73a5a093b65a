/// One entry per rule. To add one for a new rule, append a `RuleExplanation(rule: .newRule,
/// checks:, why:, failing:, fixed:, options:)` below: the failing example must report the
/// rule and the fixed one must not (`ExplainTests` runs both through `iconforge check`).
extension RuleExplanation {
    static let entries: [RuleExplanation] =
        svgEntries + geometryEntries + familyEntries + projectEntries + actionEntries

    /// Outline glyphs of one family, drawn on the template with 2.5 pt strokes, and the
    /// odd one a family check finds beside them.
    static func family(_ odd: (name: String, body: String)) -> Example {
        func outline(_ shapes: String, stroke: String = "2.5") -> String {
            "  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"\(stroke)\" stroke-linecap=\"round\" stroke-linejoin=\"round\">\n\(shapes)\n  </g>"
        }
        let members = [
            ("plus", goodBody),
            ("square", outline("    <rect x=\"5.25\" y=\"5.25\" width=\"24.5\" height=\"24.5\" rx=\"3\"/>")),
            (
                "minus",
                outline(
                    "    <circle cx=\"17.5\" cy=\"17.5\" r=\"12.25\"/>\n    <line x1=\"11.5\" y1=\"17.5\" x2=\"23.5\" y2=\"17.5\"/>"
                )
            ),
        ]
        return Example(files: (members + [odd]).map { ("Glyphs/\($0.0).svg", glyph($0.1)) })
    }

    static let familyOptions = [
        "\"family\": {\"share\": 0.2} in iconforge.json  how far a stroke may be from the set's median (default: 0.15, 15 %)",
        "\"family\": {\"strokeWeight\": false} (or \"opticalWeight\"), or \"family\": false  switches the check (or both) off",
        "--werror  makes this warning fail the build",
    ]

    static let familyEntries = [
        RuleExplanation(
            rule: .setStrokeWeight,
            checks:
                "in a build of 3 or more glyphs, each glyph's dominant stroke width in points as exported: for a glyph that paints only strokes of one stroke-width, untransformed, that width (however its strokes overlap or nest); for any other, measured from its @3x render (twice the distance from the ink's middle to its edge along the medial axis, refined across the antialiased edges; the median over the glyph), against the median of the set's glyphs; a glyph more than 15 % off is reported with both widths and the factor to scale its stroke-width by. Only a glyph drawn as strokes has a stroke: line art, whose ink covers at most 70 % of its convex hull, or a single straight stroke; filled glyphs (dots, discs, triangles, solid shapes with cut-outs, whatever the width of their ink) are left out, and so is the check when most of the set is filled, unless the set says it mixes filled and outline glyphs on purpose (\"family\": {\"styles\": \"mixed\"} in iconforge.json); the catalog records each glyph's stroke (absent for a filled one) and the set's median.",
            why:
                "a quick-action menu shows up to four glyphs side by side, next to SF Symbols: a glyph drawn with a 3.5 pt stroke beside 2.5 pt ones looks bold, the thing a design review catches by eye. Under --fit each glyph's stroke scales with it, so a glyph drawn smaller than the others comes out thinner.",
            failing: family(
                (
                    "circle",
                    "  <circle cx=\"17.5\" cy=\"17.5\" r=\"11.75\" fill=\"none\" stroke=\"#000000\" stroke-width=\"3.5\"/>"
                )),
            fixed: family(
                (
                    "circle",
                    "  <circle cx=\"17.5\" cy=\"17.5\" r=\"12.25\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>"
                )),
            options: familyOptions),
        RuleExplanation(
            rule: .setOpticalWeight,
            checks:
                "in a build of 3 or more glyphs, the share of the target box (27 × 27 pt; 30 × 30 pt for a wide or tall glyph) that each glyph's ink covers, from its @3x render, against the set's: a glyph is reported when it covers more than twice the median and lies beyond the set's own spread (3 interquartile ranges above the upper quartile), so that a filled library's solid glyphs pass beside each other; and in a set of outline glyphs (set.stroke-weight's stroked family), a filled glyph that looks darker than the median glyph, such as a solid disc: its tone at a squint (on white, a grey of luminance 1 - coverage) more than 5 L* darker, where observers see two different greys rather than one (1.33 times the coverage on a set covering 28 %). A set that mixes filled and outline glyphs on purpose says so (\"family\": {\"styles\": \"mixed\"} in iconforge.json): each glyph is then weighed among the glyphs of its own style. The catalog records each glyph's coverage and the set's median.",
            why:
                "glyphs shown side by side must look equally heavy: a solid glyph beside outline ones draws the eye as a bolder word would in a line of text.",
            failing: family(("record", "  <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\" fill=\"#000000\"/>")),
            fixed: family(
                (
                    "record",
                    "  <circle cx=\"17.5\" cy=\"17.5\" r=\"12.25\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2.5\"/>\n  <circle cx=\"17.5\" cy=\"17.5\" r=\"4\" fill=\"#000000\"/>"
                )),
            options: familyOptions.filter { !$0.contains("share") }),
    ]

    static let svgEntries = [
        RuleExplanation(
            rule: .svgParse,
            checks: "that the file is well-formed XML with an <svg> root and a size (a viewBox, or width and height).",
            why:
                "a file librsvg cannot read has nothing to render; a missing close tag is the usual cause after hand editing.",
            failing: glyphExample("  <g fill=\"#000000\">\n    <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\"/>"),
            fixed: glyphExample("  <g fill=\"#000000\">\n    <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\"/>\n  </g>")),
        RuleExplanation(
            rule: .svgEmpty, checks: "that the glyph paints something.",
            why:
                "an empty PNG in a quick-action menu shows as a gap; usually a layer was hidden or left out on export.",
            failing: glyphExample("  <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\" fill=\"none\"/>"),
            fixed: glyphExample("  <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\" fill=\"#000000\"/>")),
        RuleExplanation(
            rule: .svgExternal, checks: "that nothing refers to a file, URL or external entity outside the glyph.",
            why:
                "what another file holds is not in the build's inputs: the PNG would change without the glyph changing, and librsvg never reads it anyway (it renders without a base).",
            failing: glyphExample(goodBody + "\n  <use href=\"shapes.svg#dot\"/>"), fixed: good),
        RuleExplanation(
            rule: .svgRaster, checks: "that the glyph embeds no raster <image>.",
            why:
                "quick-action glyphs are template images the system tints; a bitmap inside cannot be tinted and blurs when scaled to @3x.",
            failing: glyphExample(
                goodBody
                    + "\n  <image x=\"0\" y=\"0\" width=\"4\" height=\"4\" href=\"data:image/png;base64,iVBORw0KGgo=\"/>"
            ), fixed: good),
        RuleExplanation(
            rule: .svgText, checks: "that text is converted to outlines.",
            why:
                "text renders in whatever font the build machine has, so the PNG changes from machine to machine (an error: the build would ship a picture no one drew); convert it to outlines in the editor (Inkscape: Path ▸ Object to Path; Illustrator: Type ▸ Create Outlines; Figma: Flatten; Sketch: Layer ▸ Convert to Outlines).",
            failing: glyphExample(goodBody + "\n  <text x=\"10\" y=\"20\" font-size=\"6\">A</text>"), fixed: good,
            options: [
                "\"severities\": {\"svg.text\": \"warning\"} in iconforge.json  lets a project render text with the machine's fonts"
            ]),
        RuleExplanation(
            rule: .svgLimit,
            checks:
                "that the file stays within the safety limits: file size, element count, nesting depth, entity expansion.",
            why:
                "a glyph is a few kilobytes; a file far beyond is an export mistake or hostile, and would cost the whole build time and memory.",
            failing: glyphExample(goodBody, arguments: ["--max-elements", "3"]),
            fixed: glyphExample(
                "  <circle cx=\"17.5\" cy=\"17.5\" r=\"13.5\" fill=\"#000000\"/>", arguments: ["--max-elements", "3"]),
            options: [
                "--max-file-size BYTES  largest SVG read (default: \(Option.maxFileSize.defaultValue))",
                "--max-elements N  most elements (default: \(Option.maxElements.defaultValue))",
            ]),
        RuleExplanation(
            rule: .svgDynamic,
            checks:
                "for scripts, event handlers and animation, and for conditions decided where the SVG is drawn: systemLanguage anywhere, requiredFeatures on a <switch>'s child.",
            why:
                "the PNG is a static render: an animation shows its first frame only, and a script never runs. A systemLanguage test would make the PNG depend on the build machine's language: iconforge renders with the language fixed (LANGUAGE=C, so no language matches and a <switch> draws its child without one), but other consumers of the SVG choose by their own language.",
            failing: glyphExample(goodBody + "\n  <script>alert(1)</script>"), fixed: good,
            options: ["--werror  makes this warning fail the build"]),
        RuleExplanation(
            rule: .svgUseCycle, checks: "that no <use> refers to itself or to an element that contains it.",
            why:
                "such a reference never ends; librsvg refuses it and the glyph would render differently than drawn. iconforge leaves the <use> that closes the loop out of what librsvg renders: the same pixels as librsvg draws from the file, without the detour that once made one glyph take 6 s.",
            failing: glyphExample(goodBody + "\n  <g id=\"loop\"><use href=\"#loop\"/></g>"), fixed: good,
            options: ["--werror  makes this warning fail the build"]),
        RuleExplanation(
            rule: .glyphEmoji, checks: "for emoji anywhere: text, title and desc, attribute values, and the file name.",
            why:
                "Apple's guidance: emoji must never stand in for a glyph; they are full colour and do not align with the text.",
            failing: glyphExample("  <title>Plus 😀</title>\n" + goodBody),
            fixed: glyphExample("  <title>Plus</title>\n" + goodBody)),
        RuleExplanation(
            rule: .glyphTemplate,
            checks:
                "that a glyph drawn on Glyphs/.template.svg no longer holds the template's Guides layer, and that no drawing was saved into the template itself.",
            why:
                "the guides' 35, 30 and 27 pt boxes would be measured as the glyph (size advice that shrinks the real drawing) and their colours taken for a second one; and the template is a dot-file, never built, so a drawing saved into it is silently left out.",
            failing: glyphExample(
                goodBody
                    + "\n  <g id=\"Guides\" fill=\"none\" stroke=\"#ff2d55\" stroke-width=\"0.1\"><rect id=\"canvas-35pt\" x=\"0.05\" y=\"0.05\" width=\"34.9\" height=\"34.9\"/></g>"
            ),
            fixed: good),
        RuleExplanation(
            rule: .colorMonochrome,
            checks:
                "that the glyph paints one colour (opacity is fine) and no gradient or pattern of several. Colours at most ΔE00 2 apart (CIEDE2000: 1 is about the smallest difference seen between large patches side by side, and a glyph's parts are far smaller) are one colour: #000000 beside #0a0a0a (1.6) passes, #888a85 beside #808080 (4.7) does not. Counted on what each shape really paints (after <style> rules, inheritance and defaults), and only where deleting it would change a pixel by more than 3/255; where deleting cannot tell (a filter's flood colour, a stroke on a shape whose fill shows), only where the rendered pixels show it.",
            why:
                "quick-action glyphs are template images: the system tints them with one colour and uses only their alpha, so a second colour is lost.",
            failing: glyphExample(
                goodBody.replacing("<line x1=\"17.5\"", with: "<line stroke=\"#ff0000\" x1=\"17.5\"")), fixed: good),
        RuleExplanation(
            rule: .colorBackground,
            checks:
                "for a filled shape that covers the whole artboard behind a glyph of another colour (a figure background, as matplotlib saves by default); the rest of the glyph is measured without it.",
            why:
                "quick-action glyphs are drawn on transparency and tinted by the system: a background would turn into a solid square of the tint colour.",
            failing: glyphExample("  <rect width=\"35\" height=\"35\" fill=\"#ffffff\"/>\n" + goodBody), fixed: good),
    ]

    /// Three small glyphs on 24-unit artboards set the scale; `outlier` is drawn beside them.
    static func scaledDownSet(outlier: String) -> Example {
        let circle = "  <circle cx=\"12\" cy=\"12\" r=\"6\" fill=\"none\" stroke=\"#000000\" stroke-width=\"2\"/>"
        let small = (1...3).map { ("Glyphs/dot\($0).svg", glyph(circle, viewBox: "0 0 24 24")) }
        let box = "  <g fill=\"none\" stroke=\"#000000\" stroke-width=\"2\">\n    \(outlier)\n  </g>"
        return Example(
            files: small + [("Glyphs/box.svg", glyph(box, viewBox: "0 0 24 24"))],
            arguments: ["--fit=set", "-o", "{root}/Output"], command: "build")
    }

    static let geometryEntries = [
        RuleExplanation(
            rule: .sizeTarget,
            checks:
                "that the glyph's governing dimension is at its target: 27 pt for a square glyph, 30 pt wide for a wide one, 30 pt tall for a tall one.",
            why:
                "Apple's quick-action template sizes glyphs so that they look equal in the menu; off-target glyphs look too big or too small beside the system's. The finding's fix (and 'iconforge fix') scales the whole drawing, strokes included: a 2.5 pt stroke scaled by 72 % becomes 1.8 pt. To keep a set's stroke weight, set stroke-width back afterwards (divide it by the scale), or scale in an editor that keeps strokes (Inkscape: turn off Scale stroke width in the toolbar of the Select tool).",
            failing: glyphExample(goodBody.replacing("r=\"12.25\"", with: "r=\"9\"")), fixed: good,
            options: [
                "--tolerance PT  allowed distance from the target (default: \(Option.tolerance.defaultValue.pt))",
                "--fit  scale every glyph to its target instead (no size check)",
            ]),
        RuleExplanation(
            rule: .sizeMax,
            checks:
                "that the ink fits the template's 35 pt maximum and lies inside the 35 pt canvas; under --fit, that a glyph listed in allowOffCenter, placed with its offset kept, still lies inside the canvas.",
            why: "the exported canvas is 35 pt; ink beyond it is cut off in the PNG.",
            failing: glyphExample("  <circle cx=\"20\" cy=\"20\" r=\"19\" fill=\"#000000\"/>", viewBox: "0 0 40 40"),
            fixed: good,
            options: [
                "--fit  scale every glyph to its target instead",
                "\"allowOffCenter\": [\"name\"] in iconforge.json  keeps a glyph's offset under --fit, which can carry it off the canvas",
            ]),
        RuleExplanation(
            rule: .geometryClipped,
            checks:
                "that no ink lies outside the SVG's own viewport (only what would show in the output counts); a shape wholly outside it (a spare beside an Inkscape page, a leftover) is left out of the glyph, with a warning.",
            why: "the viewport clips the drawing: what lies outside is silently lost from the PNG.",
            failing: glyphExample(goodBody + "\n  <circle cx=\"34\" cy=\"17.5\" r=\"3\" fill=\"#000000\"/>"),
            fixed: good),
        RuleExplanation(
            rule: .sizeScaledDown,
            checks:
                "under --fit=set, for a glyph that would break the 35 pt maximum at its set's scale, and so was scaled down alone.",
            why:
                "a set scale keeps a library's stroke weights equal; a glyph scaled down alone has thinner strokes than its neighbours, which a designer should know.",
            failing: scaledDownSet(outlier: "<rect x=\"1\" y=\"1\" width=\"22\" height=\"22\" rx=\"3\"/>"),
            fixed: scaledDownSet(outlier: "<rect x=\"6\" y=\"6\" width=\"12\" height=\"12\" rx=\"2\"/>"),
            options: [
                "--fit=glyph  scales every glyph on its own instead", "--werror  makes this warning fail the build",
            ]),
        RuleExplanation(
            rule: .geometryOffCenter, checks: "that the ink's centre is within 1 pt of the artboard's centre.",
            why:
                "glyphs sit centred in the menu's icon slot; an off-centre one looks misaligned, unless the shift is an optical correction (a play triangle).",
            failing: glyphExample("  <g transform=\"translate(2.5 0)\">\n" + goodBody + "\n  </g>"), fixed: good,
            options: [
                "\"allowOffCenter\": [\"name\"] in iconforge.json  names glyphs shifted on purpose",
                "--werror  makes this warning fail the build",
            ]),
        RuleExplanation(
            rule: .geometryAspect,
            checks: "for glyphs more than 3:1 wide or tall with fine detail across their thin side.",
            why:
                "at its target width such a strip is a few points high: lettering or thin lines across it become illegible.",
            failing: glyphExample(
                "  <g fill=\"#000000\">\n    <rect x=\"2.5\" y=\"13.5\" width=\"30\" height=\"0.6\"/>\n    <rect x=\"2.5\" y=\"17.2\" width=\"30\" height=\"0.6\"/>\n    <rect x=\"2.5\" y=\"20.9\" width=\"30\" height=\"0.6\"/>\n  </g>"
            ),
            fixed: glyphExample("  <rect x=\"2.5\" y=\"13.5\" width=\"30\" height=\"8\" rx=\"2\" fill=\"#000000\"/>"),
            options: [
                "--shape-threshold R  the ratio at which a glyph is wide or tall",
                "--werror  makes this warning fail the build",
            ]),
    ]

    static let projectEntries = [
        RuleExplanation(
            rule: .nameInvalid,
            checks: "that the file name makes a valid asset name (letters, digits, - and _; no spaces).",
            why:
                "the name becomes the PNGs' file names, the asset catalog's image set and the icon name code refers to.",
            failing: glyphExample(goodBody, name: "new item"), fixed: glyphExample(goodBody, name: "new-item")),
        RuleExplanation(
            rule: .nameCollision, checks: "that no two glyph names differ only by case or Unicode normalisation.",
            why:
                "macOS file systems ignore case: Plus@2x.png and plus@2x.png would be one file there, and one glyph would silently replace the other.",
            failing: Example(files: [("Glyphs/plus.svg", glyph(goodBody)), ("Glyphs/Plus.svg", glyph(goodBody))]),
            fixed: Example(files: [("Glyphs/plus.svg", glyph(goodBody)), ("Glyphs/plus-large.svg", glyph(goodBody))])),
        RuleExplanation(
            rule: .inputUnreadable, checks: "that every file named can be read and is a regular file.",
            why: "a glyph that cannot be read cannot be checked; check reports it and goes on with the rest (exit 3).",
            failing: Example(files: good.files, arguments: ["{root}/Glyphs/missing.svg"]), fixed: good),
        RuleExplanation(
            rule: .inputEmpty, checks: "that a glyphs folder holds at least one glyph.",
            why: "an empty folder is almost always the wrong folder: a build from it would write an empty catalog.",
            failing: Example(files: [("Glyphs/notes.txt", "glyphs go here\n")]), fixed: good),
        RuleExplanation(
            rule: .renderFailed,
            checks:
                "that librsvg renders the glyph, and, under --fit, that each PNG's ink lies where the fit placed the measured ink box (within 1 px).",
            why:
                "a glyph librsvg cannot render has no PNGs; one whose ink was mismeasured would come out cut off or off centre, so it gets none rather than a wrong one.",
            noExample:
                "no small file shows it reliably: librsvg versions differ in what they refuse. The message says what librsvg reported.",
            options: [
                "--isolation none  renders in-process, without the render worker's memory limit (for a file that ran out of it: NoMemory)"
            ]),
        RuleExplanation(
            rule: .renderCrashed, checks: "that rendering the glyph did not crash librsvg.",
            why: "glyphs render in worker processes, so a crash costs that glyph only; simplify the file or report it.",
            noExample: "a crash depends on librsvg's version; none is known to the tests.",
            options: ["--isolation none  renders in-process (a crash then ends the build)"]),
        RuleExplanation(
            rule: .renderTimeout, checks: "that one glyph renders within the time limit.",
            why:
                "a hostile or pathological file (deep pattern nesting, <use> fan-out) can take minutes; the build stops it and goes on.",
            noExample: "how long a render takes depends on the machine.",
            options: ["--render-timeout S  seconds per glyph (default: \(Option.renderTimeout.defaultValue.pt))"]),
        RuleExplanation(
            rule: .xcassetsConflict,
            checks:
                "that the asset catalog's image set of a glyph's name (and, with --vector, its vector image set in the group Vector) was created by iconforge.",
            why:
                "iconforge replaces its own image sets; one made by hand or by Xcode is left alone, never overwritten.",
            failing: Example(
                files: good.files + [
                    ("App.xcassets/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n"),
                    (
                        "App.xcassets/plus.imageset/Contents.json",
                        "{\"images\":[],\"info\":{\"author\":\"xcode\",\"version\":1}}\n"
                    ),
                ],
                arguments: ["-o", "{root}/Output", "--xcassets", "{root}/App.xcassets"], command: "build"),
            fixed: Example(
                files: good.files + [
                    ("App.xcassets/Contents.json", "{\"info\":{\"author\":\"xcode\",\"version\":1}}\n")
                ],
                arguments: ["-o", "{root}/Output", "--xcassets", "{root}/App.xcassets"], command: "build"),
            options: [
                "--xcassets PATH  the asset catalog to fill",
                "--vector pdf|svg  vector image sets too, in its group Vector",
            ]),
        RuleExplanation(
            rule: .outputConflict,
            checks:
                "that a file with an output's name in the output folder (or a custom symbol's .symbolset folder, with --symbols) was written by iconforge, and that each glyph's name makes a custom symbol name of its own.",
            why: "a build never overwrites a file it did not write: it may be someone's work.",
            failing: Example(
                files: good.files + [("Output/plus@2x.png", "drawn by hand\n")], arguments: ["-o", "{root}/Output"],
                command: "build"),
            fixed: Example(files: good.files, arguments: ["-o", "{root}/Output"], command: "build"),
            options: ["-o, --output DIR  the output folder", "--symbols DIR  the folder of the custom symbol sets"]),
        RuleExplanation(
            rule: .outputUnwritable,
            checks: "that the output folder, its files and the dependency file can be written (exit 3).",
            why: "a build that cannot write stops and leaves the previous good output as it was.",
            failing: Example(
                files: good.files + [("Output", "a file where the output folder should be\n")],
                arguments: ["-o", "{root}/Output"], command: "build"),
            fixed: Example(files: good.files, arguments: ["-o", "{root}/Output"], command: "build"),
            options: ["-o, --output DIR  the output folder", "--depfile FILE  the dependency file"]),
        RuleExplanation(
            rule: .configInvalid,
            checks:
                "that iconforge.json (or --config FILE) and the command line's options are valid: known keys, right types, values in range (exit 2).",
            why: "a misspelt setting silently ignored would build with defaults the project did not choose.",
            failing: Example(
                files: good.files + [("iconforge.json", "{ \"tolerence\": 1 }\n")],
                arguments: ["--config", "{root}/iconforge.json"]),
            fixed: Example(
                files: good.files + [("iconforge.json", "{ \"tolerance\": 1 }\n")],
                arguments: ["--config", "{root}/iconforge.json"]),
            options: ["--config FILE  the settings file (default: iconforge.json if present)"]),
        RuleExplanation(
            rule: .appFilesEdited,
            checks:
                "that a value iconforge wrote into the app's files (a translation in InfoPlist.xcstrings or InfoPlist.strings, an image set's Contents.json) is still what it wrote, by the hashes it recorded in Output/.iconforge-app-files.",
            why:
                "a translator's or Xcode's edit is someone's work: it is kept, not overwritten, and reported with both values until quick-actions.json takes it or the edit is removed.",
            noExample:
                "it takes a build, an edit in Xcode and a second build; the message names the value found, the one quick-actions.json has, and how to take either.",
            options: [
                "--xcstrings FILE  the String Catalog",
                "--info-plist-strings DIR  the folder of the <locale>.lproj folders",
                "--xcassets PATH  the asset catalog",
            ]),
        RuleExplanation(
            rule: .appFilesSetup,
            checks:
                "that the app's files are set up so iOS reads the quick actions' translations: each key once in a strings file, a String Catalog named InfoPlist.xcstrings, and only one of --xcstrings and --info-plist-strings.",
            why:
                "iOS reads Info.plist's translations only from InfoPlist.strings (which Xcode builds from InfoPlist.xcstrings); a second line of a key silently wins over iconforge's.",
            failing: Example(
                files: good.files + [
                    (
                        "Glyphs/quick-actions.json",
                        "{ \"actions\": [ { \"type\": \"com.example.add\", \"title\": \"Add\", \"icon\": { \"glyph\": \"plus\" } } ] }\n"
                    ), ("App/README", "the app's folder\n"),
                ],
                arguments: ["-o", "{root}/Output", "--xcstrings", "{root}/App/Localizable.xcstrings"], command: "build"),
            fixed: Example(
                files: good.files + [
                    (
                        "Glyphs/quick-actions.json",
                        "{ \"actions\": [ { \"type\": \"com.example.add\", \"title\": \"Add\", \"icon\": { \"glyph\": \"plus\" } } ] }\n"
                    ), ("App/README", "the app's folder\n"),
                ],
                arguments: ["-o", "{root}/Output", "--xcstrings", "{root}/App/InfoPlist.xcstrings"], command: "build"),
            options: [
                "--xcstrings FILE  the String Catalog",
                "--info-plist-strings DIR  the folder of the <locale>.lproj folders",
            ]),
    ]

    static let actionEntries = [
        RuleExplanation(
            rule: .actionsParse,
            checks:
                "that quick-actions.json is valid JSON of the documented shape (docs/schemas/quick-actions.schema.json).",
            why: "the Info.plist entries are generated from it; a typo would drop an action without a word.",
            failing: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\", }")),
            fixed: actions(
                action("{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" }")
            )),
        RuleExplanation(
            rule: .actionsCount,
            checks: "that there are at most four quick actions (an error), and at least one (a warning).",
            why:
                "Apple's guidance: an app offers at most four quick actions; the Home Screen shows no more, static and dynamic together.",
            failing: actions(
                action(
                    (1...5).map {
                        "{ \"type\": \"com.example.a\($0)\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Action \($0)\" }"
                    }.joined(separator: ",\n    "))),
            fixed: actions(
                action(
                    (1...4).map {
                        "{ \"type\": \"com.example.a\($0)\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Action \($0)\" }"
                    }.joined(separator: ",\n    ")))),
        RuleExplanation(
            rule: .actionsType, checks: "that every action has a type, and no two share one.",
            why: "the app tells the actions apart by their type.",
            failing: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" },\n    { \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Search\" }"
                )),
            fixed: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" },\n    { \"type\": \"com.example.search\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Search\" }"
                ))),
        RuleExplanation(
            rule: .actionsTitle, checks: "that every action has a non-empty title, and one key translates one way.",
            why: "Apple's guidance: each quick action has a succinct title that tells the result.",
            failing: actions(action("{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" } }")),
            fixed: actions(
                action("{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" }")
            )),
        RuleExplanation(
            rule: .actionsEmoji, checks: "for emoji in titles and subtitles.",
            why: "Apple's guidance: titles are text; emoji do not belong in them.",
            failing: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item 😀\" }")),
            fixed: actions(
                action("{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" }")
            )),
        RuleExplanation(
            rule: .actionsAppName, checks: "that no title or subtitle contains the app's name.",
            why: "Apple's guidance: titles never include the app's name; the menu already shows under the app's icon.",
            failing: actions(
                "{\n  \"appName\": \"Mosaic\",\n  \"actions\": [ { \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Mosaic Note\" } ]\n}\n"
            ),
            fixed: actions(
                "{\n  \"appName\": \"Mosaic\",\n  \"actions\": [ { \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Note\" } ]\n}\n"
            ),
            options: ["--app-name NAME  the app's name, over quick-actions.json's appName"]),
        RuleExplanation(
            rule: .actionsTruncation,
            checks: "that titles and subtitles fit the width the menu shows without truncating.",
            why:
                "Apple's guidance: keep titles short enough not to truncate; a cut-off title loses what the action does.",
            failing: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Search every notebook, tag, attachment and archive you have\" }"
                )),
            fixed: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"Search Notes\" }"
                )), options: ["--werror  makes this warning fail the build"]),
        RuleExplanation(
            rule: .actionsIcon,
            checks:
                "that an icon names a glyph that exists and passed its checks, a known system icon, or a well-formed SF Symbol name.",
            why: "a missing icon shows as a blank space in the menu.",
            failing: actions(
                action("{ \"type\": \"com.example.new\", \"title\": \"New Item\", \"icon\": { \"glyph\": \"pluss\" } }")
            ),
            fixed: actions(
                action("{ \"type\": \"com.example.new\", \"title\": \"New Item\", \"icon\": { \"glyph\": \"plus\" } }"))
        ),
        RuleExplanation(
            rule: .actionsText,
            checks: "for a $(…) in the development locale's title or subtitle, and for line breaks in them.",
            why:
                "Xcode expands $(…) build settings in Info.plist strings, so the title would no longer match its translation key; a line break shows as a broken menu row.",
            failing: actions(
                action(
                    "{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New $(PRODUCT_NAME) Item\" }"
                )),
            fixed: actions(
                action("{ \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": \"New Item\" }")
            ),
            options: ["--werror  makes this warning fail the build"]),
        RuleExplanation(
            rule: .actionsTranslation,
            checks: "that every title and subtitle has a translation in each locale the others have.",
            why:
                "Apple's guidance: titles are localized; a missing translation shows the development language to those users.",
            failing: actions(
                "{\n  \"locales\": [\"en\", \"fr\"],\n  \"actions\": [ { \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": { \"en\": \"New Item\" } } ]\n}\n"
            ),
            fixed: actions(
                "{\n  \"locales\": [\"en\", \"fr\"],\n  \"actions\": [ { \"type\": \"com.example.new\", \"icon\": { \"symbol\": \"star\" }, \"title\": { \"en\": \"New Item\", \"fr\": \"Nouvel élément\" } } ]\n}\n"
            ),
            options: ["--werror  makes this warning fail the build"]),
    ]
}
