/// `iconforge preview` and `build --preview`: one self-contained HTML page (images, styles
/// and script inline; nothing fetched) showing every glyph at @2x and @3x, real size and
/// magnified, with the template's guides, what failed drawn on it, and the quick-action menu
/// as the Home Screen would show it.
package enum Preview {
    /// The page's file name in the output folder. It is not listed in the catalog.
    package static let fileName = "preview.html"

    /// Where the page goes for an output folder.
    package static func path(inOutputFolder folder: String) -> String {
        folder.withoutTrailingSlash + "/" + fileName
    }

    /// The page for the glyphs of `request` as `report` (a build's or a check's) found them,
    /// with the PNGs the build made: a request that `keepsImages` brings them all in the
    /// report; without it, only the files a build wrote or kept are shown.
    /// A library function, so that a watch loop can make the page again after each build.
    /// `liveReload`: the page is written for a watch (`--watch`), and reloads itself in the
    /// browser when the watch rewrites it (`LiveReload`).
    package static func page(
        report: BuildReport, request: BuildRequest, liveReload: Bool = false, path: String = fileName
    ) -> [UInt8] {
        let catalog = report.catalog
        let glyphs = PreviewImages.glyphs(catalog, images: report.images, outputFolder: request.outputFolder)
        let menus = PreviewMenu.menus(
            inputs: request.inputs, glyphNames: glyphs.filter { !$0.renders.isEmpty }.map(\.entry.name))
        return Array(
            PreviewPageWriter(
                catalog: catalog, glyphs: glyphs, menus: menus, reloadingPage: liveReload ? path : nil
            ).html().utf8)
    }

    /// Writes the page to `path` atomically (a reader never sees half a page), having first
    /// recorded in the folder's `.iconforge-preview` that the page is iconforge's (see
    /// `conflict(at:)`). The caller has checked `conflict(at:)`.
    package static func write(report: BuildReport, request: BuildRequest, to path: String, liveReload: Bool = false)
        throws(FileError)
    {
        try writePage(page(report: report, request: request, liveReload: liveReload, path: path), to: path)
    }

    /// Writes a page of iconforge's (the preview, the diff) to `path` atomically, having
    /// first recorded it in the folder's `.iconforge-preview`.
    static func writePage(_ bytes: [UInt8], to path: String) throws(FileError) {
        let record = recordPath(forPage: path)
        var listed = recordedPages(record)
        if !listed.contains(path.lastPathComponent) {
            listed.insert(path.lastPathComponent)
            try FileSystem.writeAtomically(Array(listed.sorted().map { $0 + "\n" }.joined().utf8), to: record)
        }
        _ = try FileSystem.writeAtomically(bytes, to: path)
    }

    /// The file beside a page that names the pages iconforge wrote there: what makes a page
    /// iconforge's to replace (its state, not its content), as the build state does for PNGs.
    static let recordFileName = ".iconforge-preview"

    static func recordPath(forPage path: String) -> String {
        (path.contains("/") ? path.parentPath + "/" : "") + recordFileName
    }

    private static func recordedPages(_ record: String) -> Set<String> {
        guard let bytes = try? FileSystem.readRegularFile(record, limit: 1 << 16, followingSymlinks: false) else {
            return []
        }
        return Set(String(decoding: bytes, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    /// Why the page may not be written at `path`, or nil: a file there that iconforge did
    /// not write (its record does not name it) is someone else's, and is never overwritten.
    package static func conflict(at path: String) -> String? {
        switch FileSystem.kind(of: path) {
        case .missing: return nil
        case .regular where recordedPages(recordPath(forPage: path)).contains(path.lastPathComponent): return nil
        default:
            return
                "\(path) already exists and iconforge did not write it (\(recordFileName) beside it does not name it), so the page is not written over it; move it away, or delete it if it is stale"
        }
    }
}

/// Lays the page out. Every piece of data goes through `HTMLWriter`, which escapes it.
struct PreviewPageWriter {
    var catalog: Catalog
    var glyphs: [PreviewGlyph]
    var menus: [PreviewMenu]
    /// The page's path when a watch keeps it current: it then carries `LiveReload`'s script.
    var reloadingPage: String? = nil

    /// How much a magnified view enlarges each scale's canvas: both come out about 210 px.
    static func zoom(_ scale: Template.Scale) -> Int { max(1, 210 / scale.canvas) }
    /// The margin around a magnified canvas, in canvas pixels, where ink beyond it is drawn.
    static func margin(_ scale: Template.Scale) -> Int { scale.canvas / 7 }

    func html() -> String {
        var page = HTMLWriter()
        Self.head(title: "iconforge preview: \(glyphs.count) glyph\(glyphs.count == 1 ? "" : "s")", &page)
        page.markup("</style>")
        if let reloadingPage { page.liveReloadScript(forPage: reloadingPage) }
        page.markup("</head>\n")
        page.open("body", ["data-glyphs": "\(glyphs.count)"])
        header(&page)
        menuSection(&page)
        page.markup("<section class=\"glyphs\"><h2>Glyphs</h2>\n")
        for (index, glyph) in glyphs.enumerated() {
            card(glyph, index: index, &page)
        }
        Self.end(script: PreviewAssets.script, &page)
        return page.html
    }

    /// A page's start, up to inside its `<style>`, which holds the preview's stylesheet: a
    /// page that adds its own rules (the diff's) writes them next, then closes it.
    static func head(title: String, _ page: inout HTMLWriter) {
        page.markup("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">")
        page.markup("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">")
        page.element("title", text: title)
        page.markup("<style>")
        page.markup(PreviewAssets.css)
    }

    /// A page's end, from the close of its last section: the preview's image loader and
    /// toggles, then the page's own `script`.
    static func end(script: StaticString, _ page: inout HTMLWriter) {
        page.markup("</section>\n<script>")
        page.markup(PreviewAssets.imageLoader)
        page.markup(PreviewAssets.toggles)
        page.markup(script)
        page.markup("</script></body></html>\n")
    }

    private func header(_ page: inout HTMLWriter) {
        let failing = glyphs.filter(\.hasErrors).count
        let warned = glyphs.filter { !$0.hasErrors && $0.hasWarnings }.count
        page.markup("<header><h1>iconforge preview</h1>")
        page.element(
            "p", ["class": "summary"],
            text:
                "\(glyphs.count) glyphs: \(failing) failing, \(warned) with warnings · \(catalog.mode.rawValue) mode · iconforge \(catalog.tool.version)"
        )
        if let family = catalog.family {
            page.element("p", ["class": "family"], text: PreviewGlyph.familyText(family))
        }
        page.markup("<div class=\"controls\">")
        page.markup("<label><input type=\"checkbox\" id=\"show-guides\"> template guides</label>")
        page.markup("<label><input type=\"checkbox\" id=\"show-dark\"> magnified on dark</label>")
        page.markup("<label><input type=\"checkbox\" id=\"show-failing\"> failing only</label>")
        page.markup("<select id=\"rule\"><option value=\"\">every rule</option>")
        for rule in Set(glyphs.flatMap(\.rules)).sorted() {
            page.element("option", ["value": rule.rawValue], text: rule.rawValue)
        }
        page.markup(
            "</select><input type=\"search\" id=\"name\" placeholder=\"filter by name\" aria-label=\"filter by name\">")
        page.markup("<span id=\"shown\"></span></div>")
        page.markup(
            """
            <p class="legend guide-legend"><span class="k canvas"></span>35 pt canvas <span class="k t27"></span>27 pt target \
            <span class="k t30"></span>30 pt target <span class=\"k ink\"></span>ink box <span class="k problem"></span>what failed</p></header>

            """)
    }

    // MARK: - The quick-action menu

    private func menuSection(_ page: inout HTMLWriter) {
        page.markup("<section class=\"menus\"><h2>Quick-action menu</h2>")
        if menus.first?.locale == nil {
            page.element(
                "p", ["class": "note"], text: "No \(QuickActions.fileName): a menu of the first four glyphs by name.")
        }
        if let diagnostics = catalog.quickActions?.diagnostics, !diagnostics.isEmpty {
            Self.diagnosticList(diagnostics, &page)
        }
        page.markup("<div class=\"menu-list\">")
        let renderedByName = Dictionary(
            glyphs.enumerated().filter { !$0.element.renders.isEmpty }.map { ($0.element.entry.name, $0.offset) },
            uniquingKeysWith: { first, _ in first })
        for menu in menus {
            page.open("div", ["class": "menu-pair", "data-locale": menu.locale ?? ""])
            page.element("h3", text: menu.locale ?? "glyphs by name")
            for appearance in ["light", "dark"] {
                page.open(
                    "div",
                    [
                        "class": "menu \(appearance)", "dir": Self.isRightToLeft(menu.locale) ? "rtl" : nil,
                        "lang": menu.locale,
                    ])
                for row in menu.rows {
                    page.open("div", ["class": row.subtitle == nil ? "row" : "row two"])
                    page.markup("<div class=\"texts\">")
                    line(row.title, class: "title", &page)
                    if let subtitle = row.subtitle { line(subtitle, class: "subtitle", &page) }
                    page.markup("</div>")
                    switch row.icon {
                    case .glyph(let name):
                        if let index = renderedByName[name], let largest = glyphs[index].renders.last {
                            page.open(
                                "img",
                                [
                                    "class": "icon", "data-copy": Self.imageID(index, largest.scale), "width": "35",
                                    "height": "35", "alt": name,
                                ])
                        } else {
                            page.element("span", ["class": "icon missing"], text: "no glyph \(name)")
                        }
                    case .named(let kind, let name):
                        page.element("span", ["class": "icon named", "title": kind], text: name)
                    case .none:
                        page.markup("<span class=\"icon\"></span>")
                    }
                    page.close("div")
                }
                page.close("div")
            }
            page.close("div")
        }
        page.markup("</div></section>\n")
    }

    private func line(_ line: PreviewMenu.Line, class name: StaticString, _ page: inout HTMLWriter) {
        page.open(
            "div", ["class": "\(name)\(line.truncated ? " truncated" : "")", "title": line.truncated ? line.full : nil])
        page.text(line.shown)
        page.close("div")
    }

    static func isRightToLeft(_ locale: String?) -> Bool {
        guard let language = locale?.split(separator: "-").first else { return false }
        return ["ar", "he", "fa", "ur", "yi", "ps"].contains(String(language))
    }

    // MARK: - A glyph

    static func imageID(_ index: Int, _ scale: Template.Scale) -> String { "g\(index)-\(scale.factor)" }

    private func card(_ glyph: PreviewGlyph, index: Int, _ page: inout HTMLWriter) {
        let entry = glyph.entry
        let status = glyph.hasErrors ? "failed" : glyph.hasWarnings ? "warned" : "ok"
        page.open(
            "article",
            [
                "class": "glyph \(status)", "data-name": entry.name, "data-status": status,
                "data-rules": glyph.rules.map(\.rawValue).joined(separator: " "),
            ])
        page.markup("<h3>")
        page.element("span", ["class": "name"], text: entry.name)
        page.element(
            "span", ["class": "badge"], text: status == "failed" ? "fails" : status == "warned" ? "warnings" : "passes")
        page.markup("</h3><div class=\"views\">")
        if glyph.renders.isEmpty {
            page.element("p", ["class": "unrendered"], text: "not rendered: see the diagnostics")
        }
        for render in glyph.renders {
            Self.view(glyph, render, id: Self.imageID(index, render.scale), &page)
        }
        page.markup("</div><div class=\"details\"><dl class=\"facts\">")
        func fact(_ term: String, _ value: String) {
            page.element("dt", text: term)
            page.element("dd", text: value)
        }
        fact("source", entry.source)
        fact("shape", entry.shape?.rawValue ?? "unknown")
        if let artboard = entry.artboard { fact("artboard", "\(artboard.width.pt) × \(artboard.height.pt) pt") }
        fact(
            "ink box", entry.inkBox.map { "\($0.width.pt) × \($0.height.pt) pt at (\($0.x.pt), \($0.y.pt))" } ?? "none")
        if let color = entry.color { fact("colour", color) }
        for weight in glyph.weightFacts(family: catalog.family) {
            page.element("dt", text: weight.term)
            page.element("dd", ["class": weight.outlier ? "outlier" : nil], text: weight.text)
        }
        for render in glyph.renders {
            fact("\(render.scale.suffix) transform", glyph.transformText(render))
            fact("\(render.scale.suffix) output", glyph.outputText(render))
        }
        page.markup("</dl>")
        Self.diagnosticList(entry.diagnostics, &page)
        page.markup("</div></article>\n")
    }

    static func diagnosticList(_ diagnostics: [Catalog.CatalogDiagnostic], _ page: inout HTMLWriter) {
        guard !diagnostics.isEmpty else { return }
        page.markup("<ul class=\"diagnostics\">")
        for diagnostic in diagnostics {
            page.open("li", ["class": diagnostic.severity.rawValue])
            page.element("span", ["class": "severity"], text: diagnostic.severity.rawValue)
            page.element("span", ["class": "rule"], text: diagnostic.rule.rawValue)
            if let line = diagnostic.line {
                page.element("span", ["class": "location"], text: "\(line):\(diagnostic.column ?? 1)")
            }
            page.text(" " + diagnostic.message)
            page.close("li")
        }
        page.markup("</ul>")
    }

    /// One scale: real size on light and dark, then magnified with its guides and problems
    /// (the diff page shows its before, after and difference images through it too).
    /// `caption` goes before the scale's; `imageClass` marks an image the tiles must not
    /// tint (the difference, whose colours are its meaning); `problems` false leaves out
    /// what failed (a difference image shows changes, not findings).
    static func view(
        _ glyph: PreviewGlyph, _ render: PreviewGlyph.Render, id: String, caption: String? = nil,
        imageClass: String? = nil, problems: Bool = true,
        _ page: inout HTMLWriter
    ) {
        let scale = render.scale
        let points = Double(render.width) / Double(scale.factor)
        let zoom = Self.zoom(scale)
        let margin = Self.margin(scale)
        let outer = (render.width + 2 * margin) * zoom
        page.open("figure", ["class": "scale", "data-scale": "\(scale.factor)"])
        page.element(
            "figcaption",
            text: (caption.map { $0 + " · " } ?? "")
                + "\(scale.suffix) · \(render.width) × \(render.height) px · ×\(zoom)")
        page.markup("<div class=\"real\">")
        for appearance in ["light", "dark"] {
            page.open("span", ["class": "tile \(appearance)"])
            page.open(
                "img",
                [
                    "data-copy": id, "alt": "", "class": imageClass,
                    "style": "width:\(points.fixed(2))px;height:\(points.fixed(2))px",
                ])
            page.close("span")
        }
        page.markup("</div>")
        page.open("div", ["class": "mag", "style": "width:\(outer)px;height:\(outer)px"])
        page.open(
            "img",
            [
                "id": id, "data-png": Data(render.png).base64EncodedString(),
                "alt": (caption.map { $0 + " " } ?? "") + "\(glyph.entry.name) \(scale.suffix)",
                "class": imageClass,
                "data-width": "\(render.width)", "data-height": "\(render.height)",
                "style":
                    "left:\(margin * zoom)px;top:\(margin * zoom)px;width:\(render.width * zoom)px;height:\(render.height * zoom)px",
            ])
        overlay(glyph, render, margin: margin, problems: problems, &page)
        page.markup("</div></figure>")
    }

    /// The guides (shown with the toggle) and what failed (always shown), in canvas pixels.
    private static func overlay(
        _ glyph: PreviewGlyph, _ render: PreviewGlyph.Render, margin: Int, problems: Bool, _ page: inout HTMLWriter
    ) {
        let canvas = Double(render.width)
        let side = Double(render.width + 2 * margin)
        page.open(
            "svg",
            ["class": "overlay", "viewBox": "\(-margin) \(-margin) \(side.pt) \(side.pt)", "aria-hidden": "true"])
        func rect(_ box: Rect, _ name: String) {
            page.open(
                "rect", ["class": name, "x": box.x.pt, "y": box.y.pt, "width": box.width.pt, "height": box.height.pt])
            page.close("rect")
        }
        func centred(_ size: Double) -> Rect {
            Rect(x: (canvas - size) / 2, y: (canvas - size) / 2, width: size, height: size)
        }
        let scale = render.scale
        let ink = glyph.entry.inkBox.map { render.plan.pixels(fromPoints: $0) }
        rect(centred(canvas), "guide canvas")
        rect(centred(Double(scale.squareTarget)), "guide t27")
        rect(centred(Double(scale.wideTallTarget)), "guide t30")
        page.open(
            "path",
            ["class": "guide centre", "d": "M\((canvas / 2).pt) 0V\(canvas.pt)M0 \((canvas / 2).pt)H\(canvas.pt)"])
        page.close("path")
        if let ink { rect(ink, "guide ink") }
        let rules = problems ? Set(glyph.entry.diagnostics.map(\.rule)) : []
        if rules.contains(.sizeTarget), let shape = glyph.entry.shape {
            rect(centred(Double(scale.target(for: shape))), "problem missed-target")
        }
        if rules.contains(.sizeMax) { rect(centred(canvas), "problem canvas-exceeded") }
        if rules.contains(.geometryClipped), let artboard = glyph.entry.artboard {
            rect(render.plan.viewport(artboard: artboard), "problem viewport")
        }
        if let ink, !rules.isDisjoint(with: [.sizeTarget, .sizeMax, .geometryClipped, .geometryOffCenter]) {
            rect(ink, "problem ink")
        }
        if rules.contains(.geometryOffCenter), let ink {
            page.open(
                "path",
                [
                    "class": "problem off-centre",
                    "d": "M\((canvas / 2).pt) \((canvas / 2).pt)L\(ink.midX.pt) \(ink.midY.pt)",
                ])
            page.close("path")
        }
        if problems, let second = render.secondColour {
            page.open(
                "circle",
                [
                    "class": "problem second-colour", "cx": (Double(second.x) + 0.5).pt,
                    "cy": (Double(second.y) + 0.5).pt, "r": "3",
                ])
            page.element("title", text: "second colour \(second.hex) here")
            page.close("circle")
        }
        page.close("svg")
    }
}
