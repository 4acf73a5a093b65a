/// Puts the quick actions into an app's own Info.plist (`build --info-plist PATH`): its
/// `UIApplicationShortcutItems` is replaced, or added, and every other key and value stays
/// as it was. The file is written back in the format it was read in: an XML one is edited
/// in place, so its key order, indentation and comments stay byte for byte and the diff
/// shows the array alone; a binary one is read by `BinaryPropertyListReader`, which keeps
/// each value's type, and encoded again by Foundation (its byte layout is nobody's diff).
/// Every result is parsed again and compared with the original, key by key, before it may
/// be written.
package enum InfoPlistUpdate {
    package static let key = "UIApplicationShortcutItems"

    package struct Failure: Error, Equatable {
        package var message: String
    }

    /// The new bytes for the property list `existing` (nil when there is no file yet: the
    /// result then holds the array alone, for Xcode to merge into the Info.plist it
    /// generates), or nil when `existing` already holds exactly the array.
    ///
    /// - Parameter generated: `QuickActions.plist`'s bytes, whose root dictionary holds the array alone.
    package static func updated(_ existing: [UInt8]?, generated: [UInt8]) throws(Failure) -> [UInt8]? {
        let items = try parse(generated, what: "the generated QuickActions.plist").dictionary[key] ?? .array([])
        guard let existing else { return generated }
        let original = try parse(existing, what: "it")
        if original.dictionary[key] == items { return nil }
        let result: [UInt8]
        switch original.format {
        case .binary:
            var dictionary = original.dictionary
            dictionary[key] = items
            let encoder = PropertyListEncoder()
            encoder.outputFormat = .binary
            do {
                result = [UInt8](try encoder.encode(PropertyListValue.dictionary(dictionary)))
            } catch {
                throw Failure(message: "cannot be encoded again as a binary property list: \(error)")
            }
        case .xml:
            result = try spliced(existing, array: arrayLines(generated))
        default:
            throw Failure(message: "is an old-style (OpenStep) property list, which iconforge does not write; convert it with `plutil -convert xml1`")
        }
        // Whatever wrote it, the result must say what the original said, the array aside.
        let written = try parse(result, what: "the updated file")
        var before = original.dictionary, after = written.dictionary
        let newItems = after.removeValue(forKey: key)
        before.removeValue(forKey: key)
        guard written.format == original.format, newItems == items, after == before else {
            throw Failure(message: "could not be updated without changing other keys (a layout iconforge does not understand); copy QuickActions.plist's array in by hand, and report this")
        }
        return result
    }

    /// What updating an Info.plist does: its new bytes (nil: as it is) and the SHA-256 of the
    /// array it now holds, for `AppFilesRecord`.
    package struct Update: Equatable {
        package var bytes: [UInt8]?
        package var arraySHA256: String
    }

    /// `updated`, refusing to replace an array iconforge did not write: one whose SHA-256 is
    /// not `recordedArraySHA256` (what an earlier build recorded writing) and that is not
    /// already exactly the new one (then it becomes iconforge's as it is, not a byte changed).
    package static func update(_ existing: [UInt8]?, generated: [UInt8], recordedArraySHA256: String?, sourceName: String) throws(Failure) -> Update {
        let items = try parse(generated, what: "the generated QuickActions.plist").dictionary[key] ?? .array([])
        if let existing, let found = try parse(existing, what: "it").dictionary[key], found != items, digest(found) != recordedArraySHA256 {
            let count = found.array?.count ?? 0
            throw Failure(message: "has a \(key) array (\(count) quick \(count == 1 ? "action" : "actions")) that iconforge did not write, or that was changed since it did, so it is not replaced; import it into \(sourceName) with `iconforge init --from-info-plist PATH` (with --strings DIR or --xcstrings FILE for its translations), after which builds keep it as it is, or delete the array from this file to let iconforge write its own")
        }
        return Update(bytes: try updated(existing, generated: generated), arraySHA256: digest(items))
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
    }

    package static func parse(_ bytes: [UInt8], what: String) throws(Failure) -> Parsed {
        var format = PropertyListDecoder.PropertyListFormat.xml
        let value: PropertyListValue
        if BinaryPropertyListReader.isBinary(bytes) {
            // Read by type, as stored: Foundation's decoder would turn a whole-number real into an integer.
            do throws(BinaryPropertyListReader.Failure) {
                value = try BinaryPropertyListReader.read(bytes)
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
        return Parsed(dictionary: dictionary, format: format)
    }

    /// The key and array as `QuickActions.plist` writes them (its root dictionary's lines),
    /// each with its depth below the root.
    static func arrayLines(_ generated: [UInt8]) -> [(depth: Int, text: String)] {
        let lines = String(decoding: generated, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(of: "<dict>"), let close = lines.lastIndex(of: "</dict>"), open < close else { return [] }
        return lines[(open + 1)..<close].map { line in
            let depth = line.prefix { $0 == "\t" }.count
            return (depth, String(line.dropFirst(depth)))
        }
    }

    /// `bytes` with the root dictionary's `UIApplicationShortcutItems` entry replaced by
    /// `array`, or `array` added: in key order if the keys are sorted (as Xcode writes
    /// them), else last. Indentation follows the file's.
    static func spliced(_ bytes: [UInt8], array: [(depth: Int, text: String)]) throws(Failure) -> [UInt8] {
        let layout: PropertyListLayout
        do {
            layout = try PropertyListLayout.scan(bytes)
        } catch {
            throw Failure(message: error.message)
        }
        let matches = layout.entries.filter { $0.key == key }
        guard matches.count <= 1 else { throw Failure(message: "has \(key) twice; remove one") }
        let unit = layout.entries.first.flatMap { PropertyListLayout.indentation(before: $0.start, in: bytes)?.indent }.flatMap { $0.isEmpty ? nil : $0 } ?? "\t"
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
            result.replaceSubrange(layout.closing, with: Array(("<dict>" + newline + render(indentingFirst: true) + newline + "</dict>").utf8))
        } else {
            let keys = layout.entries.map(\.key)
            let isSorted = zip(keys, keys.dropFirst()).allSatisfy { !$1.utf8.lexicographicallyPrecedes($0.utf8) }
            let next = isSorted ? layout.entries.first { key.utf8.lexicographicallyPrecedes($0.key.utf8) } : nil
            let anchor = next?.start ?? layout.closing.lowerBound
            if let line = PropertyListLayout.indentation(before: anchor, in: bytes) {
                result.insert(contentsOf: Array((render(indentingFirst: true) + newline).utf8), at: line.lineStart)
            } else {
                result.insert(contentsOf: Array((render(indentingFirst: false) + newline + (next == nil ? "" : unit)).utf8), at: anchor)
            }
        }
        return result
    }
}
