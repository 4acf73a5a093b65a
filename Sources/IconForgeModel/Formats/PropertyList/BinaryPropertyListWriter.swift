/// Writes a binary property list (`bplist00`, the format `BinaryPropertyListReader` reads)
/// from a `PropertyListTree`: dictionaries in the tree's key order, each type as the tree
/// holds it, equal strings, numbers, dates and data stored once (as Apple's writer does),
/// objects numbered depth-first with a dictionary's keys before its values. The bytes depend
/// on nothing but the tree, so one Info.plist gives the same file on every machine, which
/// Foundation's encoder does not promise (its dictionaries are hashed, its layout its own).
package enum BinaryPropertyListWriter {
    package static func bytes(for tree: PropertyListTree) -> [UInt8] {
        var flattened = Flattened()
        let top = flattened.add(tree)
        let count = flattened.objects.count
        let referenceSize = count < 1 << 8 ? 1 : count < 1 << 16 ? 2 : 4
        var output = Array("bplist00".utf8)
        var offsets: [Int] = []
        offsets.reserveCapacity(count)
        for object in flattened.objects {
            offsets.append(output.count)
            switch object {
            case .encoded(let bytes): output += bytes
            case .array(let references):
                output += header(0xA, count: references.count)
                for reference in references { output += bigEndian(UInt64(reference), size: referenceSize) }
            case .dictionary(let keys, let values):
                output += header(0xD, count: keys.count)
                for reference in keys + values { output += bigEndian(UInt64(reference), size: referenceSize) }
            }
        }
        let table = output.count
        let offsetSize = table < 1 << 8 ? 1 : table < 1 << 16 ? 2 : table < 1 << 32 ? 4 : 8
        for offset in offsets { output += bigEndian(UInt64(offset), size: offsetSize) }
        // The trailer: five unused bytes, the sort version, the two sizes, then three 64-bit numbers.
        output += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
        output +=
            bigEndian(UInt64(count), size: 8) + bigEndian(UInt64(top), size: 8) + bigEndian(UInt64(table), size: 8)
        return output
    }

    /// The objects in file order; a container holds its children's object numbers.
    private struct Flattened {
        enum Object {
            case encoded([UInt8])
            case array([Int])
            case dictionary(keys: [Int], values: [Int])
        }

        var objects: [Object] = []
        /// Scalars already stored, by their encoding (which spells out the type, so 1, 1.0 and true differ).
        var stored: [[UInt8]: Int] = [:]

        mutating func add(_ tree: PropertyListTree) -> Int {
            switch tree {
            case .scalar(let value):
                return add(encoded: BinaryPropertyListWriter.encoded(value))
            case .array(let elements):
                let index = objects.count
                objects.append(.array([]))
                let references = elements.map { add($0) }
                objects[index] = .array(references)
                return index
            case .dictionary(let entries):
                let index = objects.count
                objects.append(.dictionary(keys: [], values: []))
                let keys = entries.map { add(encoded: BinaryPropertyListWriter.encoded(.string($0.key))) }
                let values = entries.map { add($0.value) }
                objects[index] = .dictionary(keys: keys, values: values)
                return index
            }
        }

        private mutating func add(encoded bytes: [UInt8]) -> Int {
            if let index = stored[bytes] { return index }
            objects.append(.encoded(bytes))
            stored[bytes] = objects.count - 1
            return objects.count - 1
        }
    }

    /// One scalar's marker and bytes (containers never come here: the tree splits them out).
    private static func encoded(_ value: PropertyListValue) -> [UInt8] {
        switch value {
        case .bool(let flag): return [flag ? 0x09 : 0x08]
        case .integer(let number):
            // Non-negative numbers take the fewest of 1, 2 or 4 bytes (read as unsigned); the rest 8, signed.
            if number >= 0, number < 1 << 32 {
                let size = number < 1 << 8 ? 1 : number < 1 << 16 ? 2 : 4
                return [0x10 | UInt8(size.trailingZeroBitCount)] + bigEndian(UInt64(number), size: size)
            }
            return [0x13] + bigEndian(UInt64(bitPattern: number), size: 8)
        case .real(let number): return [0x23] + bigEndian(number.bitPattern, size: 8)
        case .date(let date): return [0x33] + bigEndian(date.timeIntervalSinceReferenceDate.bitPattern, size: 8)
        case .data(let data): return header(0x4, count: data.count) + [UInt8](data)
        case .string(let text):
            if text.unicodeScalars.allSatisfy(\.isASCII) {
                return header(0x5, count: text.utf8.count) + Array(text.utf8)
            }
            let units = Array(text.utf16)
            return header(0x6, count: units.count) + units.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case .array, .dictionary:
            preconditionFailure("a container is flattened by the tree, not encoded as a scalar")
        }
    }

    /// A marker with `count` in its low nibble, or 15 there and the count as an integer object after it.
    private static func header(_ kind: UInt8, count: Int) -> [UInt8] {
        guard count >= 15 else { return [kind << 4 | UInt8(count)] }
        return [kind << 4 | 0x0F] + encoded(.integer(Int64(count)))
    }

    private static func bigEndian(_ value: UInt64, size: Int) -> [UInt8] {
        (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
}
