/// `glyph.template`'s warning: a drawing saved into `Glyphs/.template.svg`, the template
/// `iconforge init` writes. A dot-file is never a glyph, so without this the drawing would be
/// silently left out of every build.
package enum TemplateCheck {
    /// The template's name in a glyph folder.
    static let fileName = ".template.svg"

    /// Root children of the template that are not the drawing: its layers are looked into.
    static let notDrawing: Set<String> = ["title", "desc", "metadata", "defs", "style"]

    /// The finding for each glyph folder among `folders` whose template holds a drawing.
    package static func run(folders: [String], limits: Limits) -> [Diagnostic] {
        var found: [Diagnostic] = []
        for folder in folders where FileSystem.kind(followingSymlinksOf: folder) == .directory {
            let path = (folder.hasSuffix("/") ? folder : folder + "/") + fileName
            guard case .regular = FileSystem.kind(followingSymlinksOf: path),
                let bytes = try? FileSystem.readRegularFile(path, limit: limits.maximumFileBytes),
                let document = try? XMLScanner.parse(bytes, limits: limits),
                let drawing = firstDrawing(in: document.root)
            else { continue }
            found.append(
                Diagnostic(
                    warningOf: .glyphTemplate, file: path, at: drawing,
                    "the template holds a drawing, but iconforge never builds \(fileName) (a dot-file); save your drawing under a new name, \(folder.hasSuffix("/") ? folder : folder + "/")NAME.svg, delete the Guides layer there, and leave the template as init wrote it"
                ))
        }
        return found
    }

    /// Where the first drawn element outside the template's guides is: in the `Glyph` layer,
    /// or anywhere else at the top level.
    static func firstDrawing(in root: XMLElement) -> SourceLocation? {
        var stack = root.children.reversed().map { $0 }
        while let element = stack.popLast() {
            guard element.namespace == MarkupChecks.svgNamespace, !notDrawing.contains(element.localName),
                !MarkupChecks.isTemplateGuide(element)
            else { continue }
            // A layer (any group) is looked into; an empty one is no drawing.
            if element.localName == "g" {
                stack.append(contentsOf: element.children.reversed())
                continue
            }
            return element.location
        }
        return nil
    }

    /// Whether `diagnostic` is this check's (about a template, not a glyph).
    package static func isTemplateFinding(_ diagnostic: Diagnostic) -> Bool {
        diagnostic.rule == .glyphTemplate && diagnostic.file.hasSuffix("/" + fileName)
    }
}
