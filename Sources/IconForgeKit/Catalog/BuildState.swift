/// What the previous build wrote, kept beside the catalog in a compact line format
/// (`.iconforge-state`) that reads in a few milliseconds, so that a build where nothing
/// changed costs little more than hashing its inputs.
///
/// It holds the same glyph entries as `catalog.json`, plus the build key and the
/// catalog's own SHA-256. It is a cache: if it is missing, stale or unreadable, the build
/// simply does all the work again.
struct BuildState: Equatable, Sendable {
    static let fileName = ".iconforge-state"
    private static let header = "iconforge-state 4"

    var buildKey: String
    /// SHA-256 of the `catalog.json` written with this state.
    var catalogSHA256: String
    /// That catalog's size and modification time: while they still match, the catalog on
    /// disk is known to be that one without reading it.
    var catalogSignature: FileSignature? = nil
    var glyphs: [Catalog.Glyph]
    /// The generated quick-action files the build wrote (for removing stale ones later).
    var generatedFiles: [Catalog.GeneratedFile] = []
    /// Each output file's modification time when this state was written (ns since the
    /// epoch): a file rewritten since, even by a build that was killed before writing its
    /// catalog, no longer matches and is not trusted.
    var modificationTimes: [String: Int64] = [:]
    /// Each source's size and modification time when it was read, by glyph name. A source
    /// that still shows both is not read and hashed again (as git's index does); one
    /// modified less than a second before it was read has none recorded, since a second
    /// edit within the file system's time resolution would not show.
    var sourceSignatures: [String: FileSignature] = [:]

    /// The state's file bytes.
    func encoded() -> [UInt8] {
        var lines = [Self.header, "key\t" + buildKey, "catalog\t" + catalogSHA256]
        if let catalogSignature {
            lines.append("catalog-file\t\(catalogSignature.size)\t\(catalogSignature.modified)")
        }
        for (name, signature) in sourceSignatures.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            lines.append(["source", name, "\(signature.size)", "\(signature.modified)"].map(Self.escape).joined(separator: "\t"))
        }
        for file in generatedFiles {
            lines.append(["generated", file.file, "\(file.bytes)", file.sha256].map(Self.escape).joined(separator: "\t"))
        }
        for glyph in glyphs {
            lines.append(
                [
                    "glyph", glyph.name, glyph.source, glyph.sourceSHA256, glyph.status, glyph.shape?.rawValue ?? "-",
                    glyph.artboard.map { Self.bits([$0.width, $0.height]) } ?? "-",
                    glyph.inkBox.map { Self.bits([$0.x, $0.y, $0.width, $0.height]) } ?? "-", glyph.color ?? "-",
                ].map(Self.escape).joined(separator: "\t"))
            for output in glyph.outputs {
                lines.append(
                    [
                        "output", "\(output.scale)", output.file, "\(output.width)", "\(output.height)", "\(output.bytes)", output.sha256,
                        modificationTimes[output.file].map(String.init) ?? "-",
                    ].map(Self.escape).joined(separator: "\t"))
            }
            for diagnostic in glyph.diagnostics {
                lines.append(
                    [
                        "diagnostic", diagnostic.severity.rawValue, diagnostic.rule.rawValue, diagnostic.line.map(String.init) ?? "-",
                        diagnostic.column.map(String.init) ?? "-", diagnostic.message,
                    ].map(Self.escape).joined(separator: "\t"))
            }
        }
        return Array((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// Parses state bytes; nil for anything that is not exactly a state this version wrote.
    ///
    /// Works on bytes, not `String`: this runs on every no-op build, where it is most of
    /// the work.
    static func decode(_ bytes: [UInt8]) -> BuildState? {
        var state = BuildState(buildKey: "", catalogSHA256: "", glyphs: [], generatedFiles: [], modificationTimes: [:])
        var lineNumber = 0
        var lineStart = 0
        var fields: [String] = []
        fields.reserveCapacity(9)
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            defer { lineStart = lineEnd + 1 }
            fields.removeAll(keepingCapacity: true)
            var fieldStart = lineStart
            for index in lineStart...lineEnd where index == lineEnd || bytes[index] == 0x09 {
                fields.append(unescape(bytes[fieldStart..<index]))
                fieldStart = index + 1
            }
            lineNumber += 1
            switch lineNumber {
            case 1:
                guard fields == [header] else { return nil }
                continue
            case 2:
                guard fields.count == 2, fields[0] == "key" else { return nil }
                state.buildKey = fields[1]
                continue
            case 3:
                guard fields.count == 2, fields[0] == "catalog" else { return nil }
                state.catalogSHA256 = fields[1]
                continue
            default:
                break
            }
            switch fields.first {
            case "catalog-file" where fields.count == 3:
                guard let size = Int(fields[1]), let modified = Int64(fields[2]) else { return nil }
                state.catalogSignature = FileSignature(size: size, modified: modified)
            case "source" where fields.count == 4:
                guard let size = Int(fields[2]), let modified = Int64(fields[3]) else { return nil }
                state.sourceSignatures[fields[1]] = FileSignature(size: size, modified: modified)
            case "generated" where fields.count == 4:
                guard let size = Int(fields[2]) else { return nil }
                state.generatedFiles.append(Catalog.GeneratedFile(file: fields[1], bytes: size, sha256: fields[3]))
            case "glyph" where fields.count == 9:
                let artboard = numbers(fields[6])
                let ink = numbers(fields[7])
                state.glyphs.append(
                    Catalog.Glyph(
                        name: fields[1], source: fields[2], sourceSHA256: fields[3], status: fields[4],
                        shape: Shape(rawValue: fields[5]),
                        artboard: artboard.count == 2 ? Size(width: artboard[0], height: artboard[1]) : nil,
                        inkBox: ink.count == 4 ? Rect(x: ink[0], y: ink[1], width: ink[2], height: ink[3]) : nil,
                        color: fields[8] == "-" ? nil : fields[8], outputs: [], diagnostics: []))
            case "output" where fields.count == 8 && !state.glyphs.isEmpty:
                guard let scale = Int(fields[1]), let width = Int(fields[3]), let height = Int(fields[4]), let size = Int(fields[5])
                else { return nil }
                if let time = Int64(fields[7]) { state.modificationTimes[fields[2]] = time }
                state.glyphs[state.glyphs.count - 1].outputs.append(
                    Catalog.Output(scale: scale, file: fields[2], width: width, height: height, bytes: size, sha256: fields[6]))
            case "diagnostic" where fields.count == 6 && !state.glyphs.isEmpty:
                guard let severity = Severity(rawValue: fields[1]), let rule = RuleID(rawValue: fields[2]) else { return nil }
                state.glyphs[state.glyphs.count - 1].diagnostics.append(
                    Catalog.CatalogDiagnostic(severity: severity, rule: rule, line: Int(fields[3]), column: Int(fields[4]), message: fields[5]))
            default:
                return nil
            }
        }
        return lineNumber >= 3 ? state : nil
    }

    /// Doubles as the hex of their bit patterns: exact, and several times faster to read
    /// back than decimal text, which matters on every no-op build.
    private static func bits(_ values: [Double]) -> String {
        values.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
    }

    private static func numbers(_ field: String) -> [Double] {
        field == "-" ? [] : field.utf8.split(separator: UInt8(ascii: ",")).compactMap { part in
            UInt64(Substring(part), radix: 16).map(Double.init(bitPattern:))
        }
    }

    /// Tabs, newlines and backslashes (file names may hold any of them) are escaped.
    private static func escape(_ field: String) -> String {
        guard field.utf8.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else { return field }
        return field.escaping(["\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"])
    }

    private static func unescape(_ field: ArraySlice<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                default: out.append(byte)
                }
                escaping = false
            } else if byte == 0x5C {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
