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
        var position = offsets[index]
        let marker = bytes[position]
        let kind = marker >> 4
        let low = Int(marker & 0x0F)
        position += 1

        /// The count in the low nibble, or in the integer object that follows when it is 15.
        func count() throws(Failure) -> Int {
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
        func slice(_ length: Int) throws(Failure) -> ArraySlice<UInt8> {
            guard length >= 0, position + length <= bytes.count else {
                throw Failure(message: "is a damaged binary property list (an object runs past the end)")
            }
            return bytes[position..<position + length]
        }
        func references(_ count: Int) throws(Failure) -> [Int] {
            var result: [Int] = []
            for index in 0..<count {
                result.append(Int(try Self.number(bytes, at: position + index * referenceSize, size: referenceSize)))
            }
            position += count * referenceSize
            return result
        }

        switch kind {
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
            return .scalar(.data(Data(try slice(try count()))))
        case 0x5:
            let length = try count()
            return .scalar(.string(String(decoding: try slice(length), as: UTF8.self)))
        case 0x6:
            let units = try count()
            let body = try slice(units * 2)
            let code = stride(from: body.startIndex, to: body.endIndex, by: 2).map {
                UInt16(body[$0]) << 8 | UInt16(body[$0 + 1])
            }
            guard let text = String(validating: code, as: UTF16.self) else {
                throw Failure(message: "holds a string that is not valid UTF-16")
            }
            return .scalar(.string(text))
        case 0xA:
            let elements = try references(try count())
            var values: [PropertyListTree] = []
            for element in elements { values.append(try object(element, depth: depth + 1)) }
            return .array(values)
        case 0xD:
            let pairs = try count()
            let keys = try references(pairs)
            let values = try references(pairs)
            var entries: [PropertyListTree.Entry] = []
            for (key, value) in zip(keys, values) {
                guard case .scalar(.string(let name)) = try object(key, depth: depth + 1) else {
                    throw Failure(message: "has a dictionary key that is not a string")
                }
                entries.append(PropertyListTree.Entry(key: name, value: try object(value, depth: depth + 1)))
            }
            return .dictionary(entries)
        default:
            throw Failure(
                message: "holds an object of a kind Info.plists do not use (marker 0x\(String(marker, radix: 16)))")
        }
    }
}
