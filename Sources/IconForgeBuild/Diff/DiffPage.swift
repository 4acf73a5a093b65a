/// `iconforge diff`'s page: one self-contained HTML file (like the preview's, whose
/// stylesheet, image loading and glyph views it uses) showing each changed glyph before,
/// after and as a difference overlay, at real size on light and dark and magnified.
package enum DiffPage {
    /// The page's file name in the output folder (when `--page` names none).
    package static let fileName = "diff.html"

    package static func html(_ result: DiffResult) -> [UInt8] {
        Array(DiffPageWriter(result: result).html().utf8)
    }

    /// Writes the page atomically, recording it beside the preview's pages as iconforge's
    /// (`Preview.conflict(at:)` says whether `path` may be written).
    package static func write(_ result: DiffResult, to path: String) throws(FileError) {
        try Preview.writePage(html(result), to: path)
    }
}

/// Lays the diff page out. Every piece of data goes through `HTMLWriter`, which escapes it.
struct DiffPageWriter {
    var result: DiffResult

    static let css: StaticString = """
        .glyph.changed{box-shadow:inset 4px 0 0 #ff9f0a}.glyph.added{box-shadow:inset 4px 0 0 #1ab04a}
        .glyph.removed{box-shadow:inset 4px 0 0 #e01e3c}.glyph.renamed{box-shadow:inset 4px 0 0 #0a84ff}
        .changed .badge{background:#fff3e0;color:#a65c00}.removed .badge{background:#ffe5ea;color:#c4002b}.renamed .badge{background:#e5f1ff;color:#0058b8}
        .scale-row{display:flex;flex-wrap:wrap;gap:16px;align-items:flex-start}
        .tile img.difference,.darkmag .mag img.difference{filter:none}
        .k.only-base{color:#e01e3c}.k.only-now{color:#1ab04a}.k.recoloured{color:#ff9f0a}.k.same{color:#8e8e93}
        .findings li .glyph-name{font-family:ui-monospace,Menlo,monospace;margin-right:6px}
        """

    static let script: StaticString = """
        (async () => {
          const byId = id => document.getElementById(id);
          iconforgeToggles(['guides', 'dark']);
          // #every in the address shows the unchanged glyphs too.
          if (location.hash.includes('every')) byId('status').value = '';
          const cards = Array.from(document.querySelectorAll('article.glyph'));
          const filter = () => {
            const status = byId('status').value, name = byId('name').value.toLowerCase();
            let shown = 0;
            for (const card of cards) {
              const show = (!status || (status === 'changes' ? card.dataset.status !== 'unchanged' : card.dataset.status === status))
                && (!name || card.dataset.name.toLowerCase().includes(name));
              card.hidden = !show;
              if (show) shown++;
            }
            byId('shown').textContent = shown + ' of ' + cards.length + ' glyphs shown';
          };
          for (const id of ['status', 'name']) byId(id).addEventListener('input', filter);
          filter();
          await iconforgeShowImages(cards, 'iconforge diff');
        })();
        """

    func html() -> String {
        var page = HTMLWriter()
        PreviewPageWriter.head(title: "iconforge diff against \(result.base)", &page)
        page.markup(Self.css)
        page.markup("</style></head>\n")
        page.open(
            "body",
            [
                "data-glyphs": "\(result.entries.count)",
                "data-changes": "\(result.entries.filter { $0.status != .unchanged }.count)",
            ])
        header(&page)
        findings(&page)
        page.markup("<section class=\"glyphs\"><h2>Glyphs</h2>\n")
        if !result.hasChanges {
            page.element("p", ["class": "note"], text: "No glyph's pixels changed.")
        }
        for (index, entry) in result.entries.enumerated() {
            card(entry, index: index, &page)
        }
        PreviewPageWriter.end(script: Self.script, &page)
        return page.html
    }

    private func header(_ page: inout HTMLWriter) {
        page.markup("<header><h1>iconforge diff</h1>")
        page.element(
            "p", ["class": "summary"],
            text: "against \(result.base): \(result.tally)")
        page.markup("<div class=\"controls\">")
        page.markup("<label><input type=\"checkbox\" id=\"show-guides\"> template guides</label>")
        page.markup("<label><input type=\"checkbox\" id=\"show-dark\"> magnified on dark</label>")
        page.markup(
            "<select id=\"status\" aria-label=\"which glyphs\"><option value=\"changes\" selected>every change</option><option value=\"\">every glyph</option>"
        )
        for status in DiffResult.Status.allCases {
            page.element("option", ["value": status.rawValue], text: "\(status.rawValue) (\(result.count(status)))")
        }
        page.markup(
            "</select><input type=\"search\" id=\"name\" placeholder=\"filter by name\" aria-label=\"filter by name\">")
        page.markup("<span id=\"shown\"></span></div>")
        page.markup(
            """
            <p class="legend">difference: <span class="k only-base"></span>ink only in the base <span class="k only-now"></span>ink only now \
            <span class="k recoloured"></span>colour changed <span class="k same"></span>unchanged ink</p></header>

            """)
    }

    private func findings(_ page: inout HTMLWriter) {
        guard !result.newFindings.isEmpty || !result.fixedFindings.isEmpty else { return }
        page.markup("<section class=\"findings\"><h2>Findings</h2>")
        for (title, list) in [("New", result.newFindings), ("Fixed", result.fixedFindings)] where !list.isEmpty {
            page.element("h3", text: "\(title) (\(list.count))")
            page.markup("<ul class=\"diagnostics\">")
            for finding in list {
                page.open("li", ["class": finding.diagnostic.severity.rawValue])
                page.element("span", ["class": "glyph-name"], text: finding.file)
                page.element("span", ["class": "severity"], text: finding.diagnostic.severity.rawValue)
                page.element("span", ["class": "rule"], text: finding.diagnostic.rule.rawValue)
                page.text(finding.diagnostic.message)
                page.close("li")
            }
            page.markup("</ul>")
        }
        page.markup("</section>\n")
    }

    private func card(_ entry: DiffResult.Entry, index: Int, _ page: inout HTMLWriter) {
        let status = entry.status.rawValue
        page.open("article", ["class": "glyph \(status)", "data-name": entry.name, "data-status": status])
        page.markup("<h3>")
        page.element("span", ["class": "name"], text: entry.name)
        page.element("span", ["class": "badge"], text: entry.baseName.map { "renamed from \($0)" } ?? status)
        page.markup("</h3><div class=\"views\">")
        // An unchanged glyph is shown once: its before and after are the same pixels.
        let before = entry.status == .unchanged ? nil : entry.before
        for (scaleIndex, scale) in Template.scales.enumerated() {
            page.open("div", ["class": "scale-row", "data-scale": "\(scale.factor)"])
            if let glyph = before, scaleIndex < glyph.renders.count {
                PreviewPageWriter.view(
                    glyph, glyph.renders[scaleIndex], id: "d\(index)-b-\(scale.factor)", caption: "before",
                    problems: false, &page)
            }
            if let glyph = entry.after, scaleIndex < glyph.renders.count {
                PreviewPageWriter.view(
                    glyph, glyph.renders[scaleIndex], id: "d\(index)-a-\(scale.factor)",
                    caption: entry.status == .unchanged ? nil : "after", problems: false, &page)
            }
            if let glyph = entry.after, scaleIndex < entry.differences.count {
                PreviewPageWriter.view(
                    glyph, entry.differences[scaleIndex], id: "d\(index)-x-\(scale.factor)", caption: "difference",
                    imageClass: "difference", problems: false, &page)
            }
            page.close("div")
        }
        if entry.before?.renders.isEmpty ?? false || entry.after?.renders.isEmpty ?? false {
            page.element("p", ["class": "unrendered"], text: entry.note ?? "not rendered: see the diagnostics")
        }
        page.markup("</div><div class=\"details\"><dl class=\"facts\">")
        func fact(_ term: String, _ value: String) {
            page.element("dt", text: term)
            page.element("dd", text: value)
        }
        fact("file", entry.file)
        if let baseFile = entry.baseFile { fact("base file", baseFile) }
        for change in entry.scales where change.changedPixels > 0 {
            let suffix = "@\(change.scale)x"
            if let sizes = change.sizes {
                fact(suffix, "canvas \(sizes.before) → \(sizes.after) px")
            } else {
                fact(suffix, "\(change.changedPixels) of \(change.pixels) pixels differ")
            }
        }
        page.markup("</dl>")
        if let diagnostics = entry.after?.entry.diagnostics ?? entry.before?.entry.diagnostics {
            PreviewPageWriter.diagnosticList(diagnostics, &page)
        }
        page.markup("</div></article>\n")
    }
}
