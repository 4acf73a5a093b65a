/// How the `UIApplicationShortcutItems` an Info.plist holds become the ones a build writes,
/// item by item: which found item each new one takes the place of, and which keys someone
/// added by hand to an item iconforge wrote (kept in it, and reported). Pure values: the XML
/// and binary writers (`InfoPlistUpdate`) turn a plan into bytes, touching only what changed.
package enum ShortcutItemsMerge {
    package typealias Item = [String: PropertyListValue]

    static let typeKey = QuickActionsPropertyList.Item.CodingKeys.type.rawValue

    /// A key someone added to an item iconforge wrote.
    package struct AddedKey: Equatable {
        package var key: String
        package var value: PropertyListValue
        /// The item's `UIApplicationShortcutItemType`.
        package var type: String
        /// The item's place in the array found, from 0.
        package var index: Int
        /// What quick-actions.json now has for this key, when it has another value (the key
        /// stays as it was found).
        package var wanted: PropertyListValue?
        /// The item's action is no longer in quick-actions.json: the item went, and the key with it.
        package var removed = false
    }

    /// Where each item written comes from.
    enum Source: Equatable {
        /// The found item, exactly as it is.
        case keep(old: Int)
        /// The found item, with the keys that differ from the new item changed, added or removed.
        case edit(old: Int, new: Int)
        /// The new item alone.
        case fresh(new: Int)
    }

    struct Plan {
        /// The items found.
        var found: [PropertyListValue] = []
        /// One per item written, in order.
        var sources: [Source] = []
        /// The items written: the new ones, with the keys someone added.
        var items: [Item] = []
        /// iconforge's part of each item written (the new item, less a key someone added that
        /// quick-actions.json now gives another value): what the record holds.
        var owned: [Item] = []
        var added: [AddedKey] = []
    }

    /// The keys someone added to each item of `found` (by index; an item with none is not
    /// listed) when `found`, those keys aside, is iconforge's: the array its record says it
    /// wrote, or exactly `generated`. Nil when it is not (a hand-written array, or a value of
    /// iconforge's changed or removed since). The keys iconforge wrote in each item are
    /// those the record lists; a record from before it listed them is taken to hold every
    /// key quick-actions.json has a field for.
    static func added(found: [PropertyListValue], generated: [Item], recorded: AppOwnershipRecord.InfoPlist?) -> [Int:
        Item]?
    {
        func split(_ owns: (Int) -> Set<String>) -> (owned: [PropertyListValue], added: [Int: Item])? {
            var owned: [PropertyListValue] = []
            var added: [Int: Item] = [:]
            for (index, value) in found.enumerated() {
                guard let item = value.dictionary else { return nil }
                let keys = owns(index)
                owned.append(.dictionary(item.filter { keys.contains($0.key) }))
                let others = item.filter { !keys.contains($0.key) }
                if !others.isEmpty { added[index] = others }
            }
            return (owned, added)
        }
        if let recorded {
            let known = Set(QuickActionsPropertyList.Item.CodingKeys.allKeys)
            var candidates: [(Int) -> Set<String>] = [{ _ in known }]
            if let keys = recorded.itemKeys, keys.count == found.count { candidates.insert({ Set(keys[$0]) }, at: 0) }
            for owns in candidates {
                if let result = split(owns), InfoPlistUpdate.digest(.array(result.owned)) == recorded.arraySHA256 {
                    return result.added
                }
            }
        }
        if generated.count == found.count, let result = split({ Set(generated[$0].keys) }),
            result.owned == generated.map(PropertyListValue.dictionary)
        {
            return result.added
        }
        return nil
    }

    /// The items to write for `generated`, given the array `found` and the keys someone
    /// added to its items. A new item takes the place of the found item of its type, else
    /// of the one at its own place when that one's type is gone too (a renamed type).
    static func plan(found: [PropertyListValue], generated: [Item], added: [Int: Item]) -> Plan {
        let foundTypes = found.map { $0.dictionary?[typeKey]?.string }
        let newTypes = generated.map { $0[typeKey]?.string }
        var match = [Int?](repeating: nil, count: generated.count)
        var taken = Set<Int>()
        for (new, type) in newTypes.enumerated() {
            guard let type,
                let old = foundTypes.indices.first(where: {
                    !taken.contains($0) && foundTypes[$0] == type && found[$0].dictionary != nil
                })
            else { continue }
            match[new] = old
            taken.insert(old)
        }
        for new in generated.indices
        where match[new] == nil && found.indices.contains(new) && !taken.contains(new) && found[new].dictionary != nil {
            if let type = foundTypes[new], newTypes.contains(type) { continue }
            match[new] = new
            taken.insert(new)
        }
        var plan = Plan(found: found)
        for (new, item) in generated.enumerated() {
            guard let old = match[new], let existing = found[old].dictionary else {
                plan.sources.append(.fresh(new: new))
                plan.items.append(item)
                plan.owned.append(item)
                continue
            }
            var written = item
            var owned = item
            for (key, value) in (added[old] ?? [:]).sorted(by: { $0.key < $1.key }) {
                // quick-actions.json now has the key: with the same value it is iconforge's from now on.
                if item[key] == value { continue }
                written[key] = value
                owned[key] = nil
                plan.added.append(
                    AddedKey(
                        key: key, value: value, type: existing[typeKey]?.string ?? "", index: old, wanted: item[key]))
            }
            plan.sources.append(written == existing ? .keep(old: old) : .edit(old: old, new: new))
            plan.items.append(written)
            plan.owned.append(owned)
        }
        for (old, keys) in added.sorted(by: { $0.key < $1.key }) where !taken.contains(old) {
            for (key, value) in keys.sorted(by: { $0.key < $1.key }) {
                plan.added.append(
                    AddedKey(key: key, value: value, type: foundTypes[old] ?? "", index: old, removed: true))
            }
        }
        return plan
    }

    /// The quick-actions.json field that says what `key` says, as it would be written there
    /// for `value`, whether it goes into the action's `"icon"`, and the field as the action
    /// holds it (inside `"icon"` for an icon); nil when there is none (or `value` is not one
    /// it can hold).
    package static func field(for key: String, value: PropertyListValue) -> (
        text: String, inIcon: Bool, inAction: String
    )? {
        guard let field = fieldValue(for: key, value: value) else { return nil }
        let text = OrderedJSON.member(field.name, field.value)
        return (
            text, field.inIcon,
            field.inIcon ? OrderedJSON.member("icon", .object([(field.name, field.value)], inline: true)) : text
        )
    }

    private static func fieldValue(for key: String, value: PropertyListValue) -> (
        name: String, value: OrderedJSON, inIcon: Bool
    )? {
        typealias Keys = QuickActionsPropertyList.Item.CodingKeys
        if key == Keys.userInfo.rawValue, let dictionary = value.dictionary,
            dictionary.values.allSatisfy({ $0.string != nil })
        {
            return (
                "userInfo",
                .object(dictionary.keys.sorted().map { ($0, .string(dictionary[$0]?.string ?? "")) }, inline: true),
                false
            )
        }
        guard let text = value.string else { return nil }
        switch key {
        case Keys.iconType.rawValue: return ("system", .string(text), true)
        case Keys.iconSymbolName.rawValue: return ("symbol", .string(text), true)
        case Keys.iconFile.rawValue: return ("glyph", .string(text), true)
        case Keys.subtitle.rawValue: return ("subtitle", .string(text), false)
        case Keys.targetContentIdentifier.rawValue: return ("targetContentIdentifier", .string(text), false)
        default: return nil
        }
    }
}
