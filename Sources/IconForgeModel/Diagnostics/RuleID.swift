/// Every rule iconforge checks, by its stable id.
package enum RuleID: String, Sendable, Codable, CaseIterable, Comparable {
    case svgParse = "svg.parse"
    case svgEmpty = "svg.empty"
    case svgExternal = "svg.external"
    case svgRaster = "svg.raster"
    case svgText = "svg.text"
    case svgLimit = "svg.limit"
    case svgDynamic = "svg.dynamic"
    case svgUseCycle = "svg.use-cycle"
    case glyphEmoji = "glyph.emoji"
    case glyphTemplate = "glyph.template"
    case colorMonochrome = "color.monochrome"
    case colorBackground = "color.background"
    case sizeTarget = "size.target"
    case sizeMax = "size.max"
    case sizeScaledDown = "size.scaled-down"
    case geometryClipped = "geometry.clipped"
    case geometryOffCenter = "geometry.off-center"
    case geometryAspect = "geometry.aspect"
    case setStrokeWeight = "set.stroke-weight"
    case setOpticalWeight = "set.optical-weight"
    case nameInvalid = "name.invalid"
    case nameCollision = "name.collision"
    case inputUnreadable = "input.unreadable"
    case inputEmpty = "input.empty"
    case renderFailed = "render.failed"
    case renderCrashed = "render.crashed"
    case renderTimeout = "render.timeout"
    case actionsParse = "actions.parse"
    case actionsCount = "actions.count"
    case actionsType = "actions.type"
    case actionsTitle = "actions.title"
    case actionsEmoji = "actions.emoji"
    case actionsAppName = "actions.app-name"
    case actionsTruncation = "actions.truncation"
    case actionsIcon = "actions.icon"
    case actionsTranslation = "actions.translation"
    case actionsText = "actions.text"
    case xcassetsConflict = "xcassets.conflict"
    case outputConflict = "output.conflict"
    case outputUnwritable = "output.unwritable"
    case appFilesEdited = "app-files.edited"
    case appFilesSetup = "app-files.setup"
    case configInvalid = "config.invalid"

    package static func < (lhs: RuleID, rhs: RuleID) -> Bool { lhs.rawValue < rhs.rawValue }

    /// The severity the rule reports with (`--werror` aside: see `SeverityPolicy`).
    package var defaultSeverity: Severity {
        switch self {
        case .svgDynamic, .svgUseCycle, .sizeScaledDown, .geometryOffCenter, .geometryAspect, .actionsTruncation,
            .actionsTranslation, .actionsText, .appFilesEdited, .appFilesSetup, .setStrokeWeight, .setOpticalWeight:
            .warning
        default: .error
        }
    }

    /// Whether the rule also has a milder kind of finding that only warns: emoji-like
    /// symbols that are not emoji by default (glyph.emoji, actions.emoji), and an empty
    /// list of quick actions (actions.count, whose error is more than four), and an action
    /// without an icon (actions.icon, whose errors are icons that cannot be found), and a
    /// drawing saved into the template itself (glyph.template, whose error is a glyph that
    /// still holds the template's guides), and shapes wholly off the artboard, left out of
    /// the glyph (geometry.clipped, whose error is ink the viewport cuts).
    package var hasWarningVariant: Bool {
        switch self {
        case .glyphEmoji, .glyphTemplate, .actionsEmoji, .actionsCount, .actionsIcon, .geometryClipped: true
        default: false
        }
    }

    /// Whether a project may set the rule's severity (`"severities"` in iconforge.json):
    /// any glyph rule may be made an error; only those whose finding leaves the glyph
    /// rendered as drawn may be made a warning (text with the machine's fonts, a size off
    /// the template, ink cut off), not one that stops the glyph or makes its PNG wrong.
    package func allowsSeverity(_ severity: Severity) -> Bool {
        guard Self.glyphRules.contains(self) else { return false }
        switch severity {
        case .error: return true
        case .warning:
            return defaultSeverity == .warning || [.svgText, .sizeTarget, .sizeMax, .geometryClipped].contains(self)
        }
    }

    /// The rules judged on one glyph's file, whose severity `"severities"` may set.
    package static let glyphRules: [RuleID] = [
        .svgText, .svgDynamic, .svgUseCycle, .glyphEmoji, .colorMonochrome, .sizeTarget, .sizeMax, .sizeScaledDown,
        .geometryClipped, .geometryOffCenter, .geometryAspect,
    ]

    /// One line on what the rule finds, for `iconforge rules` and docs/reference.md.
    package var summary: String {
        switch self {
        case .svgParse: "not well-formed XML, not an <svg> root, or no usable size"
        case .svgEmpty: "paints nothing"
        case .svgExternal: "references a file, URL or external entity beyond the glyph"
        case .svgRaster: "embeds a raster <image>"
        case .svgText: "<text> not converted to outlines"
        case .svgLimit: "over a safety limit (file size, element count, nesting depth, entity expansion)"
        case .svgDynamic:
            "script, event handlers or animation, which the static render ignores, or a condition on the viewer's language (systemLanguage)"
        case .svgUseCycle: "a <use> that refers to itself or to an element containing it"
        case .glyphEmoji: "emoji in text, title/desc, attribute values or the file name"
        case .glyphTemplate:
            "the template's Guides layer left in a glyph (error), or a drawing saved into Glyphs/.template.svg (warning)"
        case .colorMonochrome:
            "more than one paint colour that shows (colours at most ΔE00 2 apart are one), or a gradient or pattern of several"
        case .colorBackground: "a filled shape covering the whole artboard behind a glyph of another colour"
        case .sizeTarget: "governing dimension off the 27 pt / 30 pt target"
        case .sizeMax: "ink larger than the 35 pt maximum or outside the 35 pt canvas"
        case .sizeScaledDown:
            "--fit=set: a glyph that would break the 35 pt maximum at the set's scale, scaled down alone"
        case .geometryClipped: "ink outside the SVG's own viewport"
        case .geometryOffCenter: "ink centre more than 1 pt from the artboard centre"
        case .geometryAspect: "aspect ratio beyond 3:1 with detail across the thin side"
        case .setStrokeWeight:
            "a glyph's dominant stroke more than the share (15 %) from the set's median (3 or more glyphs)"
        case .setOpticalWeight:
            "a glyph much darker or lighter than the set's others: its ink's share of the target box (3 or more glyphs)"
        case .nameInvalid: "file name is not a valid asset name"
        case .nameCollision: "two glyph names differ only by case or Unicode normalisation"
        case .inputUnreadable: "file cannot be read, or is not a regular file"
        case .inputEmpty: "no glyphs found where glyphs were expected"
        case .renderFailed: "librsvg failed to render the glyph, or a fit-mode PNG's ink is not where it was placed"
        case .renderCrashed: "librsvg crashed on the glyph (its worker process died)"
        case .renderTimeout: "rendering took longer than the time limit"
        case .actionsParse: "quick-actions.json is not valid JSON or not of the documented shape"
        case .actionsCount: "more than four quick actions (error), or none (warning)"
        case .actionsType: "a quick action's type is missing, empty or used twice"
        case .actionsTitle: "a title is missing or empty, or one key translates two ways"
        case .actionsEmoji: "emoji in a quick action's title or subtitle"
        case .actionsAppName: "the app's name inside a quick action's title or subtitle"
        case .actionsTruncation: "a title or subtitle wider than the menu shows without truncating"
        case .actionsIcon:
            "an icon naming a missing or failing glyph, an unknown system icon, or a malformed SF Symbol name (errors); an action without an icon (warning)"
        case .outputConflict: "a file iconforge did not write already has an output's name"
        case .xcassetsConflict:
            "an asset iconforge did not create (in the catalog or a --xcassets-check one) already has the glyph's full asset name"
        case .outputUnwritable: "the output folder, a file in it or the dependency file cannot be written (exit 3)"
        case .appFilesEdited:
            "a value iconforge wrote into an app file was changed since by someone else: kept, not overwritten"
        case .appFilesSetup:
            "a setup iOS would not read as meant: a key twice in a strings file, a String Catalog not named InfoPlist.xcstrings, --xcstrings with --info-plist-strings"
        case .configInvalid: "iconforge.json (or --config) or a command-line option is not valid (exit 2)"
        case .actionsTranslation: "a title or subtitle missing a translation that other strings have"
        case .actionsText: "a title or subtitle with a $(…) Xcode would expand, or with a line break"
        }
    }
}
