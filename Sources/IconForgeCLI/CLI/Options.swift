/// Every option of the commands, each declared once as a typed value (see `Option`), and
/// `OptionTable.all`, the order the help lists them in. Defaults are values here; the
/// help's "(default: …)" is written from them.

// build's own
extension Option where Value == String {
    static var output: Option {
        .text(
            "--output", short: "-o", "DIR", .path, configurationKey: "output", commands: [.build, .preview],
            default: "Output", help: ["output folder"])
    }
}

extension Option where Value == Bool {
    static var preview: Option {
        .flag(
            "--preview", commands: [.build],
            help: ["also write the preview page, OUTPUT/\(Preview.fileName)", "(see 'iconforge help preview')"])
    }
    static var swiftPublic: Option {
        .flag(
            "--swift-public", configurationKey: "swiftPublic", commands: [.build],
            help: ["make --swift's enum and its members public", "(for a framework the app imports)"])
    }
    static var followSymlinks: Option {
        .flag(
            "--follow-symlinks", commands: [.build],
            help: [
                "write through symlinks (output folder, --xcassets, app files)",
                "that lead out of the project; dangling ones never",
            ])
    }
    static var inPlace: Option { .flag("--in-place", commands: [.fix], help: ["replace GLYPH.svg itself"]) }
    static var dryRun: Option {
        .flag("--dry-run", commands: [.fix], help: ["print the change as a diff and write nothing"])
    }
    static var watch: Option {
        .flag(
            "--watch", commands: [.build, .check, .preview],
            help: ["run again whenever a glyph, quick-actions.json or", "iconforge.json changes (Ctrl-C stops)"])
    }
    static var werror: Option {
        .flag("--werror", negation: "--no-werror", configurationKey: "werror", help: ["treat warnings as errors"])
    }
    static var quiet: Option { .flag("--quiet", short: "-q", help: ["print errors and warnings only, no summary"]) }
    /// For a build whose settings are all on its command line (the SwiftPM plugin's: the
    /// package root's iconforge.json is the app's, and names places outside its work folder).
    static var noConfig: Option { .flag("--no-config", help: ["read no iconforge.json, only the command line"]) }
    static var help: Option { .flag("--help", short: "-h", help: ["show this help"]) }
    /// Given without a command: `iconforge --version`.
    static var version: Option { .flag("--version", help: ["print iconforge's version"]) }
}

extension Option where Value == String? {
    static var xcassets: Option {
        .text(
            "--xcassets", "PATH", .path, configurationKey: "xcassets", commands: [.build],
            help: ["also write the glyphs into an Xcode asset catalog", "as template images"])
    }
    static var symbols: Option {
        .text(
            "--symbols", "DIR", .path, configurationKey: "symbols", commands: [.build],
            help: [
                "also write each glyph as a custom SF Symbol,",
                "DIR/custom.NAME.symbolset (DIR may be in an asset catalog)",
            ])
    }
    static var depfile: Option {
        .text("--depfile", "FILE", .path, commands: [.build], help: ["write a make-style dependency file"])
    }
    static var xcfilelist: Option {
        .text(
            "--xcfilelist", "DIR", .path, configurationKey: "xcfilelist", commands: [.build],
            help: [
                "write iconforge-inputs.xcfilelist and iconforge-outputs.xcfilelist",
                "there, for an Xcode Run Script phase",
            ])
    }
    static var infoPlist: Option {
        .text(
            "--info-plist", "PATH", .path, configurationKey: "infoPlist", commands: [.build],
            help: [
                "replace UIApplicationShortcutItems in this Info.plist,",
                "keeping everything else (created if missing)",
            ])
    }
    static var infoPlistStrings: Option {
        .text(
            "--info-plist-strings", "DIR", .path, configurationKey: "infoPlistStrings", commands: [.build],
            help: ["update the quick actions' lines, between markers,", "in DIR/<locale>.lproj/InfoPlist.strings"])
    }
    static var xcstrings: Option {
        .text(
            "--xcstrings", "FILE", .path, configurationKey: "xcstrings", commands: [.build],
            help: ["merge the quick actions' translations into this", "String Catalog (InfoPlist.xcstrings)"])
    }
    static var swift: Option {
        .text(
            "--swift", "FILE", .path, configurationKey: "swift", commands: [.build],
            help: ["write a Swift enum of the quick actions' types and icons"])
    }
    // render's own
    static var scale: Option { .text("--scale", "2|3", commands: [.render], help: ["which template scale to render"]) }
    static var renderOutput: Option {
        .text("--output", short: "-o", "FILE", .path, commands: [.render], help: ["the PNG to write"])
    }
    // fix's own
    static var fixOutput: Option {
        .text(
            "--output", short: "-o", "FILE", .path, commands: [.fix], shownDefault: "NAME.fixed.svg beside GLYPH.svg",
            help: ["the fixed SVG to write"])
    }
    // build's and check's
    static var pathBase: Option {
        .text(
            "--path-base", "DIR", .path, commands: [.build, .check, .diff],
            shownDefault: "the repository root, the nearest folder up with .git; else the current folder",
            help: ["github and sarif paths are relative to DIR"])
    }
    // diff's own
    static var base: Option {
        .text(
            "--base", "REV", commands: [.diff],
            help: [
                "the git revision to compare with (origin/main; read",
                "from git's objects, built in a temporary folder with",
                "its own iconforge.json); a folder of the same name",
                "is refused as ambiguous; this or --base-dir is required",
            ])
    }
    static var baseDir: Option {
        .text(
            "--base-dir", "DIR", .path, commands: [.diff],
            help: [
                "the folder holding an earlier Output/ to compare with",
                "(its catalog.json and PNGs), instead of --base",
            ])
    }
    static var page: Option {
        .text(
            "--page", "FILE", .path, commands: [.diff], shownDefault: "OUTPUT/\(DiffPage.fileName)",
            help: ["where to write the HTML page of the changes"])
    }
    static var appName: Option {
        .text(
            "--app-name", "NAME", configurationKey: "appName", help: ["the app's name, for the actions.app-name rule"])
    }
    static var config: Option {
        .text("--config", "FILE", .path, shownDefault: "iconforge.json if present", help: ["settings file"])
    }
    // init's (a command outside the pipeline: `CommandTable`)
    static var initAppName: Option {
        .text(
            "--app-name", "NAME", commands: [], shownDefault: "asked, or the folder's name",
            help: ["the app's name, for quick-actions.json"])
    }
    static var fromInfoPlist: Option {
        .text(
            "--from-info-plist", "PATH", .path, commands: [],
            help: [
                "import this Info.plist's UIApplicationShortcutItems",
                "into Glyphs/quick-actions.json (and write nothing else)",
            ])
    }
    static var strings: Option {
        .text(
            "--strings", "DIR", .path, commands: [],
            help: [
                "with --from-info-plist: the folder of the app's",
                "<locale>.lproj/InfoPlist.strings, for the translations",
            ])
    }
    static var initXcstrings: Option {
        .text(
            "--xcstrings", "FILE", .path, commands: [],
            help: ["with --from-info-plist: the app's InfoPlist.xcstrings,", "for the translations"])
    }
}

extension Option where Value == [String] {
    static var xcassetsCheck: Option {
        .paths(
            "--xcassets-check", "PATH", configurationKey: "xcassetsCheck", commands: [.build],
            help: [
                "another asset catalog of the app's target, whose", "asset names the glyphs must not take (repeatable)",
            ])
    }
}

extension Option where Value == Int {
    /// check accepts it too (and writes no PNG).
    static var pngCompression: Option {
        .integer(
            "--png-compression", "N", 1...12, configurationKey: "pngCompression", documented: [.build, .render],
            default: PNGEncoder.defaultCompressionLevel,
            help: [
                "1 (fastest) to 12 (smallest PNGs); 6 and 7 are iconforge's own",
                "glyph encoder (6: about libdeflate 8's size at libdeflate 6's",
                "speed), the others libdeflate's levels",
            ])
    }
    static var jobs: Option {
        .integer(
            "--jobs", short: "-j", "N", 1...256, default: ProcessInfo.processInfo.activeProcessorCount,
            shownDefault: "all cores",
            help: ["glyphs processed at once"])
    }
    static var maxFileSize: Option {
        .integer(
            "--max-file-size", "BYTES", 1...(1 << 30), default: Limits().maximumFileBytes, help: ["largest SVG read"])
    }
    static var maxElements: Option {
        .integer(
            "--max-elements", "N", 1...10_000_000, default: Limits().maximumElements, help: ["most elements in one SVG"]
        )
    }
}

extension Option where Value == Double {
    static var shapeThreshold: Option {
        .number(
            "--shape-threshold", "R", 1...10, configurationKey: "shapeThreshold",
            default: PipelineOptions().shapeThreshold,
            help: ["aspect ratio at which a glyph is wide or tall"])
    }
    static var tolerance: Option {
        .number(
            "--tolerance", "PT", 0...35, configurationKey: "tolerance", default: PipelineOptions().sizeTolerance,
            help: ["allowed distance of the governing dimension", "from its target"])
    }
    static var renderTimeout: Option {
        .number(
            "--render-timeout", "S", 0.1...3600, configurationKey: "renderTimeout",
            default: Isolation.defaultRenderTimeout,
            help: ["seconds one glyph may take to render"])
    }
}

extension Option where Value == OutputFormat {
    static var format: Option {
        .choice(
            "--format", "FORMAT", commands: [.build, .check], default: .text,
            [
                .text: ["file:line:col: error: message [rule]"], .json: ["one JSON document (see docs/ci.md)"],
                .github: ["GitHub Actions ::error annotations"], .sarif: ["SARIF 2.1.0 for GitHub code scanning"],
            ])
    }
}

extension Option where Value == DiffFormat {
    static var diffFormat: Option {
        .choice(
            "--format", "FORMAT", commands: [.diff], default: .text,
            [
                .text: ["a summary, one line per change"], .json: ["one JSON document (see docs/ci.md)"],
                .github: [
                    "::notice annotations on changed glyphs,", "::warning on new findings (and the job summary)",
                ],
            ])
    }
}

extension Option where Value == VectorFormat? {
    static var vector: Option {
        .optionalChoice(
            "--vector", "pdf|svg", configurationKey: "vector", commands: [.build],
            help: [
                "with --xcassets, also write each glyph as a single-scale",
                "vector image set (PDF or SVG) in its group Vector",
            ])
    }
}

extension Option where Value == IsolationChoice {
    static var isolation: Option {
        .choice(
            "--isolation", "MODE", default: .workers,
            [
                .workers: ["render in worker processes", "with time and memory limits;"],
                .none: ["in this process, without limits"],
            ])
    }
}

extension Option where Value == FitChoice? {
    static var fit: Option {
        .flagChoice(
            "--fit", negation: "--no-fit", configurationKey: "fit",
            help: [
                "for sets not drawn on the 35 pt template: set (what", "--fit means) gives glyphs on one artboard size",
                "one scale, bringing the typical glyph to its", "target; glyph scales each ink box to the exact",
                "target; default: template mode, the drawing untouched",
            ])
    }
}

extension OptionTable {
    /// Every option of `build`, `check`, `render`, `preview` and `fix`, in the order their
    /// help lists them.
    static let all: [OptionDeclaration] = [
        Option.output.declaration, Option.preview.declaration, Option.xcassets.declaration, Option.vector.declaration,
        Option.symbols.declaration, Option.depfile.declaration,
        Option.xcfilelist.declaration, Option.xcassetsCheck.declaration, Option.infoPlist.declaration,
        Option.infoPlistStrings.declaration,
        Option.xcstrings.declaration, Option.swift.declaration, Option.swiftPublic.declaration,
        Option.followSymlinks.declaration,
        Option.scale.declaration, Option.renderOutput.declaration,
        Option.fixOutput.declaration, Option.inPlace.declaration, Option.dryRun.declaration,
        Option.pngCompression.declaration,
        Option.format.declaration, Option.pathBase.declaration, Option.watch.declaration,
        Option.base.declaration, Option.baseDir.declaration, Option.diffFormat.declaration, Option.page.declaration,
        Option.fit.declaration, Option.werror.declaration, Option.jobs.declaration, Option.shapeThreshold.declaration,
        Option.tolerance.declaration, Option.maxFileSize.declaration, Option.maxElements.declaration,
        Option.renderTimeout.declaration,
        Option.isolation.declaration, Option.appName.declaration, Option.config.declaration,
        Option.noConfig.declaration, Option.quiet.declaration,
        Option.help.declaration,
    ]
}
