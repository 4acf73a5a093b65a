/// How many elements librsvg would draw once every `<use>` is expanded, computed from the
/// reference graph before anything is rendered: a `<use>` draws a copy of what it points at,
/// so ten levels of ten `<use>`s each are 10¹⁰ copies from 110 elements, which librsvg would
/// draw until the render timeout stopped it. Each element counts once, plus its children,
/// plus, for a `<use>`, what its target counts; a reference cycle (reported as
/// `svg.use-cycle`, and refused by librsvg) adds nothing. Iterative, with sums that stop
/// growing past the limit, so neither depth nor size can make this step costly.
package enum UseExpansion {
    /// Drawn elements once every `<use>` is expanded: an icon draws a few hundred.
    package static let maximumDrawnElements = 100_000

    /// The element count with every `<use>` expanded (at most `limit + 1`), and the `<use>`
    /// whose own copy counts most.
    static func drawnElements(_ root: XMLElement, limit: Int = maximumDrawnElements) -> (count: Int, largestUse: SourceLocation?) {
        // Flatten, in document order: each element's children and `<use>` target by index.
        var elements: [XMLElement] = []
        var children: [[Int]] = []
        var stack: [(element: XMLElement, parent: Int?)] = [(root, nil)]
        while let (element, parent) = stack.popLast() {
            let index = elements.count
            elements.append(XMLElement(name: element.name, localName: element.localName, namespace: element.namespace, attributes: element.attributes, children: [], text: "", textLocation: nil, location: element.location))
            children.append([])
            if let parent { children[parent].append(index) }
            for child in element.children.reversed() { stack.append((child, index)) }
        }
        var byID: [String: Int] = [:]
        for (index, element) in elements.enumerated() {
            if let id = element.attribute("id")?.value, byID[id] == nil { byID[id] = index }
        }
        let targets: [Int?] = elements.map { element in
            guard element.localName == "use", element.namespace == MarkupChecks.svgNamespace,
                let href = element.attribute("href", namespace: MarkupChecks.xlinkNamespace)?.value.trimmed(), href.hasPrefix("#")
            else { return nil }
            return byID[String(href.dropFirst())]
        }
        // Post-order over children and targets; 0 unvisited, 1 under way, 2 counted.
        var state = [UInt8](repeating: 0, count: elements.count)
        var count = [Int](repeating: 0, count: elements.count)
        var largest: (count: Int, index: Int)?
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
            for child in children[index] where state[child] == 2 { total = min(limit + 1, total + count[child]) }
            if let target = targets[index], state[target] == 2 {
                total = min(limit + 1, total + count[target])
                if largest.map({ count[target] >= $0.count }) ?? true { largest = (count[target], index) }
            }
            count[index] = total
            state[index] = 2
        }
        return (count[0], largest.map { elements[$0.index].location })
    }
}
