/// `iconforge init`: the files a new project starts with. It writes only files that do
/// not exist: a second run reports what is there and changes nothing.
enum ProjectScaffold {
    /// An example glyph drawn on the template: a 27 pt circled plus, centred, one colour.
    static let exampleGlyph = """
        <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 35 35" width="35" height="35">
          <title>Example</title>
          <!-- Drawn on the 35 pt template: the circle's outer edge is the 27 pt square target. -->
          <g fill="none" stroke="#000000" stroke-width="2.5" stroke-linecap="round">
            <circle cx="17.5" cy="17.5" r="12.25"/>
            <line x1="17.5" y1="11.5" x2="17.5" y2="23.5"/>
            <line x1="11.5" y1="17.5" x2="23.5" y2="17.5"/>
          </g>
        </svg>

        """

    /// Apple's quick-action template as an artboard for designers: the 35 pt canvas, the
    /// 27 pt square target, the 30 pt wide and tall targets and the centre lines, on a
    /// locked guide layer, and an empty layer to draw on. Both are Inkscape layers
    /// (`inkscape:groupmode="layer"`, the guides locked with `sodipodi:insensitive`), which
    /// Illustrator, Figma and Sketch import as layers by their ids. The ids are the ones
    /// `glyph.template` recognises in a glyph saved with the guides still in it
    /// (`MarkupChecks.templateGuideIDs`). The instructions are a comment, not a `<title>` or
    /// `<desc>`, which would travel into every glyph saved from it as its accessible text.
    /// A dot-file: never a glyph.
    static let templateArtboard = """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" xmlns:inkscape="http://www.inkscape.org/namespaces/inkscape"
             xmlns:sodipodi="http://sodipodi.sourceforge.net/DTD/sodipodi-0.dtd" viewBox="0 0 35 35" width="35" height="35">
          <!-- iconforge's quick-action template (35 pt). Draw on the Glyph layer; square glyphs fill the
               27 pt box, wide glyphs are 30 pt wide, tall ones 30 pt tall; nothing goes beyond 35 pt.
               Then delete the Guides layer and save under a new name, Glyphs/NAME.svg: this file is
               never built. -->
          <g id="Guides" inkscape:groupmode="layer" inkscape:label="Guides" sodipodi:insensitive="true" fill="none" stroke-width="0.1">
            <rect id="canvas-35pt" x="0.05" y="0.05" width="34.9" height="34.9" stroke="#ff2d55"/>
            <rect id="wide-30pt" x="2.5" y="4" width="30" height="27" stroke="#007aff" stroke-dasharray="0.5 0.5"/>
            <rect id="tall-30pt" x="4" y="2.5" width="27" height="30" stroke="#007aff" stroke-dasharray="0.5 0.5"/>
            <rect id="square-27pt" x="4" y="4" width="27" height="27" stroke="#34c759"/>
            <line id="centre-vertical" x1="17.5" y1="0" x2="17.5" y2="35" stroke="#8e8e93"/>
            <line id="centre-horizontal" x1="0" y1="17.5" x2="35" y2="17.5" stroke="#8e8e93"/>
          </g>
          <g id="Glyph" inkscape:groupmode="layer" inkscape:label="Glyph"/>
        </svg>

        """

    static func configuration(glyphs: String) -> String {
        let comment = [
            "iconforge's settings for this project; flags on the command line win over them.",
            "glyphs: the folder of SVG glyphs (or a list of folders); output: where PNGs and catalog.json go.",
            "fit: true (or \"set\") gives each artboard size's glyphs one scale, which brings the set's typical glyph to the template's target (for sets not drawn on the 35 pt template); \"glyph\" scales each glyph to the target alone.",
            "tolerance: how far (pt) a glyph's governing side may be from 27 pt (square) or 30 pt (wide, tall).",
            "werror: true makes warnings fail the build. Add an \"xcassets\" key naming an asset catalog to fill it.",
            "Every key: docs/reference.md in iconforge's repository, or 'iconforge help build'.",
        ]
        let document = OrderedJSON.object([
            ("//", .array(comment.map { .string($0) })), ("glyphs", .string(glyphs)), ("output", .string("Output")),
            ("fit", .bool(false)),
            ("tolerance", .number(0.5)), ("werror", .bool(false)),
        ])
        return document.text(.readable) + "\n"
    }

    static func quickActions(appName: String) -> String {
        let action = OrderedJSON.object([
            ("type", .string("com.example." + identifier(appName) + ".example")), ("title", .string("New Item")),
            ("icon", .object([("glyph", .string("example"))], inline: true)),
        ])
        return OrderedJSON.object([("appName", .string(appName)), ("actions", .array([action]))]).text(.readable) + "\n"
    }

    /// What to write, relative to the project folder.
    static func files(appName: String) -> [(path: String, text: String)] {
        [
            ("iconforge.json", configuration(glyphs: "Glyphs")),
            ("Glyphs/example.svg", exampleGlyph),
            ("Glyphs/quick-actions.json", quickActions(appName: appName)),
            ("Glyphs/.template.svg", templateArtboard),
        ]
    }

    /// The app's name when none is given: the folder's.
    static func defaultAppName(for folder: String) -> String {
        let resolved = FileSystem.resolvedPath(folder) ?? folder
        let name = resolved.lastPathComponent
        return name.isEmpty || name == "/" || name == "." ? "MyApp" : name
    }

    /// A reverse-DNS component from the app's name: lower-case letters and digits.
    static func identifier(_ name: String) -> String {
        let kept = String(
            name.lowercased().unicodeScalars.filter { ("a"..."z").contains($0) || ("0"..."9").contains($0) }.map(
                Character.init))
        return kept.isEmpty ? "app" : kept
    }

    /// What `.gitignore` keeps out of version control: the build's bookkeeping beside the
    /// output a repository commits (docs/make.md: the build state too, which a fresh clone
    /// does without, MakeFreshCloneTests) and the preview page (docs/designers.md).
    static let ignoredPaths = [
        "/Output/.iconforge-state", "/Output/.iconforge-lock", "/Output/.iconforge-journal", "**/.iconforge-tmp-*",
        "/Output/.iconforge-preview", "/Output/iconforge.d",
        "/Output/preview.html", "/Output/preview.reload.js",
    ]

    /// The lines to add to a `.gitignore` holding `existing` (nil: there is none), or nil
    /// when it already lists every entry. Lines already there are not repeated.
    static func gitignoreAddition(to existing: String?) -> String? {
        let present = Set((existing ?? "").split(whereSeparator: \.isNewline).map { String($0).trimmed() })
        let missing = ignoredPaths.filter { !present.contains($0) }
        guard !missing.isEmpty else { return nil }
        var text = ""
        if let existing, !existing.isEmpty { text = existing.hasSuffix("\n") ? "\n" : "\n\n" }
        return text + "# iconforge's bookkeeping and preview; commit the rest of Output/\n"
            + missing.joined(separator: "\n") + "\n"
    }

    struct Result {
        var written: [String] = []
        var existing: [String] = []
        /// Files that existed and had lines added (`.gitignore`).
        var extended: [String] = []
        var failure: FileError?
    }

    static func create(in folder: String, appName: String) -> Result {
        var result = Result()
        for file in files(appName: appName) {
            let path = folder == "." ? file.path : (folder.hasSuffix("/") ? folder : folder + "/") + file.path
            guard FileSystem.kind(of: path) == .missing else {
                result.existing.append(path)
                continue
            }
            do throws(FileError) {
                try FileSystem.createFolder(path.parentPath)
                try FileSystem.writeAtomically(Array(file.text.utf8), to: path)
                result.written.append(path)
            } catch {
                result.failure = error
                return result
            }
        }
        addIgnoredPaths(in: folder, to: &result)
        return result
    }

    /// Writes `.gitignore`, or appends the entries it lacks; what was there stays as it was.
    static func addIgnoredPaths(in folder: String, to result: inout Result) {
        let path = folder == "." ? ".gitignore" : (folder.hasSuffix("/") ? folder : folder + "/") + ".gitignore"
        do throws(FileError) {
            let exists = FileSystem.kind(of: path) != .missing
            let existing =
                exists ? String(decoding: try FileSystem.readRegularFile(path, limit: 16 << 20), as: UTF8.self) : nil
            guard let addition = gitignoreAddition(to: existing) else {
                result.existing.append(path)
                return
            }
            // Through a symlink to the file it names, keeping its permissions.
            let target = exists ? FileSystem.resolvedPath(path) ?? path : path
            try FileSystem.writeAtomically(
                Array(((existing ?? "") + addition).utf8), to: target,
                mode: exists ? FileSystem.permissions(of: target) : nil)
            if exists { result.extended.append(path) } else { result.written.append(path) }
        } catch {
            result.failure = error
        }
    }
}
