/// Reads a binary property list (`bplist00`) into values that keep the type each was stored
/// as: Foundation's `PropertyListDecoder` only says what a number can be read as, so a
/// whole-number real would come back as an integer and be written back as one. Each
/// dictionary keeps its keys in the order stored (`PropertyListTree`), for writing it back so.
///
/// The format: objects, each a marker byte (type in the high nibble, a size or count in the
/// low one) and its bytes; a table of the objects' offsets; a 32-byte trailer giving the
/// sizes of offsets and object references, the object count, the top object and where the
/// table starts. All numbers are big-endian.
package struct BinaryPropertyListReader {
    package struct Failure: Error {
        package var message: String
    }

    private let bytes: [UInt8]
    private let offsets: [Int]
    private let referenceSize: Int
    /// Values read so far (`PropertyListLimits.maximumValues`).
    private var values = 0

    package static func isBinary(_ bytes: [UInt8]) -> Bool {
        bytes.starts(with: Array("bplist00".utf8))
    }

    /// The top object of `bytes`.
    package static func read(_ bytes: [UInt8]) throws(Failure) -> PropertyListValue {
        try tree(bytes).value
    }

    /// The top object of `bytes`, with every dictionary's keys in the order stored.
    package static func tree(_ bytes: [UInt8]) throws(Failure) -> PropertyListTree {
        guard isBinary(bytes), bytes.count >= 40 else { throw Failure(message: "is not a binary property list") }
        let trailer = bytes.count - 32
        let offsetSize = Int(bytes[trailer + 6])
        let referenceSize = Int(bytes[trailer + 7])
        let count = try number(bytes, at: trailer + 8, size: 8)
        let top = try number(bytes, at: trailer + 16, size: 8)
        let table = try number(bytes, at: trailer + 24, size: 8)
        guard (1...8).contains(offsetSize), (1...8).contains(referenceSize), count > 0, count <= UInt64(bytes.count),
            top < count,
            table < UInt64(trailer), UInt64(table) + count * UInt64(offsetSize) <= UInt64(trailer)
        else { throw Failure(message: "is a damaged binary property list (its trailer is inconsistent)") }
        var offsets: [Int] = []
        offsets.reserveCapacity(Int(count))
        for index in 0..<Int(count) {
            let offset = try number(bytes, at: Int(table) + index * offsetSize, size: offsetSize)
            guard offset >= 8, offset < table else {
                throw Failure(message: "is a damaged binary property list (an object offset is out of range)")
            }
            offsets.append(Int(offset))
        }
        var reader = BinaryPropertyListReader(bytes: bytes, offsets: offsets, referenceSize: referenceSize)
        return try reader.object(Int(top), depth: 0)
    }

    private static func number(_ bytes: [UInt8], at offset: Int, size: Int) throws(Failure) -> UInt64 {
        guard offset >= 0, size <= 8, offset + size <= bytes.count else {
            throw Failure(message: "is a damaged binary property list (it ends too soon)")
        }
        return bytes[offset..<offset + size].reduce(0) { $0 << 8 | UInt64($1) }
    }

    private mutating func object(_ index: Int, depth: Int) throws(Failure) -> PropertyListTree {
        guard index < offsets.count else {
            throw Failure(message: "is a damaged binary property list (a reference is out of range)")
        }
        guard depth <= PropertyListLimits.maximumDepth else {
            throw Failure(message: PropertyListLimits.depthMessage("is a binary property list that"))
        }
        values += 1
        guard values <= PropertyListLimits.maximumValues else {
            throw Failure(message: PropertyListLimits.countMessage("is a binary property list that"))
        }
        let position = offsets[index]
        let marker = bytes[position]
        switch marker >> 4 {
        case 0xA: return try array(marker, at: position + 1, depth: depth)
        case 0xD: return try dictionary(marker, at: position + 1, depth: depth)
        default: return try scalar(marker, at: position + 1)
        }
    }

    /// An object that holds no other objects; its bytes start at `start`, after its marker.
    private func scalar(_ marker: UInt8, at start: Int) throws(Failure) -> PropertyListTree {
        var position = start
        let low = Int(marker & 0x0F)
        switch marker >> 4 {
        case 0x0 where marker == 0x08: return .scalar(.bool(false))
        case 0x0 where marker == 0x09: return .scalar(.bool(true))
        case 0x1 where low <= 3:
            let size = 1 << low
            let raw = try Self.number(bytes, at: position, size: size)
            // 1, 2 and 4 bytes are unsigned; 8 bytes are a signed 64-bit integer.
            return .scalar(.integer(size == 8 ? Int64(bitPattern: raw) : Int64(raw)))
        case 0x1:
            throw Failure(message: "holds an integer wider than 64 bits, which iconforge cannot keep exactly")
        case 0x2 where low == 2:
            return .scalar(.real(Double(Float(bitPattern: UInt32(try Self.number(bytes, at: position, size: 4))))))
        case 0x2 where low == 3:
            return .scalar(.real(Double(bitPattern: try Self.number(bytes, at: position, size: 8))))
        case 0x3 where low == 3:
            return .scalar(
                .date(
                    Date(
                        timeIntervalSinceReferenceDate: Double(
                            bitPattern: try Self.number(bytes, at: position, size: 8)))))
        case 0x4:
            let length = try count(low, at: &position)
            return .scalar(.data(Data(try slice(length, at: position))))
        case 0x5:
            let length = try count(low, at: &position)
            return .scalar(.string(String(decoding: try slice(length, at: position), as: UTF8.self)))
        case 0x6:
            let units = try count(low, at: &position)
            let body = try slice(units * 2, at: position)
            let code = stride(from: body.startIndex, to: body.endIndex, by: 2).map {
                UInt16(body[$0]) << 8 | UInt16(body[$0 + 1])
            }
            guard let text = String(validating: code, as: UTF16.self) else {
                throw Failure(message: "holds a string that is not valid UTF-16")
            }
            return .scalar(.string(text))
        default:
            throw Failure(
                message: "holds an object of a kind Info.plists do not use (marker 0x\(String(marker, radix: 16)))")
        }
    }

    /// An array object (marker 0xA_): its count, then a reference to each element.
    private mutating func array(_ marker: UInt8, at start: Int, depth: Int) throws(Failure) -> PropertyListTree {
        var position = start
        let length = try count(Int(marker & 0x0F), at: &position)
        let elements = try references(length, at: &position)
        var items: [PropertyListTree] = []
        for element in elements { items.append(try object(element, depth: depth + 1)) }
        return .array(items)
    }

    /// A dictionary object (marker 0xD_): its count, a reference to each key, then to each value.
    private mutating func dictionary(_ marker: UInt8, at start: Int, depth: Int) throws(Failure) -> PropertyListTree {
        var position = start
        let pairs = try count(Int(marker & 0x0F), at: &position)
        let keys = try references(pairs, at: &position)
        let values = try references(pairs, at: &position)
        var entries: [PropertyListTree.Entry] = []
        for (key, value) in zip(keys, values) {
            guard case .scalar(.string(let name)) = try object(key, depth: depth + 1) else {
                throw Failure(message: "has a dictionary key that is not a string")
            }
            entries.append(PropertyListTree.Entry(key: name, value: try object(value, depth: depth + 1)))
        }
        return .dictionary(entries)
    }

    /// The count in the marker's low nibble `low`, or in the integer object at `position` when
    /// it is 15 (then `position` moves past that integer).
    private func count(_ low: Int, at position: inout Int) throws(Failure) -> Int {
        guard low == 0x0F else { return low }
        guard position < bytes.count, bytes[position] >> 4 == 0x1 else {
            throw Failure(message: "is a damaged binary property list (a bad length)")
        }
        let size = 1 << Int(bytes[position] & 0x0F)
        let value = try Self.number(bytes, at: position + 1, size: size)
        position += 1 + size
        guard value <= UInt64(bytes.count) else {
            throw Failure(message: "is a damaged binary property list (a length beyond the file)")
        }
        return Int(value)
    }

    private func slice(_ length: Int, at position: Int) throws(Failure) -> ArraySlice<UInt8> {
        guard length >= 0, position + length <= bytes.count else {
            throw Failure(message: "is a damaged binary property list (an object runs past the end)")
        }
        return bytes[position..<position + length]
    }

    /// `count` object references from `position`, which moves past them.
    private func references(_ count: Int, at position: inout Int) throws(Failure) -> [Int] {
        var result: [Int] = []
        for index in 0..<count {
            result.append(Int(try Self.number(bytes, at: position + index * referenceSize, size: referenceSize)))
        }
        position += count * referenceSize
        return result
    }
}
