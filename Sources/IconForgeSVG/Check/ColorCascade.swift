/// The CSS `color` each element computes, so that `currentColor` in a file that sets
/// several colours means the one the element shows (KDE's Breeze themes colour parts of an
/// icon by class: `.ColorScheme-Text { color: #232629 }`, `.ColorScheme-Highlight { color:
/// #3daee9 }`, each path `class="…"` and `fill="currentColor"`).
///
/// An element's `color` is its presentation attribute, overridden by matching `<style>`
/// rules (by specificity, then order), overridden by its `style` attribute; else its
/// parent's. Only compound selectors are understood (`*`, `path`, `.class`, `#id`,
/// `path.a.b`, and lists of them); a file with a `color` declaration under any other
/// selector, or in an at-rule, is not resolved (`init` returns nil).
struct ColorCascade {
    struct Rule {
        var type: String?
        var id: String?
        var classes: [String]
        var specificity: Int
        var order: Int
        var value: String

        func matches(_ element: XMLElement) -> Bool {
            if let type, type != element.localName { return false }
            if let id, element.attribute("id")?.value != id { return false }
            if classes.isEmpty { return true }
            let present = (element.attribute("class")?.value ?? "").split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" })
            return classes.allSatisfy { wanted in present.contains { $0 == wanted } }
        }
    }

    var rules: [Rule] = []

    init?(root: XMLElement) {
        var unresolvable = false
        root.forEachElement { element in
            guard !unresolvable, element.namespace == MarkupChecks.svgNamespace, element.localName == "style" else { return }
            for (selector, declaration) in CSSDeclarations.parseStyleRules(element.text) where declaration.property == "color" {
                guard let selector, let parsed = Self.compounds(in: selector) else {
                    unresolvable = true
                    return
                }
                for var rule in parsed {
                    rule.order = rules.count
                    rule.value = declaration.value
                    rules.append(rule)
                }
            }
        }
        if unresolvable { return nil }
    }

    /// The colour `element` computes, given its parent's.
    func color(of element: XMLElement, inherited: PixelColor) -> PixelColor {
        var value = element.attribute("color")?.value
        var best: (specificity: Int, order: Int)?
        for rule in rules where rule.matches(element) {
            if let current = best, (rule.specificity, rule.order) < current { continue }
            best = (rule.specificity, rule.order)
            value = rule.value
        }
        if let inline = MarkupChecks.styleValue("color", on: element) { value = inline }
        guard let value, case .color(let color) = CSSPaint.parse(value) else { return inherited }
        return PixelColor(red: color.red, green: color.green, blue: color.blue)
    }

    /// The compound selectors of a selector list, or nil if any is more than a compound.
    static func compounds(in list: String) -> [Rule]? {
        var rules: [Rule] = []
        for part in list.split(separator: ",", omittingEmptySubsequences: false) {
            let text = String(part).trimmed()
            guard !text.isEmpty else { return nil }
            var rule = Rule(type: nil, id: nil, classes: [], specificity: 0, order: 0, value: "")
            var index = text.startIndex
            func name() -> String? {
                let start = index
                while index < text.endIndex, text[index].isLetter || text[index].isNumber || text[index] == "-" || text[index] == "_" {
                    index = text.index(after: index)
                }
                return start == index ? nil : String(text[start..<index])
            }
            if text[index] == "*" {
                index = text.index(after: index)
            } else if text[index] != "." && text[index] != "#" {
                guard let type = name() else { return nil }
                rule.type = type
                rule.specificity += 1
            }
            while index < text.endIndex {
                let marker = text[index]
                index = text.index(after: index)
                guard marker == "." || marker == "#", let value = name() else { return nil }
                if marker == "." {
                    rule.classes.append(value)
                    rule.specificity += 10
                } else {
                    guard rule.id == nil else { return nil }
                    rule.id = value
                    rule.specificity += 100
                }
            }
            rules.append(rule)
        }
        return rules.isEmpty ? nil : rules
    }
}
