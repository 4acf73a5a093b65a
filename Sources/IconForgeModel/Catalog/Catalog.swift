/// The JSON record of one build: what was checked, measured and written.
///
/// Encoded with sorted keys and no timestamps, so the same inputs give the same bytes.
package struct Catalog: Codable, Equatable, Sendable {
    /// Bumped whenever a field changes meaning or disappears.
    /// 2: `mode` is `template`, `fit-set` or `fit-glyph` (was `fit`); outputs record their
    /// `transform`.
    package static let currentSchemaVersion = 2

    package var schemaVersion: Int
    package var tool: Tool
    /// SHA-256 of the tool version and every option that affects output: a later build
    /// with the same key may keep a glyph's files when its source is unchanged.
    package var buildKey: String
    package var mode: ExportMode
    package var template: TemplateInfo
    package var glyphs: [Glyph]
    /// The app's quick actions and the files generated from them, when the glyphs folder
    /// has a `quick-actions.json`.
    package var quickActions: QuickActionsEntry?
    /// The set's weights, as the family checks judged them; absent when they did not run
    /// (switched off, or fewer than three glyphs without errors).
    package var family: Family?
    package var summary: Summary

    /// What the family checks found typical of the set (see each glyph's `weight`).
    package struct Family: Codable, Equatable, Sendable {
        /// The glyphs judged: those without errors.
        package var glyphs: Int
        /// Those of them with a dominant stroke.
        package var strokedGlyphs: Int
        /// The median dominant stroke, in points; absent when most glyphs are filled (then
        /// strokes are not compared).
        package var stroke: Double?
        /// The median share of the target box that ink covers (of the outline glyphs, in a
        /// set that mixes styles on purpose).
        package var coverage: Double
        /// The coverage above which a glyph is reported (`set.optical-weight`).
        package var coverageLimit: Double = 0
        /// In a set that mixes filled and outline glyphs on purpose, the filled glyphs'
        /// median coverage and the limit they are judged by; absent otherwise.
        package var filledCoverage: Double?
        package var filledCoverageLimit: Double?

        package init(
            glyphs: Int, strokedGlyphs: Int, stroke: Double?, coverage: Double, coverageLimit: Double = 0,
            filledCoverage: Double? = nil,
            filledCoverageLimit: Double? = nil
        ) {
            self.glyphs = glyphs
            self.strokedGlyphs = strokedGlyphs
            self.stroke = stroke
            self.coverage = coverage
            self.coverageLimit = coverageLimit
            self.filledCoverage = filledCoverage
            self.filledCoverageLimit = filledCoverageLimit
        }

        /// The median coverage a glyph is weighed against: its own style's.
        package func coverage(filled: Bool) -> Double { filled ? filledCoverage ?? coverage : coverage }

        /// Rounded to 1/1000, as the glyphs' weights are.
        package var roundedForCatalog: Family {
            func round(_ value: Double) -> Double { (value * 1000).rounded() / 1000 }
            return Family(
                glyphs: glyphs, strokedGlyphs: strokedGlyphs, stroke: stroke.map(round), coverage: round(coverage),
                coverageLimit: round(coverageLimit),
                filledCoverage: filledCoverage.map(round), filledCoverageLimit: filledCoverageLimit.map(round))
        }
    }

    package struct Tool: Codable, Equatable, Sendable {
        package var name: String
        package var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The template the build measured and rendered against.
    package struct TemplateInfo: Codable, Equatable, Sendable {
        package var canvasPoints: Double
        package var squareTargetPoints: Double
        package var wideTallTargetPoints: Double
        package var shapeThreshold: Double
        package var sizeTolerancePoints: Double
        package var scales: [Template.Scale]
        /// `fit-set`: the scale each artboard size's glyphs were drawn at (a glyph scaled
        /// down alone records its own in its outputs' `transform`).
        package var setScales: [SetScale]?

        package init(
            canvasPoints: Double, squareTargetPoints: Double, wideTallTargetPoints: Double, shapeThreshold: Double,
            sizeTolerancePoints: Double, scales: [Template.Scale], setScales: [SetScale]? = nil
        ) {
            self.canvasPoints = canvasPoints
            self.squareTargetPoints = squareTargetPoints
            self.wideTallTargetPoints = wideTallTargetPoints
            self.shapeThreshold = shapeThreshold
            self.sizeTolerancePoints = sizeTolerancePoints
            self.scales = scales
            self.setScales = setScales
        }
    }

    /// Whether a glyph's or the quick actions' files were written; in catalog.json as
    /// "ok" or "failed".
    package enum Status: String, Codable, Equatable, Sendable {
        case ok
        case failed
    }

    package struct Glyph: Codable, Equatable, Sendable {
        package var name: String
        /// Path relative to the glyphs folder.
        package var source: String
        package var sourceSHA256: String
        /// `ok` when PNGs were written, `failed` when an error stopped them.
        package var status: Status
        package var shape: Shape?
        /// The artboard in points: the width and height in their units, or the viewBox at 1 unit = 1 pt (`Artboard`).
        package var artboard: Size?
        /// The painted area, in artboard points, measured from pixels.
        package var inkBox: Rect?
        /// The glyph's single colour, `#rrggbb`; the PNGs store exactly this colour plus alpha.
        package var color: String?
        /// How heavy the glyph looks, for the family checks (absent when they are off or
        /// the glyph was not rendered).
        package var weight: GlyphWeight?
        package var outputs: [Output]
        package var diagnostics: [CatalogDiagnostic]
        /// The glyph's vector forms, when the build made any (`--vector`, `--symbols`).
        package var vector: VectorOutputs?

        package init(
            name: String, source: String, sourceSHA256: String, status: Status, shape: Shape? = nil,
            artboard: Size? = nil, inkBox: Rect? = nil, color: String? = nil, weight: GlyphWeight? = nil,
            outputs: [Output], diagnostics: [CatalogDiagnostic]
        ) {
            self.name = name
            self.source = source
            self.sourceSHA256 = sourceSHA256
            self.status = status
            self.shape = shape
            self.artboard = artboard
            self.inkBox = inkBox
            self.color = color
            self.weight = weight
            self.outputs = outputs
            self.diagnostics = diagnostics
        }
    }

    /// What a build made of a glyph besides its PNGs, for the rest of the app.
    package struct VectorOutputs: Codable, Equatable, Sendable {
        /// The vector image set's file (`--vector`), relative to the asset catalog folder given.
        package var imageFile: String?
        /// The custom symbol's name (`--symbols`), `custom.compose`.
        package var symbol: String?
        /// The symbol's variants, weight-scale: `Regular-M`, and for a glyph drawn in strokes
        /// also `Ultralight-S`, `Regular-S` and `Black-S` (its stroke widths changed).
        package var symbolVariants: [String]?

        package init(imageFile: String? = nil, symbol: String? = nil, symbolVariants: [String]? = nil) {
            self.imageFile = imageFile
            self.symbol = symbol
            self.symbolVariants = symbolVariants
        }
    }

    package struct Output: Codable, Equatable, Sendable {
        package var scale: Int
        /// File name within the output folder.
        package var file: String
        package var width: Int
        package var height: Int
        package var bytes: Int
        package var sha256: String
        /// How the artboard was placed on this output's canvas.
        package var transform: Transform?

        package init(
            scale: Int, file: String, width: Int, height: Int, bytes: Int, sha256: String, transform: Transform? = nil
        ) {
            self.scale = scale
            self.file = file
            self.width = width
            self.height = height
            self.bytes = bytes
            self.sha256 = sha256
            self.transform = transform
        }
    }

    /// An output's placement of the artboard: pixel = `scale` × artboard unit + (`x`, `y`),
    /// as an SVG `transform="translate(x y) scale(scale)"` on the canvas would place it.
    package struct Transform: Codable, Equatable, Sendable {
        /// Output pixels per artboard unit.
        package var scale: Double
        /// Where the artboard's origin lands, in output pixels (rounded to 1/1000 px).
        package var x: Double
        package var y: Double

        package init(scale: Double, x: Double, y: Double) {
            self.scale = scale
            self.x = x
            self.y = y
        }
    }

    /// The quick-action definitions and what was generated from them.
    package struct QuickActionsEntry: Codable, Equatable, Sendable {
        /// Path relative to the glyphs folder.
        package var source: String
        package var sourceSHA256: String
        /// `ok` when the files were written, `failed` when an error stopped them.
        package var status: Status
        /// `QuickActions.plist` and one `<locale>.lproj/InfoPlist.strings` per locale.
        package var files: [GeneratedFile]
        /// When an error stopped the files (`failed`), those an earlier build generated that
        /// this one left in the output folder as they are: not current, but still iconforge's
        /// (the next good build replaces or removes them). Absent when there are none.
        package var keptFiles: [GeneratedFile]?
        package var diagnostics: [CatalogDiagnostic]

        /// Every generated file in the output folder that is iconforge's: written or kept.
        package var ownedFiles: [GeneratedFile] { files + (keptFiles ?? []) }

        package init(
            source: String, sourceSHA256: String, status: Status, files: [GeneratedFile],
            keptFiles: [GeneratedFile]? = nil, diagnostics: [CatalogDiagnostic]
        ) {
            self.source = source
            self.sourceSHA256 = sourceSHA256
            self.status = status
            self.files = files
            self.keptFiles = keptFiles
            self.diagnostics = diagnostics
        }
    }

    /// A generated file other than a glyph's PNG.
    package struct GeneratedFile: Codable, Equatable, Sendable {
        /// Path relative to the output folder.
        package var file: String
        package var bytes: Int
        package var sha256: String

        package init(file: String, bytes: Int, sha256: String) {
            self.file = file
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// A diagnostic as the catalog records it: the glyph's file is implied.
    package struct CatalogDiagnostic: Codable, Equatable, Sendable {
        package var severity: Severity
        package var rule: RuleID
        package var line: Int?
        package var column: Int?
        package var message: String
        /// For a size or centring finding, the remedy as numbers.
        package var fix: GeometryFix?

        package init(
            severity: Severity, rule: RuleID, line: Int? = nil, column: Int? = nil, message: String,
            fix: GeometryFix? = nil
        ) {
            self.severity = severity
            self.rule = rule
            self.line = line
            self.column = column
            self.message = message
            self.fix = fix
        }
    }

    package struct Summary: Codable, Equatable, Sendable {
        package var glyphs: Int
        package var pngs: Int
        package var errors: Int
        package var warnings: Int

        package init(glyphs: Int, pngs: Int, errors: Int, warnings: Int) {
            self.glyphs = glyphs
            self.pngs = pngs
            self.errors = errors
            self.warnings = warnings
        }
    }

    package init(
        schemaVersion: Int, tool: Tool, buildKey: String, mode: ExportMode, template: TemplateInfo, glyphs: [Glyph],
        quickActions: QuickActionsEntry? = nil, family: Family? = nil, summary: Summary
    ) {
        self.schemaVersion = schemaVersion
        self.tool = tool
        self.buildKey = buildKey
        self.mode = mode
        self.template = template
        self.glyphs = glyphs
        self.quickActions = quickActions
        self.family = family
        self.summary = summary
    }
}

extension Catalog.CatalogDiagnostic {
    /// A diagnostic as the catalog records it, its file implied by the entry.
    package init(_ diagnostic: Diagnostic) {
        self.init(
            severity: diagnostic.severity, rule: diagnostic.rule, line: diagnostic.location?.line,
            column: diagnostic.location?.column, message: diagnostic.message, fix: diagnostic.fix)
    }
}
