/// How many elements librsvg would draw once every `<use>` is expanded, computed from the
/// reference graph before anything is rendered: a `<use>` draws a copy of what it points at,
/// so ten levels of ten `<use>`s each are 10¹⁰ copies from 110 elements, which librsvg would
/// draw until the render timeout stopped it. Each element counts once, plus its children
/// (but for `<defs>` and `<symbol>`, whose contents are drawn only where something refers
/// to them), plus, for a `<use>`, what its target counts, each counted once and reused
/// (linear in the document, however long a chain of `<use>`s); a reference cycle of any
/// length (reported as `svg.use-cycle`, and refused by librsvg) adds nothing. Iterative,
/// with sums that stop growing past the limit, so neither depth nor size can make this
/// step costly.
package enum UseExpansion {
    /// Drawn elements once every `<use>` is expanded: an icon draws a few hundred.
    package static let maximumDrawnElements = 100_000

    /// The element count with every `<use>` expanded (at most `limit + 1`), the `<use>`
    /// whose own copy counts most, and each `<use>` that closes a reference cycle through
    /// other elements (its `href`'s location and the element's span; one that refers to
    /// itself or to an element containing it, which the markup check reports itself, is not
    /// among them).
    static func drawnElements(
        _ root: XMLElement, limit: Int = maximumDrawnElements
    ) -> (count: Int, largestUse: SourceLocation?, cycles: [(location: SourceLocation, span: Range<Int>)]) {
        // Flatten, in document order: each element's children and `<use>` target by index.
        var elements: [XMLElement] = []
        var children: [[Int]] = []
        var parents: [Int?] = []
        var stack: [(element: XMLElement, parent: Int?)] = [(root, nil)]
        while let (element, parent) = stack.popLast() {
            let index = elements.count
            var flat = XMLElement(
                name: element.name, localName: element.localName, namespace: element.namespace,
                attributes: element.attributes, children: [], text: "", textLocation: nil,
                location: element.location)
            flat.span = element.span
            elements.append(flat)
            children.append([])
            parents.append(parent)
            if let parent { children[parent].append(index) }
            for child in element.children.reversed() { stack.append((child, index)) }
        }
        var byID: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            if let id = element.attribute("id")?.value, byID[id] == nil { byID[id] = index }
        }
        let targets: [Int?] = elements.map { element in
            guard element.localName == "use", element.namespace == MarkupChecks.svgNamespace,
                let href = element.attribute("href", namespace: MarkupChecks.xlinkNamespace)?.value.trimmed(),
                href.hasPrefix("#")
            else { return nil }
            return byID[String(href.dropFirst())]
        }
        // Post-order over children and targets; 0 unvisited, 1 under way, 2 counted.
        var state = [UInt8](repeating: 0, count: elements.count)
        var count = [Int](repeating: 0, count: elements.count)
        var largest: (count: Int, index: Int)?
        var cycles: [Int] = []
        var work: [(index: Int, expanded: Bool)] = [(0, false)]
        while let (index, expanded) = work.popLast() {
            if !expanded {
                guard state[index] == 0 else { continue }
                state[index] = 1
                work.append((index, true))
                for child in children[index] where state[child] == 0 { work.append((child, false)) }
                if let target = targets[index], state[target] == 0 { work.append((target, false)) }
                continue
            }
            var total = 1
            let drawsItsChildren = !["defs", "symbol"].contains(elements[index].localName)
            for child in children[index] where state[child] == 2 && drawsItsChildren {
                total = min(limit + 1, total + count[child])
            }
            if let target = targets[index] {
                if state[target] == 2 {
                    total = min(limit + 1, total + count[target])
                    if largest.map({ count[target] >= $0.count }) ?? true { largest = (count[target], index) }
                } else if !isSelfOrAncestor(target, of: index, parents: parents) {
                    // Still under way: the target is on the path that led here, through
                    // other references.
                    cycles.append(index)
                }
            }
            count[index] = total
            state[index] = 2
        }
        let closing = cycles.sorted().map {
            (
                location: elements[$0].attribute("href", namespace: MarkupChecks.xlinkNamespace)?.location
                    ?? elements[$0].location,
                span: elements[$0].span
            )
        }
        return (count[0], largest.map { elements[$0.index].location }, closing)
    }

    /// Whether `target` is `index` or an element containing it, by the tree alone.
    private static func isSelfOrAncestor(_ target: Int, of index: Int, parents: [Int?]) -> Bool {
        var current: Int? = index
        while let element = current {
            if element == target { return true }
            current = parents[element]
        }
        return false
    }
}
