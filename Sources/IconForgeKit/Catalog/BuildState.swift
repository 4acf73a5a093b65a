/// What the previous build wrote, kept beside the catalog in a compact line format
/// (`.iconforge-state`) that reads in a few milliseconds, so that a build where nothing
/// changed costs little more than hashing its inputs.
///
/// It holds the same glyph entries as `catalog.json`, plus the build key and the
/// catalog's own SHA-256. It is a cache: if it is missing, stale or unreadable, the build
/// simply does all the work again.
struct BuildState: Equatable, Sendable {
    static let fileName = ".iconforge-state"
    private static let header = "iconforge-state 6"

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
    /// Everything the build read, as `BuildFingerprint` reduces it; nil when it could not
    /// vouch for all of it.
    var fingerprint: String? = nil
    /// What the build reported, for a next build that finds the same fingerprint.
    var report: Report? = nil
    /// Files the build removes just after writing this state (outputs of glyphs gone or
    /// failing, generated files no longer generated), with their sizes and times: should
    /// it be killed before it is done, the next build removes those still the same.
    var pendingRemovals: [String: FileSignature] = [:]

    struct Report: Equatable, Sendable {
        var glyphCount: Int
        var pngCount: Int
        /// As printed: display paths, sorted.
        var diagnostics: [Diagnostic]
    }

    /// The state's file bytes.
    func encoded() -> [UInt8] {
        var lines = [Self.header, "key\t" + buildKey, "catalog\t" + catalogSHA256]
        if let catalogSignature {
            lines.append("catalog-file\t" + Self.fields(catalogSignature))
        }
        // What a build with the same fingerprint needs comes first: it reads no further.
        if let fingerprint, let report {
            lines.append("fingerprint\t" + fingerprint)
            lines.append("report\t\(report.glyphCount)\t\(report.pngCount)")
            for diagnostic in report.diagnostics {
                lines.append(
                    [
                        "report-diagnostic", diagnostic.severity.rawValue, diagnostic.rule.rawValue, diagnostic.file,
                        diagnostic.location.map { "\($0.line)" } ?? "-", diagnostic.location.map { "\($0.column)" } ?? "-", diagnostic.message,
                    ].map(Self.escape).joined(separator: "\t"))
            }
        }
        for (file, signature) in pendingRemovals.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            lines.append("remove\t" + Self.escape(file) + "\t" + Self.fields(signature))
        }
        for file in generatedFiles {
            lines.append(["generated", file.file, "\(file.bytes)", file.sha256].map(Self.escape).joined(separator: "\t"))
        }
        for (name, signature) in sourceSignatures.sorted(by: { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }) {
            lines.append("source\t" + Self.escape(name) + "\t" + Self.fields(signature))
        }
        for glyph in glyphs {
            lines.append(
                [
                    "glyph", glyph.name, glyph.source, glyph.sourceSHA256, glyph.status.rawValue, glyph.shape?.rawValue ?? "-",
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
    /// Works on raw bytes and makes a `String` only of text fields: this runs on every
    /// no-op build, where it is a large part of the work.
    static func decode(_ bytes: [UInt8]) -> BuildState? {
        decode(bytes, headerOnly: false)
    }

    /// Only the lines before the first source or glyph: the build key, the catalog, the
    /// fingerprint, the report and the generated files (`glyphs` and signatures stay empty).
    static func decodeHeader(_ bytes: [UInt8]) -> BuildState? {
        decode(bytes, headerOnly: true)
    }

    private static func decode(_ bytes: [UInt8], headerOnly: Bool) -> BuildState? {
        var reader = LineReader(bytes)
        guard reader.next(), reader.count == 1, reader.text(0) == header,
            reader.next(), reader.count == 2, reader.text(0) == "key",
            case let buildKey = reader.text(1),
            reader.next(), reader.count == 2, reader.text(0) == "catalog"
        else { return nil }
        var state = BuildState(buildKey: buildKey, catalogSHA256: reader.text(1), glyphs: [], generatedFiles: [], modificationTimes: [:])
        state.glyphs.reserveCapacity(bytes.count / 400)
        while reader.next() {
            let kind = reader.text(0)
            if headerOnly, kind == "source" || kind == "glyph" { break }
            switch (kind, reader.count) {
            case ("fingerprint", 2):
                state.fingerprint = reader.text(1)
            case ("remove", 5):
                guard let signature = reader.signature(from: 2) else { return nil }
                state.pendingRemovals[reader.text(1)] = signature
            case ("report", 3):
                guard let glyphs = reader.integer(1), let pngs = reader.integer(2) else { return nil }
                state.report = Report(glyphCount: Int(glyphs), pngCount: Int(pngs), diagnostics: [])
            case ("report-diagnostic", 7) where state.report != nil:
                guard let severity = Severity(rawValue: reader.text(1)), let rule = RuleID(rawValue: reader.text(2)) else { return nil }
                let location = reader.integer(4).flatMap { line in reader.integer(5).map { SourceLocation(line: Int(line), column: Int($0)) } }
                state.report?.diagnostics.append(Diagnostic(severity, rule, file: reader.text(3), at: location, reader.text(6)))
            case ("catalog-file", 4):
                guard let signature = reader.signature(from: 1) else { return nil }
                state.catalogSignature = signature
            case ("source", 5):
                guard let signature = reader.signature(from: 2) else { return nil }
                state.sourceSignatures[reader.text(1)] = signature
            case ("generated", 4):
                guard let size = reader.integer(2) else { return nil }
                state.generatedFiles.append(Catalog.GeneratedFile(file: reader.text(1), bytes: Int(size), sha256: reader.text(3)))
            case ("glyph", 9):
                guard let status = Catalog.Status(rawValue: reader.text(4)) else { return nil }
                let artboard = reader.doubles(6)
                let ink = reader.doubles(7)
                let color = reader.text(8)
                state.glyphs.append(
                    Catalog.Glyph(
                        name: reader.text(1), source: reader.text(2), sourceSHA256: reader.text(3), status: status,
                        shape: Shape(rawValue: reader.text(5)),
                        artboard: artboard.count == 2 ? Size(width: artboard[0], height: artboard[1]) : nil,
                        inkBox: ink.count == 4 ? Rect(x: ink[0], y: ink[1], width: ink[2], height: ink[3]) : nil,
                        color: color == "-" ? nil : color, outputs: [], diagnostics: []))
            case ("output", 8) where !state.glyphs.isEmpty:
                guard let scale = reader.integer(1), let width = reader.integer(3), let height = reader.integer(4),
                    let size = reader.integer(5)
                else { return nil }
                let file = reader.text(2)
                if let time = reader.integer(7) { state.modificationTimes[file] = time }
                state.glyphs[state.glyphs.count - 1].outputs.append(
                    Catalog.Output(scale: Int(scale), file: file, width: Int(width), height: Int(height), bytes: Int(size), sha256: reader.text(6)))
            case ("diagnostic", 6) where !state.glyphs.isEmpty:
                guard let severity = Severity(rawValue: reader.text(1)), let rule = RuleID(rawValue: reader.text(2)) else { return nil }
                state.glyphs[state.glyphs.count - 1].diagnostics.append(
                    Catalog.CatalogDiagnostic(
                        severity: severity, rule: rule, line: reader.integer(3).map(Int.init), column: reader.integer(4).map(Int.init),
                        message: reader.text(5)))
            default:
                return nil
            }
        }
        return state
    }

    /// Steps through tab-separated lines, keeping where each field of the current line lies.
    private struct LineReader {
        let bytes: [UInt8]
        private var position = 0
        private var starts: [Int] = []
        private var ends: [Int] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            starts.reserveCapacity(9)
            ends.reserveCapacity(9)
        }

        var count: Int { starts.count }

        /// Moves to the next line; false at the end.
        mutating func next() -> Bool {
            guard position < bytes.count else { return false }
            starts.removeAll(keepingCapacity: true)
            ends.removeAll(keepingCapacity: true)
            starts.append(position)
            while position < bytes.count, bytes[position] != 0x0A {
                if bytes[position] == 0x09 {
                    ends.append(position)
                    starts.append(position + 1)
                }
                position += 1
            }
            ends.append(position)
            position += 1
            return true
        }

        func text(_ field: Int) -> String {
            unescape(bytes[starts[field]..<ends[field]])
        }

        /// Comma-separated hex bit patterns of doubles (see `bits`); empty for `-` or anything else.
        func doubles(_ field: Int) -> [Double] {
            var values: [Double] = []
            var pattern: UInt64 = 0
            var digits = 0
            for index in starts[field]..<ends[field] {
                let byte = bytes[index]
                let nibble: UInt8
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): nibble = byte - UInt8(ascii: "0")
                case UInt8(ascii: "a")...UInt8(ascii: "f"): nibble = byte - UInt8(ascii: "a") + 10
                case UInt8(ascii: ","):
                    guard digits > 0 else { return [] }
                    values.append(Double(bitPattern: pattern))
                    (pattern, digits) = (0, 0)
                    continue
                default: return []
                }
                guard digits < 16 else { return [] }
                pattern = pattern << 4 | UInt64(nibble)
                digits += 1
            }
            guard digits > 0 else { return [] }
            values.append(Double(bitPattern: pattern))
            return values
        }

        /// Three fields from `field` on: size, modification time and inode (see `fields`).
        func signature(from field: Int) -> FileSignature? {
            guard let size = integer(field), size >= 0, let modified = integer(field + 1), let inode = integer(field + 2) else { return nil }
            return FileSignature(size: Int(size), modified: modified, inode: UInt64(bitPattern: inode))
        }

        /// A field of decimal digits (with an optional minus) as an integer; nil for anything else.
        func integer(_ field: Int) -> Int64? {
            var index = starts[field]
            let end = ends[field]
            let negative = index < end && bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            guard index < end else { return nil }
            var value: Int64 = 0
            while index < end {
                let digit = bytes[index] &- UInt8(ascii: "0")
                guard digit < 10 else { return nil }
                let (times10, overflowed) = value.multipliedReportingOverflow(by: 10)
                let (sum, overflowedAgain) = times10.addingReportingOverflow(Int64(digit))
                guard !overflowed, !overflowedAgain else { return nil }
                value = sum
                index += 1
            }
            return negative ? -value : value
        }
    }

    /// A signature as three tab-separated fields: size, modification time, inode.
    private static func fields(_ signature: FileSignature) -> String {
        "\(signature.size)\t\(signature.modified)\t\(Int64(bitPattern: signature.inode))"
    }

    /// Doubles as the hex of their bit patterns: exact, and several times faster to read
    /// back than decimal text, which matters on every no-op build.
    private static func bits(_ values: [Double]) -> String {
        values.map { String($0.bitPattern, radix: 16) }.joined(separator: ",")
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
