/// Puts the quick actions into an app's own Info.plist (`build --info-plist PATH`): its
/// `UIApplicationShortcutItems` is replaced, or added, and every other key and value stays
/// as it was. Within the array, only what changed is written (`ShortcutItemsMerge`): an item
/// that is as it should be stays as it is, a changed one has only its changed keys
/// rewritten, and a key someone added to an item iconforge wrote stays in it. The file is
/// written back in the format it was read in: an XML one is edited in place, so its key
/// order, indentation and comments stay byte for byte and the diff shows the changed items
/// alone; a binary one is read by `BinaryPropertyListReader`, which keeps each value's type
/// and each dictionary's key order, and written again by `BinaryPropertyListWriter`, in
/// that order. Every result is parsed again and compared with the original, key by key,
/// before it may be written.
package enum InfoPlistUpdate {
    package static let key = "UIApplicationShortcutItems"

    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// The new bytes for the property list `existing` (nil when there is no file yet: the
    /// result then holds the array alone, for Xcode to merge into the Info.plist it
    /// generates), or nil when `existing` already holds exactly the array. Every item found
    /// is taken for iconforge's (`update` decides that).
    ///
    /// - Parameter generated: `QuickActions.plist`'s bytes, whose root dictionary holds the array alone.
    package static func updated(_ existing: [UInt8]?, generated: [UInt8]) throws(Failure) -> [UInt8]? {
        try update(existing, generated: generated, owner: .everything).bytes
    }

    /// What updating an Info.plist does: its new bytes (nil: as it is), the record of the
    /// array it now holds (for `AppOwnershipRecord`), and the keys someone added to its items.
    package struct Update: Equatable {
        package var bytes: [UInt8]?
        /// The SHA-256 of iconforge's part of the array, and the keys it wrote in each item.
        package var arraySHA256: String
        package var itemKeys: [[String]]
        package var added: [ShortcutItemsMerge.AddedKey] = []
        /// Where each added key is in the file read, when it is XML (1-based line and column).
        package var addedLocations: [SourceLocation?] = []
    }

    /// `updated`, refusing to replace an array iconforge did not write: one that, the keys
    /// someone added to its items aside, is not what `recorded` says an earlier build wrote
    /// and is not exactly the new one (then it becomes iconforge's as it is, not a byte changed).
    package static func update(
        _ existing: [UInt8]?, generated: [UInt8], recorded: AppOwnershipRecord.InfoPlist?, sourceName: String
    ) throws(Failure) -> Update {
        try update(existing, generated: generated, owner: .recorded(recorded, sourceName: sourceName))
    }

    private enum Owner {
        case everything
        case recorded(AppOwnershipRecord.InfoPlist?, sourceName: String)
    }

    private static func update(_ existing: [UInt8]?, generated: [UInt8], owner: Owner) throws(Failure) -> Update {
        let items = try parse(generated, what: "the generated QuickActions.plist").dictionary[key] ?? .array([])
        let newItems = items.array?.compactMap(\.dictionary) ?? []
        guard let existing else {
            return Update(bytes: generated, arraySHA256: digest(items), itemKeys: newItems.map { $0.keys.sorted() })
        }
        let original = try parse(existing, what: "it")
        let found = original.dictionary[key]
        var added: [Int: ShortcutItemsMerge.Item] = [:]
        if case .recorded(let recorded, let sourceName) = owner, let found, found != items {
            guard let array = found.array,
                let keys = ShortcutItemsMerge.added(found: array, generated: newItems, recorded: recorded)
            else {
                let count = found.array?.count ?? 0
                throw Failure(
                    message:
                        "has a \(key) array (\(count) quick \(count == 1 ? "action" : "actions")) that iconforge did not write, or in which a value it wrote was changed or removed since, so it is not replaced; import it into \(sourceName) with `iconforge init --from-info-plist PATH` (with --strings DIR or --xcstrings FILE for its translations), after which builds keep it as it is, or delete the array from this file to let iconforge write its own"
                )
            }
            added = keys
        }
        let plan = ShortcutItemsMerge.plan(found: found?.array ?? [], generated: newItems, added: added)
        var update = Update(
            bytes: nil, arraySHA256: digest(.array(plan.owned.map(PropertyListValue.dictionary))),
            itemKeys: plan.owned.map { $0.keys.sorted() },
            added: plan.added)
        let written = PropertyListValue.array(plan.items.map(PropertyListValue.dictionary))
        if original.format == .xml {
            let located = (try? PropertyListLayout.scan(existing)).flatMap { ShortcutItemsLayout($0, in: existing) }
            update.addedLocations = plan.added.map { located?.location(of: $0.key, inItem: $0.index, in: existing) }
        } else {
            update.addedLocations = plan.added.map { _ in nil }
        }
        if found == written { return update }
        update.bytes = try rewritten(existing, original: original, plan: plan, written: written, generated: generated)
        return update
    }

    /// `existing` with the array `written` (planned by `plan`) in place of the one it holds.
    private static func rewritten(
        _ existing: [UInt8], original: Parsed, plan: ShortcutItemsMerge.Plan, written: PropertyListValue,
        generated: [UInt8]
    ) throws(Failure) -> [UInt8] {
        let result: [UInt8]
        var expectedTree: PropertyListTree?
        switch original.format {
        case .binary:
            guard let tree = original.tree, let entries = tree.entries else {
                throw Failure(message: "does not hold a dictionary at its root")
            }
            let root = PropertyListTree.dictionary(withArray(entries, plan: plan))
            expectedTree = root
            result = BinaryPropertyListWriter.bytes(for: root)
        case .xml:
            result = try spliced(existing, plan: plan, generated: generated)
        default:
            throw Failure(
                message:
                    "is an old-style (OpenStep) property list, which iconforge does not write; convert it with `plutil -convert xml1`"
            )
        }
        // Whatever wrote it, the result must say what the original said, the array aside.
        let reread = try parse(result, what: "the updated file")
        var before = original.dictionary
        var after = reread.dictionary
        let newArray = after.removeValue(forKey: key)
        before.removeValue(forKey: key)
        guard reread.format == original.format, newArray == written, after == before,
            expectedTree == nil || reread.tree == expectedTree
        else {
            throw Failure(
                message:
                    "could not be updated without changing other keys (a layout iconforge does not understand); copy QuickActions.plist's array in by hand, and report this"
            )
        }
        return result
    }

    /// A binary property list's root entries with the array as `plan` has it: every found
    /// item and key that stays keeps its place, a new key goes where its item's keys sort it
    /// (or last, in an item whose keys are not sorted), and a new array where the root's
    /// keys sort it (or last).
    private static func withArray(_ entries: [PropertyListTree.Entry], plan: ShortcutItemsMerge.Plan)
        -> [PropertyListTree.Entry]
    {
        let found = entries.last { $0.key == key }?.value.elements ?? []
        var items: [PropertyListTree] = []
        for (source, item) in zip(plan.sources, plan.items) {
            switch source {
            case .keep(let old): items.append(found[old])
            case .fresh: items.append(PropertyListTree(.dictionary(item)))
            case .edit(let old, _):
                var kept: [PropertyListTree.Entry] = []
                for entry in found[old].entries ?? [] {
                    guard let value = item[entry.key] else { continue }
                    kept.append(
                        value == entry.value.value
                            ? entry : PropertyListTree.Entry(key: entry.key, value: PropertyListTree(value)))
                }
                let present = Set(kept.map(\.key))
                for (name, value) in item.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) })
                where !present.contains(name) {
                    kept.insert(
                        PropertyListTree.Entry(key: name, value: PropertyListTree(value)),
                        at: sortedPlace(of: name, in: kept.map(\.key)))
                }
                items.append(.dictionary(kept))
            }
        }
        var result = entries
        let array = PropertyListTree.Entry(key: key, value: .array(items))
        if let index = result.lastIndex(where: { $0.key == key }) {
            result[index] = array
        } else {
            result.insert(array, at: sortedPlace(of: key, in: result.map(\.key)))
        }
        return result
    }

    /// Where `name` goes among `keys`: before the first that sorts after it when they are
    /// sorted (as Xcode writes them), else last.
    static func sortedPlace(of name: String, in keys: [String]) -> Int {
        let isSorted = zip(keys, keys.dropFirst()).allSatisfy { !$1.utf8.lexicographicallyPrecedes($0.utf8) }
        guard isSorted else { return keys.count }
        return keys.firstIndex { name.utf8.lexicographicallyPrecedes($0.utf8) } ?? keys.count
    }

    /// The SHA-256 of a value as Foundation's encoder writes it (XML, keys sorted): the same
    /// value gives the same digest whatever file it was read from.
    package static func digest(_ value: PropertyListValue) -> String {
        let encoder = PropertyListEncoder()
        encoder.outputFormat = .xml
        return SHA256Digest.hex(of: [UInt8]((try? encoder.encode([value])) ?? Data()))
    }

    /// A parsed property list's root dictionary and format.
    package struct Parsed {
        package var dictionary: [String: PropertyListValue]
        var format: PropertyListDecoder.PropertyListFormat
        /// A binary file's root, with every dictionary's keys in the order stored.
        var tree: PropertyListTree?
    }

    package static func parse(_ bytes: [UInt8], what: String) throws(Failure) -> Parsed {
        var format = PropertyListDecoder.PropertyListFormat.xml
        let value: PropertyListValue
        var tree: PropertyListTree?
        if BinaryPropertyListReader.isBinary(bytes) {
            // Read by type, as stored: Foundation's decoder would turn a whole-number real into an integer.
            do throws(BinaryPropertyListReader.Failure) {
                let stored = try BinaryPropertyListReader.tree(bytes)
                tree = stored
                value = stored.value
                format = .binary
            } catch {
                throw Failure(message: what == "it" ? error.message : "\(what) \(error.message)")
            }
        } else {
            if let problem = PropertyListLimits.xmlProblem(bytes, what: what == "it" ? "it" : what) {
                throw Failure(message: problem.hasPrefix("it ") ? String(problem.dropFirst(3)) : problem)
            }
            do {
                value = try PropertyListDecoder().decode(PropertyListValue.self, from: Data(bytes), format: &format)
            } catch {
                throw Failure(message: "\(what == "it" ? "is" : "\(what) is") not a property list (\(error))")
            }
        }
        guard let dictionary = value.dictionary else {
            throw Failure(message: "\(what == "it" ? "does" : "\(what) does") not hold a dictionary at its root")
        }
        return Parsed(dictionary: dictionary, format: format, tree: tree)
    }

    /// The key and array as `QuickActions.plist` writes them (its root dictionary's lines),
    /// each with its depth below the root.
    static func arrayLines(_ generated: [UInt8]) -> [(depth: Int, text: String)] {
        let lines = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(of: "<dict>"), let close = lines.lastIndex(of: "</dict>"), open < close else {
            return []
        }
        return lines[(open + 1)..<close].map { line in
            let depth = line.prefix { $0 == "\t" }.count
            return (depth, String(line.dropFirst(depth)))
        }
    }

    /// `bytes` with the array `plan` writes: item by item (`splicedItems`) where the file
    /// has an array of dictionaries and `generated` is laid out as expected, else the whole
    /// array replaced or added.
    static func spliced(_ bytes: [UInt8], plan: ShortcutItemsMerge.Plan, generated: [UInt8]) throws(Failure) -> [UInt8]
    {
        let layout: PropertyListLayout
        do throws(PropertyListLayout.Failure) {
            layout = try PropertyListLayout.scan(bytes)
        } catch {
            throw Failure(message: error.message)
        }
        if let result = splicedItems(bytes, layout: layout, plan: plan, generated: generated) { return result }
        return try spliced(bytes, layout: layout, array: arrayLines(generated))
    }

    /// `bytes` with the root dictionary's `UIApplicationShortcutItems` entry replaced by
    /// `array`, or `array` added: in key order if the keys are sorted (as Xcode writes
    /// them), else last. Indentation follows the file's.
    static func spliced(_ bytes: [UInt8], layout: PropertyListLayout, array: [(depth: Int, text: String)])
        throws(Failure) -> [UInt8]
    {
        let matches = layout.entries.filter { $0.key == key }
        guard matches.count <= 1 else { throw Failure(message: "has \(key) twice; remove one") }
        let unit = indentUnit(layout, in: bytes)
        let newline = layout.newline
        func render(indentingFirst: Bool) -> String {
            array.enumerated().map { index, line in
                (index == 0 && !indentingFirst ? "" : String(repeating: unit, count: line.depth)) + line.text
            }.joined(separator: newline)
        }
        var result = bytes
        if let entry = matches.first {
            result.replaceSubrange(entry.start..<entry.end, with: Array(render(indentingFirst: false).utf8))
        } else if layout.rootIsEmptyElement {
            result.replaceSubrange(
                layout.closing,
                with: Array(("<dict>" + newline + render(indentingFirst: true) + newline + "</dict>").utf8))
        } else {
            let place = sortedPlace(of: key, in: layout.entries.map(\.key))
            let next = place < layout.entries.count ? layout.entries[place] : nil
            let anchor = next?.start ?? layout.closing.lowerBound
            if let line = PropertyListLayout.indentation(before: anchor, in: bytes) {
                result.insert(contentsOf: Array((render(indentingFirst: true) + newline).utf8), at: line.lineStart)
            } else {
                result.insert(
                    contentsOf: Array((render(indentingFirst: false) + newline + (next == nil ? "" : unit)).utf8),
                    at: anchor)
            }
        }
        return result
    }
}
