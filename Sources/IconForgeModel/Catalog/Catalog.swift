/// The JSON record of one build: what was checked, measured and written.
///
/// Encoded with sorted keys and no timestamps, so the same inputs give the same bytes.
public struct Catalog: Codable, Equatable, Sendable {
    /// Bumped whenever a field changes meaning or disappears.
    /// 2: `mode` is `template`, `fit-set` or `fit-glyph` (was `fit`); outputs record their
    /// `transform`.
    public static let currentSchemaVersion = 2

    public var schemaVersion: Int
    public var tool: Tool
    /// SHA-256 of the tool version and every option that affects output: a later build
    /// with the same key may keep a glyph's files when its source is unchanged.
    public var buildKey: String
    public var mode: ExportMode
    public var template: TemplateInfo
    public var glyphs: [Glyph]
    /// The app's quick actions and the files generated from them, when the glyphs folder
    /// has a `quick-actions.json`.
    public var quickActions: QuickActionsEntry?
    /// The set's weights, as the family checks judged them; absent when they did not run
    /// (switched off, or fewer than three glyphs without errors).
    public var family: Family?
    public var summary: Summary

    /// What the family checks found typical of the set (see each glyph's `weight`).
    public struct Family: Codable, Equatable, Sendable {
        /// The glyphs judged: those without errors.
        public var glyphs: Int
        /// Those of them with a dominant stroke.
        public var strokedGlyphs: Int
        /// The median dominant stroke, in points; absent when most glyphs are filled (then
        /// strokes are not compared).
        public var stroke: Double?
        /// The median share of the target box that ink covers (of the outline glyphs, in a
        /// set that mixes styles on purpose).
        public var coverage: Double
        /// The coverage above which a glyph is reported (`set.optical-weight`).
        public var coverageLimit: Double = 0
        /// In a set that mixes filled and outline glyphs on purpose, the filled glyphs'
        /// median coverage and the limit they are judged by; absent otherwise.
        public var filledCoverage: Double?
        public var filledCoverageLimit: Double?

        package init(
            glyphs: Int, strokedGlyphs: Int, stroke: Double?, coverage: Double, coverageLimit: Double = 0, filledCoverage: Double? = nil,
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
                glyphs: glyphs, strokedGlyphs: strokedGlyphs, stroke: stroke.map(round), coverage: round(coverage), coverageLimit: round(coverageLimit),
                filledCoverage: filledCoverage.map(round), filledCoverageLimit: filledCoverageLimit.map(round))
        }
    }

    public struct Tool: Codable, Equatable, Sendable {
        public var name: String
        public var version: String

        package init(name: String, version: String) {
            self.name = name
            self.version = version
        }
    }

    /// The template the build measured and rendered against.
    public struct TemplateInfo: Codable, Equatable, Sendable {
        public var canvasPoints: Double
        public var squareTargetPoints: Double
        public var wideTallTargetPoints: Double
        public var shapeThreshold: Double
        public var sizeTolerancePoints: Double
        public var scales: [Template.Scale]
        /// `fit-set`: the scale each artboard size's glyphs were drawn at (a glyph scaled
        /// down alone records its own in its outputs' `transform`).
        public var setScales: [SetScale]?

        package init(canvasPoints: Double, squareTargetPoints: Double, wideTallTargetPoints: Double, shapeThreshold: Double, sizeTolerancePoints: Double, scales: [Template.Scale], setScales: [SetScale]? = nil) {
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
    public enum Status: String, Codable, Equatable, Sendable {
        case ok
        case failed
    }

    public struct Glyph: Codable, Equatable, Sendable {
        public var name: String
        /// Path relative to the glyphs folder.
        public var source: String
        public var sourceSHA256: String
        /// `ok` when PNGs were written, `failed` when an error stopped them.
        public var status: Status
        public var shape: Shape?
        /// The artboard in points: the width and height in their units, or the viewBox at 1 unit = 1 pt (`Artboard`).
        public var artboard: Size?
        /// The painted area, in artboard points, measured from pixels.
        public var inkBox: Rect?
        /// The glyph's single colour, `#rrggbb`; the PNGs store exactly this colour plus alpha.
        public var color: String?
        /// How heavy the glyph looks, for the family checks (absent when they are off or
        /// the glyph was not rendered).
        public var weight: GlyphWeight?
        public var outputs: [Output]
        public var diagnostics: [CatalogDiagnostic]
        /// The glyph's vector forms, when the build made any (`--vector`, `--symbols`).
        public var vector: VectorOutputs?

        package init(name: String, source: String, sourceSHA256: String, status: Status, shape: Shape? = nil, artboard: Size? = nil, inkBox: Rect? = nil, color: String? = nil, weight: GlyphWeight? = nil, outputs: [Output], diagnostics: [CatalogDiagnostic]) {
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
    public struct VectorOutputs: Codable, Equatable, Sendable {
        /// The vector image set's file (`--vector`), relative to the asset catalog folder given.
        public var imageFile: String?
        /// The custom symbol's name (`--symbols`), `custom.compose`.
        public var symbol: String?
        /// The symbol's variants, weight-scale: `Regular-M`, and for a glyph drawn in strokes
        /// also `Ultralight-S`, `Regular-S` and `Black-S` (its stroke widths changed).
        public var symbolVariants: [String]?

        package init(imageFile: String? = nil, symbol: String? = nil, symbolVariants: [String]? = nil) {
            self.imageFile = imageFile
            self.symbol = symbol
            self.symbolVariants = symbolVariants
        }
    }

    public struct Output: Codable, Equatable, Sendable {
        public var scale: Int
        /// File name within the output folder.
        public var file: String
        public var width: Int
        public var height: Int
        public var bytes: Int
        public var sha256: String
        /// How the artboard was placed on this output's canvas.
        public var transform: Transform?

        package init(scale: Int, file: String, width: Int, height: Int, bytes: Int, sha256: String, transform: Transform? = nil) {
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
    public struct Transform: Codable, Equatable, Sendable {
        /// Output pixels per artboard unit.
        public var scale: Double
        /// Where the artboard's origin lands, in output pixels (rounded to 1/1000 px).
        public var x: Double
        public var y: Double

        package init(scale: Double, x: Double, y: Double) {
            self.scale = scale
            self.x = x
            self.y = y
        }
    }

    /// The quick-action definitions and what was generated from them.
    public struct QuickActionsEntry: Codable, Equatable, Sendable {
        /// Path relative to the glyphs folder.
        public var source: String
        public var sourceSHA256: String
        /// `ok` when the files were written, `failed` when an error stopped them.
        public var status: Status
        /// `QuickActions.plist` and one `<locale>.lproj/InfoPlist.strings` per locale.
        public var files: [GeneratedFile]
        /// When an error stopped the files (`failed`), those an earlier build generated that
        /// this one left in the output folder as they are: not current, but still iconforge's
        /// (the next good build replaces or removes them). Absent when there are none.
        public var keptFiles: [GeneratedFile]?
        public var diagnostics: [CatalogDiagnostic]

        /// Every generated file in the output folder that is iconforge's: written or kept.
        package var ownedFiles: [GeneratedFile] { files + (keptFiles ?? []) }

        package init(source: String, sourceSHA256: String, status: Status, files: [GeneratedFile], keptFiles: [GeneratedFile]? = nil, diagnostics: [CatalogDiagnostic]) {
            self.source = source
            self.sourceSHA256 = sourceSHA256
            self.status = status
            self.files = files
            self.keptFiles = keptFiles
            self.diagnostics = diagnostics
        }
    }

    /// A generated file other than a glyph's PNG.
    public struct GeneratedFile: Codable, Equatable, Sendable {
        /// Path relative to the output folder.
        public var file: String
        public var bytes: Int
        public var sha256: String

        package init(file: String, bytes: Int, sha256: String) {
            self.file = file
            self.bytes = bytes
            self.sha256 = sha256
        }
    }

    /// A diagnostic as the catalog records it: the glyph's file is implied.
    public struct CatalogDiagnostic: Codable, Equatable, Sendable {
        public var severity: Severity
        public var rule: RuleID
        public var line: Int?
        public var column: Int?
        public var message: String
        /// For a size or centring finding, the remedy as numbers.
        public var fix: GeometryFix?

        package init(severity: Severity, rule: RuleID, line: Int? = nil, column: Int? = nil, message: String, fix: GeometryFix? = nil) {
            self.severity = severity
            self.rule = rule
            self.line = line
            self.column = column
            self.message = message
            self.fix = fix
        }
    }

    public struct Summary: Codable, Equatable, Sendable {
        public var glyphs: Int
        public var pngs: Int
        public var errors: Int
        public var warnings: Int

        package init(glyphs: Int, pngs: Int, errors: Int, warnings: Int) {
            self.glyphs = glyphs
            self.pngs = pngs
            self.errors = errors
            self.warnings = warnings
        }
    }

    package init(schemaVersion: Int, tool: Tool, buildKey: String, mode: ExportMode, template: TemplateInfo, glyphs: [Glyph], quickActions: QuickActionsEntry? = nil, family: Family? = nil, summary: Summary) {
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
