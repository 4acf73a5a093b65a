/// The CSS `color` each element computes, so that `currentColor` in a file that sets
/// several colours means the one the element shows (KDE's Breeze themes colour parts of an
/// icon by class: `.ColorScheme-Text { color: #232629 }`, `.ColorScheme-Highlight { color:
/// #3daee9 }`, each path `class="…"` and `fill="currentColor"`), and what every element
/// declares for the paint properties, so that a `<style>` rule paints only through the
/// elements it matches (`.success { fill: #009909 }` that no element carries paints nothing).
///
/// An element's value is its presentation attribute, overridden by matching `<style>`
/// rules (by specificity, then order), overridden by its `style` attribute; else its
/// parent's. Only compound selectors are understood (`*`, `path`, `.class`, `#id`,
/// `path.a.b`, and lists of them); a declaration under any other selector, or in an
/// at-rule, is `unresolved` (and a file with such a `color` declaration is not resolved:
/// `init(root:)` returns nil).
struct ColorCascade {
    struct Rule {
        var type: String?
        var id: String?
        var classes: [String]
        var specificity: Int
        var order: Int
        var value: String
        var property = "color"
        /// Where the declaration is written.
        var location: SourceLocation?
        /// The rule's selector as written, for messages.
        var selector = ""

        func matches(_ element: XMLElement) -> Bool {
            if let type, type != element.localName { return false }
            if let id, element.attribute("id")?.value != id { return false }
            if classes.isEmpty { return true }
            let present = (element.attribute("class")?.value ?? "").split(whereSeparator: {
                $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r"
            })
            return classes.allSatisfy { wanted in present.contains { $0 == wanted } }
        }
    }

    /// Where a value an element declares comes from.
    struct Declared {
        var value: String
        var location: SourceLocation
        /// The `<style>` rule it comes from, if it does.
        var rule: Rule?
    }

    var rules: [Rule] = []
    /// The properties whose rules are kept.
    var properties: Set<String> = []
    /// Declarations of the properties asked for that no selector this model understands
    /// carries (`g .a`, `@media …`): they are taken to apply where they are written.
    var unresolved: [(property: String, value: String, location: SourceLocation)] = []

    /// The `color` cascade, or nil when a `color` declaration is unresolved.
    init?(root: XMLElement) {
        self.init(root: root, properties: ["color"])
        if !unresolved.isEmpty { return nil }
    }

    /// The rules of every `<style>` element for `properties`.
    init(root: XMLElement, properties: Set<String>) {
        self.properties = properties
        root.forEachElement { element in
            guard element.namespace == MarkupChecks.svgNamespace, element.localName == "style" else { return }
            var cursor = SourceCursor(element.text, location: element.textLocation ?? element.location)
            for (selector, declaration) in CSSDeclarations.parseStyleRules(element.text)
            where properties.contains(declaration.property) {
                let location = cursor.location(at: declaration.utf8Offset)
                guard let selector, let parsed = Self.compounds(in: selector) else {
                    unresolved.append((declaration.property, declaration.value, location))
                    continue
                }
                for var rule in parsed {
                    rule.order = rules.count
                    rule.value = declaration.value
                    rule.property = declaration.property
                    rule.location = location
                    rule.selector = selector
                    rules.append(rule)
                }
            }
        }
    }

    /// The colour `element` computes, given its parent's.
    func color(of element: XMLElement, inherited: PixelColor) -> PixelColor {
        guard let value = declared("color", on: element)?.value, case .color(let color) = CSSPaint.parse(value) else {
            return inherited
        }
        return PixelColor(red: color.red, green: color.green, blue: color.blue)
    }

    /// What `element` itself gives `property`: its `style` attribute, else the matching rule
    /// of highest specificity (the later of equals), else its presentation attribute; nil
    /// when it gives none (the value is inherited or initial).
    func declared(_ property: String, on element: XMLElement) -> Declared? {
        declaredValues(on: element, only: property)[property]
    }

    /// What `element` itself gives each property of the cascade (or only `property`).
    func declaredValues(on element: XMLElement, only property: String? = nil) -> [String: Declared] {
        var values: [String: Declared] = [:]
        for attribute in element.attributes
        where attribute.namespace == nil
            && (property.map { $0 == attribute.localName } ?? properties.contains(attribute.localName))
        {
            values[attribute.localName] = Declared(value: attribute.value.trimmed(), location: attribute.location)
        }
        var best: [String: Rule] = [:]
        for rule in rules where (property.map { $0 == rule.property } ?? true) && rule.matches(element) {
            if let current = best[rule.property], (rule.specificity, rule.order) < (current.specificity, current.order)
            {
                continue
            }
            best[rule.property] = rule
        }
        for (name, rule) in best {
            if let location = rule.location {
                values[name] = Declared(value: rule.value.trimmed(), location: location, rule: rule)
            }
        }
        if let style = element.attribute("style") {
            var cursor = SourceCursor(style.value, location: style.valueLocation)
            for declaration in CSSDeclarations.parseInline(style.value)
            where property.map({ $0 == declaration.property }) ?? properties.contains(declaration.property) {
                values[declaration.property] = Declared(
                    value: declaration.value, location: cursor.location(at: declaration.utf8Offset))
            }
        }
        return values
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
                while index < text.endIndex,
                    text[index].isLetter || text[index].isNumber || text[index] == "-" || text[index] == "_"
                {
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
