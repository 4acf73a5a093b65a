/// One of iconforge's JSON files and its schema.
struct JSONSchemaDocument: Sendable {
    /// `quick-actions.json`.
    var documentName: String
    /// `quick-actions.schema.json`.
    var fileName: String
    var title: String
    var summary: String
    var root: SchemaNode
    var definitions: [(String, SchemaNode)] = []

    var text: String {
        guard case .object(var members, _) = root.json else { return "" }
        var header: [(String, OrderedJSON)] = [
            ("$schema", .string("https://json-schema.org/draft/2020-12/schema")), ("$id", .string(fileName)),
            ("title", .string(title)), ("description", .string(summary)),
        ]
        if !definitions.isEmpty { header.append(("$defs", .object(definitions.map { ($0.0, $0.1.json) }))) }
        members.insert(contentsOf: header, at: 0)
        return OrderedJSON.object(members).text() + "\n"
    }

    /// The top-level keys, for the reference.
    var keyRows: [(key: String, type: String, meaning: String)] {
        guard case .object(let properties, _, _, _) = root else { return [] }
        return properties.map { ($0.key, $0.node.typeDescription, $0.meaning) }
    }
}

/// The schemas of every JSON file iconforge reads or writes, under docs/schemas/.
enum JSONSchemas {
    static var all: [JSONSchemaDocument] { [configuration, quickActions, catalog, checkReport, diffReport] }

    static func node(for option: OptionDeclaration) -> SchemaNode {
        switch option.kind {
        case .flag: .boolean
        case .text, .path: .string(minLength: 1)
        case .paths: .array(.string(minLength: 1), minItems: 1)
        case .number(let range): .number(range)
        case .integer(let range): .integer(range)
        case .choice(let choices): .string(choices: choices)
        }
    }

    static var configuration: JSONSchemaDocument {
        let options = Configuration.optionKeys.map {
            SchemaProperty($0.key, node(for: $0.option), $0.option.help.joined(separator: " "))
        }
        let properties =
            [SchemaProperty.schemaReference] + Configuration.fileKeys.filter { $0.before }.map(\.property) + options
            + Configuration.fileKeys.filter { !$0.before }.map(\.property)
        return JSONSchemaDocument(
            documentName: Configuration.defaultFileName, fileName: "iconforge.schema.json", title: "iconforge.json",
            summary:
                "A project's iconforge settings; flags on the command line win over them. Paths are relative to the file.",
            root: .object(properties))
    }

    static var quickActions: JSONSchemaDocument {
        JSONSchemaDocument(
            documentName: "quick-actions.json", fileName: "quick-actions.schema.json", title: "quick-actions.json",
            summary:
                "An app's Home Screen quick actions, beside its glyphs; build writes QuickActions.plist and InfoPlist.strings from it.",
            root: .object([SchemaProperty.schemaReference] + QuickActionsShape.topLevel, required: ["actions"]),
            definitions: [
                ("action", .object(QuickActionsShape.action)),
                (
                    "localizedText",
                    .oneOf([
                        QuickActionsShape.plistText,
                        .map(QuickActionsShape.plistText, keyPattern: QuickActionsShape.localePattern),
                    ])
                ),
                ("icon", .object(QuickActionsShape.icon, minProperties: 1, maxProperties: 3)),
            ])
    }

    private static var sha256: SchemaNode { .string(pattern: "^[0-9a-f]{64}$") }
    private static var severity: SchemaNode { .string(choices: [Severity.error.rawValue, Severity.warning.rawValue]) }
    private static var rule: SchemaNode { .string(choices: RuleID.allCases.map(\.rawValue)) }
    private static var status: SchemaNode {
        .string(choices: [Catalog.Status.ok.rawValue, Catalog.Status.failed.rawValue])
    }
    private static var summary: SchemaNode {
        .object(
            [
                SchemaProperty("glyphs", .integer(), "glyphs checked"),
                SchemaProperty("pngs", .integer(), "PNGs written (or kept)"),
                SchemaProperty("errors", .integer(), "errors"), SchemaProperty("warnings", .integer(), "warnings"),
            ], required: ["glyphs", "pngs", "errors", "warnings"])
    }

    // The schema's pieces are computed, not stored: a stored global of the indirect enum
    // SchemaNode keeps its boxes behind tagged pointers that LeakSanitizer cannot follow,
    // and `make sanitize` would report them as leaked at exit.

    /// A size or centring finding's remedy as numbers (`GeometryFix`).
    private static var fix: SchemaNode {
        .object(
            [
                SchemaProperty("scale", .number(), "scale the drawing by this factor"),
                SchemaProperty("centerX", .number(), "about this point, x in artboard points"),
                SchemaProperty("centerY", .number(), "about this point, y in artboard points"),
                SchemaProperty("dx", .number(), "then move right by this, in points"),
                SchemaProperty("dy", .number(), "then move down by this, in points"),
                SchemaProperty(
                    "transform", .string(), "the same as an SVG transform attribute for a <g> around the drawing"),
            ], required: ["scale", "centerX", "centerY", "dx", "dy", "transform"])
    }

    private static func closed(_ properties: [SchemaProperty], optional: Set<String> = []) -> SchemaNode {
        .object(properties, required: properties.map(\.key).filter { !optional.contains($0) })
    }

    static var catalog: JSONSchemaDocument {
        let diagnostic = closed(
            [
                SchemaProperty("severity", severity, "error or warning"), SchemaProperty("rule", rule, "the rule's id"),
                SchemaProperty("line", .integer(), "1-based line"),
                SchemaProperty("column", .integer(), "1-based column"),
                SchemaProperty("message", .string(), "what was found and how to fix it"),
                SchemaProperty("fix", fix, "for a size or centring finding, the remedy as numbers"),
            ], optional: ["line", "column", "fix"])
        let rect = closed(
            ["x", "y", "width", "height"].map { SchemaProperty($0, .number(), $0 + ", in artboard points") })
        let size = closed(["width", "height"].map { SchemaProperty($0, .number(), $0 + ", in points") })
        let scale = closed([
            SchemaProperty("factor", .integer(), "2 or 3"),
            SchemaProperty("canvas", .integer(), "canvas width and height in pixels"),
            SchemaProperty("squareTarget", .integer(), "a square glyph's target in pixels"),
            SchemaProperty("wideTallTarget", .integer(), "a wide or tall glyph's target in pixels"),
        ])
        let output = closed(
            [
                SchemaProperty("scale", .integer(), "2 or 3"),
                SchemaProperty("file", .string(), "file name in the output folder"),
                SchemaProperty("width", .integer(), "pixels"), SchemaProperty("height", .integer(), "pixels"),
                SchemaProperty("bytes", .integer(), "file size"),
                SchemaProperty("sha256", sha256, "SHA-256 of the file"),
                SchemaProperty(
                    "transform",
                    closed([
                        SchemaProperty("scale", .number(), "output pixels per artboard unit"),
                        SchemaProperty("x", .number(), "where the artboard's origin lands, x in output pixels"),
                        SchemaProperty("y", .number(), "where the artboard's origin lands, y in output pixels"),
                    ]), "how the artboard was placed on the canvas"),
            ], optional: ["transform"])
        let setScale = closed([
            SchemaProperty("artboard", size, "the artboard size these glyphs share"),
            SchemaProperty("pixelsPerUnit", .array(.number()), "@2x and @3x output pixels per artboard unit"),
            SchemaProperty("glyphs", .integer(), "how many glyphs are drawn on this artboard size"),
        ])
        let glyph = closed(
            [
                SchemaProperty("name", .string(), "the glyph's name"),
                SchemaProperty("source", .string(), "path relative to the glyphs folder"),
                SchemaProperty(
                    "sourceSHA256", .string(pattern: "^([0-9a-f]{64})?$"),
                    "SHA-256 of the SVG; empty when it could not be read"),
                SchemaProperty("status", status, "ok when PNGs were written"),
                SchemaProperty("shape", .string(choices: Shape.allCases.map(\.rawValue)), "square, wide or tall"),
                SchemaProperty("artboard", size, "the artboard in points"),
                SchemaProperty("inkBox", rect, "the painted area in artboard points"),
                SchemaProperty("color", .string(pattern: "^#[0-9a-f]{6}$"), "the glyph's one colour"),
                SchemaProperty(
                    "weight",
                    closed(
                        [
                            SchemaProperty(
                                "stroke", .number(),
                                "the dominant stroke's width in points as exported; absent when none dominates (a filled glyph)"
                            ),
                            SchemaProperty("coverage", .number(), "the ink's area as a share of the target box"),
                        ], optional: ["stroke"]),
                    "how heavy the glyph looks, for the family checks (absent when they are off)"),
                SchemaProperty("outputs", .array(output), "the PNGs"),
                SchemaProperty("diagnostics", .array(diagnostic), "what the checks found"),
                SchemaProperty(
                    "vector",
                    closed(
                        [
                            SchemaProperty(
                                "imageFile", .string(),
                                "--vector: the vector image set's file, relative to the asset catalog folder"),
                            SchemaProperty("symbol", .string(), "--symbols: the custom symbol's name (custom.NAME)"),
                            SchemaProperty(
                                "symbolVariants", .array(.string()),
                                "the symbol's variants: Regular-M, and for a glyph drawn in strokes Ultralight-S, Regular-S and Black-S"
                            ),
                        ], optional: ["imageFile", "symbol", "symbolVariants"]),
                    "what was made of the glyph besides its PNGs"),
            ], optional: ["shape", "artboard", "inkBox", "color", "weight", "vector"])
        let file = closed([
            SchemaProperty("file", .string(), "path relative to the output folder"),
            SchemaProperty("bytes", .integer(), "file size"),
            SchemaProperty("sha256", sha256, "SHA-256 of the file"),
        ])
        let quickActions = closed(
            [
                SchemaProperty("source", .string(), "path relative to the glyphs folder"),
                SchemaProperty("sourceSHA256", sha256, "SHA-256 of the file"),
                SchemaProperty("status", status, "ok when the files were written"),
                SchemaProperty("files", .array(file), "the generated files"),
                SchemaProperty(
                    "keptFiles", .array(file),
                    "failed: the files an earlier build generated, left as they are (not current)"),
                SchemaProperty("diagnostics", .array(diagnostic), "what the checks found"),
            ], optional: ["keptFiles"])
        let root = closed(
            [
                SchemaProperty(
                    "schemaVersion", .integer(Catalog.currentSchemaVersion...Catalog.currentSchemaVersion),
                    "the catalog format's version"),
                SchemaProperty(
                    "tool",
                    closed([
                        SchemaProperty("name", .string(), "iconforge"),
                        SchemaProperty("version", .string(), "its version"),
                    ]), "what wrote the catalog"),
                SchemaProperty("buildKey", sha256, "SHA-256 of the tool version and every option that affects output"),
                SchemaProperty(
                    "mode",
                    .string(choices: [
                        ExportMode.template.rawValue, ExportMode.fitSet.rawValue, ExportMode.fitGlyph.rawValue,
                    ]),
                    "template, fit-set or fit-glyph"),
                SchemaProperty(
                    "template",
                    closed(
                        [
                            SchemaProperty("canvasPoints", .number(), "35"),
                            SchemaProperty("squareTargetPoints", .number(), "27"),
                            SchemaProperty("wideTallTargetPoints", .number(), "30"),
                            SchemaProperty("shapeThreshold", .number(), "the wide/tall ratio"),
                            SchemaProperty("sizeTolerancePoints", .number(), "the size tolerance"),
                            SchemaProperty("scales", .array(scale), "@2x and @3x"),
                            SchemaProperty(
                                "setScales", .array(setScale), "fit-set: the scale of each artboard size's glyphs"),
                        ], optional: ["setScales"]), "the template the build measured against"),
                SchemaProperty("glyphs", .array(glyph), "every glyph, by name"),
                SchemaProperty(
                    "quickActions", quickActions, "the quick actions, when the glyphs folder has quick-actions.json"),
                SchemaProperty(
                    "family",
                    closed(
                        [
                            SchemaProperty("glyphs", .integer(), "the glyphs judged (those without errors)"),
                            SchemaProperty("strokedGlyphs", .integer(), "those of them with a dominant stroke"),
                            SchemaProperty(
                                "stroke", .number(),
                                "the median dominant stroke in points; absent when strokes were not compared"),
                            SchemaProperty("coverage", .number(), "the median share of the target box that ink covers"),
                            SchemaProperty(
                                "coverageLimit", .number(),
                                "the coverage above which set.optical-weight reports a glyph"),
                            SchemaProperty(
                                "filledCoverage", .number(),
                                "a set of mixed styles (\"styles\": \"mixed\"): the filled glyphs' median coverage (coverage is then the outline glyphs')"
                            ),
                            SchemaProperty(
                                "filledCoverageLimit", .number(),
                                "a set of mixed styles: the coverage above which a filled glyph is reported"),
                        ], optional: ["stroke", "filledCoverage", "filledCoverageLimit"]),
                    "the set's weights as the family checks judged them (3 or more glyphs)"),
                SchemaProperty("summary", summary, "counts"),
            ], optional: ["quickActions", "family"])
        return JSONSchemaDocument(
            documentName: "catalog.json", fileName: "catalog.schema.json", title: "catalog.json",
            summary: "What one build checked, measured and wrote; deterministic (sorted keys, no timestamps).",
            root: root)
    }

    static var checkReport: JSONSchemaDocument {
        let entry = closed(
            [
                SchemaProperty("file", .string(), "the file, as given (empty for the command line)"),
                SchemaProperty("line", .integer(), "1-based line"),
                SchemaProperty("column", .integer(), "1-based column"),
                SchemaProperty("severity", severity, "error or warning"), SchemaProperty("rule", rule, "the rule's id"),
                SchemaProperty("message", .string(), "what was found and how to fix it"),
                SchemaProperty("fix", fix, "for a size or centring finding, the remedy as numbers"),
            ], optional: ["line", "column", "fix"])
        let root = closed([
            SchemaProperty("schemaVersion", .integer(1...1), "the document's version"),
            SchemaProperty("tool", .string(choices: ["iconforge"]), "iconforge"),
            SchemaProperty("version", .string(), "iconforge's version"),
            SchemaProperty("passed", .boolean, "false when the run failed"),
            SchemaProperty("summary", summary, "counts"), SchemaProperty("diagnostics", .array(entry), "every finding"),
        ])
        return JSONSchemaDocument(
            documentName: "check --format json", fileName: "check-report.schema.json",
            title: "iconforge check --format json",
            summary: "The document build and check print with --format json.", root: root)
    }

    static var diffReport: JSONSchemaDocument {
        let statuses = DiffResult.Status.allCases.map(\.rawValue)
        let scale = closed(
            [
                SchemaProperty("scale", .integer(2...3), "2 or 3"),
                SchemaProperty(
                    "changedPixels", .integer(), "pixels that differ (all of them when the canvas changed size)"),
                SchemaProperty("pixels", .integer(), "the canvas's pixels"),
                SchemaProperty("baseSize", .string(), "the base's canvas, WxH, when it changed size"),
                SchemaProperty("size", .string(), "the canvas now, WxH, when it changed size"),
            ], optional: ["baseSize", "size"])
        let glyph = closed(
            [
                SchemaProperty("name", .string(), "the glyph's name (the base's for a removed glyph)"),
                SchemaProperty("status", .string(choices: statuses), "what the change did to it"),
                SchemaProperty("file", .string(), "its file, as diagnostics name it (the base's for a removed glyph)"),
                SchemaProperty("baseName", .string(), "a renamed glyph's name in the base"),
                SchemaProperty("baseFile", .string(), "a renamed glyph's file in the base"),
                SchemaProperty("note", .string(), "why a glyph not rendered on one side counts as changed"),
                SchemaProperty("scales", .array(scale), "a changed glyph's scales"),
            ], optional: ["baseName", "baseFile", "note", "scales"])
        let finding = closed(
            [
                SchemaProperty("glyph", .string(), "the glyph, as named now (absent for quick-actions.json)"),
                SchemaProperty("file", .string(), "the file"),
                SchemaProperty("line", .integer(), "1-based line"),
                SchemaProperty("column", .integer(), "1-based column"),
                SchemaProperty("severity", severity, "error or warning"), SchemaProperty("rule", rule, "the rule's id"),
                SchemaProperty("message", .string(), "what was found and how to fix it"),
            ], optional: ["glyph", "line", "column"])
        let summary = closed(
            (statuses + ["newFindings", "fixedFindings"]).map {
                SchemaProperty($0, .integer(), $0.hasSuffix("Findings") ? "findings " + $0.dropLast(8) : "glyphs " + $0)
            })
        let root = closed([
            SchemaProperty("schemaVersion", .integer(1...1), "the document's version"),
            SchemaProperty("tool", .string(choices: ["iconforge"]), "iconforge"),
            SchemaProperty("version", .string(), "iconforge's version"),
            SchemaProperty("base", .string(), "what was compared with: a revision and its commit, or a folder"),
            SchemaProperty("page", .string(), "the HTML page written"), SchemaProperty("summary", summary, "counts"),
            SchemaProperty("glyphs", .array(glyph), "every glyph of both builds, changes first"),
            SchemaProperty(
                "findings",
                closed([
                    SchemaProperty("new", .array(finding), "findings the base had not"),
                    SchemaProperty("fixed", .array(finding), "findings the base had and this build has not"),
                ]), "findings new and fixed"),
        ])
        return JSONSchemaDocument(
            documentName: "diff --format json", fileName: "diff-report.schema.json",
            title: "iconforge diff --format json",
            summary:
                "The document diff prints with --format json: glyphs added, removed, changed (by pixels), renamed and unchanged, and findings new and fixed.",
            root: root)
    }
}
