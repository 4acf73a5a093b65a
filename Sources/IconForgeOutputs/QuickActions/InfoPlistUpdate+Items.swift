/// Where an XML property list's `UIApplicationShortcutItems` array and each of its items'
/// keys and values are, byte by byte, so that one item, or one key of it, can be rewritten
/// while every other byte of the array (other items, comments, whitespace) stays.
struct ShortcutItemsLayout {
    struct Pair {
        var key: String
        var keyElement: PropertyListLayout.Element
        var value: PropertyListLayout.Element
    }

    struct Item {
        var element: PropertyListLayout.Element
        /// Between `<dict>` and `</dict>`.
        var content: Range<Int>
        var pairs: [Pair]
    }

    /// Between `<array>` and `</array>`.
    var content: Range<Int>
    var items: [Item]

    /// Nil unless the root dictionary holds the array once, as an `<array>` of `<dict>`s
    /// each holding keys and values.
    init?(_ layout: PropertyListLayout, in bytes: [UInt8]) {
        let matches = layout.entries.filter { $0.key == InfoPlistUpdate.key }
        guard matches.count == 1, let entry = matches.first else { return nil }
        let parts = PropertyListLayout.elements(in: bytes, entry.start..<entry.end)
        guard parts.count == 2, parts[1].name == "array", let content = parts[1].content else { return nil }
        self.content = content
        items = []
        for element in PropertyListLayout.elements(in: bytes, content) {
            guard element.name == "dict", let inner = element.content else { return nil }
            let children = PropertyListLayout.elements(in: bytes, inner)
            guard children.count % 2 == 0 else { return nil }
            var pairs: [Pair] = []
            for index in stride(from: 0, to: children.count, by: 2) {
                guard children[index].name == "key", children[index + 1].name != "key" else { return nil }
                pairs.append(
                    Pair(
                        key: PropertyListLayout.keyText(children[index], in: bytes), keyElement: children[index],
                        value: children[index + 1]))
            }
            items.append(Item(element: element, content: inner, pairs: pairs))
        }
    }

    /// Where `key` of item `index` starts, as an editor counts lines and columns.
    func location(of key: String, inItem index: Int, in bytes: [UInt8]) -> SourceLocation? {
        guard items.indices.contains(index), let pair = items[index].pairs.first(where: { $0.key == key }) else {
            return nil
        }
        return SourceLocation(line: 1, column: 1).advanced(
            by: pair.keyElement.range.lowerBound, in: String(decoding: bytes, as: UTF8.self))
    }
}

extension InfoPlistUpdate {
    /// The indentation one level adds in the file: its root entries' (a tab when it has none).
    static func indentUnit(_ layout: PropertyListLayout, in bytes: [UInt8]) -> String {
        layout.entries.first.flatMap { PropertyListLayout.indentation(before: $0.start, in: bytes)?.indent }.flatMap {
            $0.isEmpty ? nil : $0
        } ?? "\t"
    }

    /// `bytes` with its array's items written as `plan` says, each from the found item's
    /// bytes (as they are, or with only the keys that changed rewritten) or from
    /// `generated`'s; the bytes between items (line breaks, comments) stay with the item
    /// after them. Nil when the file's array is not a non-empty array of dictionaries, or
    /// `generated` is not laid out as Foundation writes it: the whole array is then written.
    static func splicedItems(
        _ bytes: [UInt8], layout: PropertyListLayout, plan: ShortcutItemsMerge.Plan, generated: [UInt8]
    ) -> [UInt8]? {
        guard let old = ShortcutItemsLayout(layout, in: bytes), let first = old.items.first, let last = old.items.last,
            let generatedLayout = try? PropertyListLayout.scan(generated),
            let new = ShortcutItemsLayout(generatedLayout, in: generated),
            old.items.count == plan.found.count, new.items.count == plan.items.count
        else { return nil }
        let unit = indentUnit(layout, in: bytes)
        let newline = layout.newline
        let itemIndent = PropertyListLayout.indentation(before: first.element.range.lowerBound, in: bytes)?.indent
        // Foundation's XML: a tab a level, the root's entries at 1, items at 2, their keys at 3.
        func reindented(_ text: ArraySlice<UInt8>, depth: Int, indent: String) -> [UInt8] {
            let lines = String(decoding: text, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            let shifted = lines.enumerated().map { index, line -> String in
                guard index > 0 else { return String(line) }
                let tabs = line.prefix { $0 == "\t" }.count
                return indent + String(repeating: unit, count: max(0, tabs - depth)) + line.dropFirst(tabs)
            }
            return Array(shifted.joined(separator: newline).utf8)
        }
        func lead(_ index: Int) -> ArraySlice<UInt8> {
            bytes[
                (index == 0 ? old.content.lowerBound : old.items[index - 1].element.range.upperBound)..<old.items[index]
                    .element.range.lowerBound]
        }
        var content: [UInt8] = []
        for (source, item) in zip(plan.sources, plan.items) {
            switch source {
            case .keep(let index):
                guard old.items.indices.contains(index) else { return nil }
                content += lead(index) + bytes[old.items[index].element.range]
            case .fresh(let index):
                content += Array(((itemIndent == nil ? "" : newline) + (itemIndent ?? "")).utf8)
                content += reindented(generated[new.items[index].element.range], depth: 2, indent: itemIndent ?? "")
            case .edit(let index, let newIndex):
                guard old.items.indices.contains(index), plan.found.indices.contains(index),
                    let edited = editedItem(
                        old.items[index], in: bytes, values: plan.found[index].dictionary, to: item,
                        from: new.items[newIndex], generated: generated, itemIndent: itemIndent, unit: unit,
                        newline: newline, reindented: reindented)
                else { return nil }
                content += lead(index) + edited
            }
        }
        content += bytes[last.element.range.upperBound..<old.content.upperBound]
        return Array(bytes[..<old.content.lowerBound]) + content + Array(bytes[old.content.upperBound...])
    }

    /// One found item's bytes with its keys made `item`'s: a key whose value is the same
    /// keeps its bytes, a changed value is rewritten in place, a key gone is removed with
    /// its line, and a new one goes where the item's keys sort it (last in an item whose
    /// keys are not sorted), on a line of its own, indented as the item's keys are.
    private static func editedItem(
        _ found: ShortcutItemsLayout.Item, in bytes: [UInt8], values foundValues: ShortcutItemsMerge.Item?,
        to item: ShortcutItemsMerge.Item, from new: ShortcutItemsLayout.Item, generated: [UInt8],
        itemIndent: String?, unit: String, newline: String, reindented: (ArraySlice<UInt8>, Int, String) -> [UInt8]
    ) -> [UInt8]? {
        let keyIndent =
            found.pairs.first.flatMap {
                PropertyListLayout.indentation(before: $0.keyElement.range.lowerBound, in: bytes)?.indent
            } ?? ((itemIndent ?? "") + unit)
        func generatedPair(_ key: String) -> ShortcutItemsLayout.Pair? { new.pairs.first { $0.key == key } }
        var edits: [(range: Range<Int>, text: [UInt8])] = []
        for pair in found.pairs {
            guard let value = item[pair.key] else {
                edits.append((lineRange(pair.keyElement.range.lowerBound..<pair.value.range.upperBound, in: bytes), []))
                continue
            }
            if foundValues?[pair.key] == value { continue }
            guard let replacement = generatedPair(pair.key) else { return nil }
            edits.append((pair.value.range, reindented(generated[replacement.value.range], 3, keyIndent)))
        }
        let keys = found.pairs.map(\.key)
        var insertions: [Int: [UInt8]] = [:]
        for name in item.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) where !keys.contains(name) {
            guard let pair = generatedPair(name) else { return nil }
            let place = sortedPlace(of: name, in: keys)
            let anchor = place < keys.count ? found.pairs[place].keyElement.range.lowerBound : found.content.upperBound
            let text = reindented(
                generated[pair.keyElement.range.lowerBound..<pair.value.range.upperBound], 3, keyIndent)
            if let line = PropertyListLayout.indentation(before: anchor, in: bytes) {
                insertions[line.lineStart, default: []] += Array(keyIndent.utf8) + text + Array(newline.utf8)
            } else {
                insertions[anchor, default: []] += text
            }
        }
        edits += insertions.map { ($0.key..<$0.key, $0.value) }
        // From the end, so earlier offsets hold; at one offset, what is removed goes before what is inserted there.
        var result = Array(bytes[found.element.range])
        let base = found.element.range.lowerBound
        for edit in edits.sorted(by: {
            ($0.range.lowerBound, $0.range.isEmpty ? 0 : 1) > ($1.range.lowerBound, $1.range.isEmpty ? 0 : 1)
        }) {
            result.replaceSubrange((edit.range.lowerBound - base)..<(edit.range.upperBound - base), with: edit.text)
        }
        return result
    }

    /// `range` widened to its whole line(s) when nothing else is on them.
    private static func lineRange(_ range: Range<Int>, in bytes: [UInt8]) -> Range<Int> {
        guard let line = PropertyListLayout.indentation(before: range.lowerBound, in: bytes) else { return range }
        var end = range.upperBound
        while end < bytes.count, bytes[end] == UInt8(ascii: " ") || bytes[end] == UInt8(ascii: "\t") { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\r") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: "\n") else {
            return end == bytes.count ? line.lineStart..<end : range
        }
        return line.lineStart..<(end + 1)
    }
}
