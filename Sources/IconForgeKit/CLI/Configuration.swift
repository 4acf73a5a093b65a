/// Settings from `iconforge.json`, so a project's build needs no flags. Flags on the
/// command line win over the file.
///
/// ```json
/// { "glyphs": "Glyphs", "output": "Output", "fit": false, "xcassets": "App/Glyphs.xcassets",
///   "appName": "Mosaic", "shapeThreshold": 1.2, "tolerance": 0.5, "pngCompression": 8,
///   "renderTimeout": 10, "werror": false, "allowOffCenter": ["play"] }
/// ```
struct Configuration: Equatable, Sendable {
    static let defaultFileName = "iconforge.json"

    var glyphs: [String]?
    var output: String?
    var fit: Bool?
    var xcassets: String?
    var appName: String?
    var shapeThreshold: Double?
    var tolerance: Double?
    var pngCompression: Int?
    var renderTimeout: Double?
    var werror: Bool?
    /// Glyphs whose ink may sit off the artboard centre on purpose (an optical correction).
    var allowOffCenter: [String]?

    static let keys = [
        "glyphs", "output", "fit", "xcassets", "appName", "shapeThreshold", "tolerance", "pngCompression", "renderTimeout",
        "werror", "allowOffCenter",
    ]

    /// Parses the file's bytes; the error names the file, line and column.
    /// Where a configuration error points the reader.
    static let hint = "See \"iconforge.json\" in the README for its keys and their values."

    static func parse(_ bytes: [UInt8], path: String) throws(UsageError) -> Configuration {
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            throw UsageError("\(path):\(error.location.line):\(error.location.column): \(error.message)")
        }
        guard let members = root.members else {
            throw UsageError("\(path):\(root.location.line):\(root.location.column): the configuration must be a JSON object")
        }
        var configuration = Configuration()
        var seen = Set<String>()
        func fail(_ member: JSONValue.Member, _ wanted: String) -> UsageError {
            UsageError("\(path):\(member.value.location.line):\(member.value.location.column): '\(member.key)' must be \(wanted), not \(member.value.kindDescription)")
        }
        for member in members {
            let value = member.value
            guard seen.insert(member.key).inserted else {
                throw UsageError("\(path):\(member.keyLocation.line):\(member.keyLocation.column): '\(member.key)' is given twice")
            }
            switch member.key {
            case "glyphs":
                if let single = value.string {
                    configuration.glyphs = [single]
                } else if let list = value.array?.compactMap(\.string), list.count == value.array?.count, !list.isEmpty {
                    configuration.glyphs = list
                } else if value.array?.isEmpty == true {
                    throw fail(member, "a folder name or a non-empty list of them")
                } else {
                    throw fail(member, "a folder name or a list of them")
                }
            case "output": configuration.output = try string(member, fail)
            case "xcassets": configuration.xcassets = try string(member, fail)
            case "appName": configuration.appName = try string(member, fail)
            case "fit": configuration.fit = try bool(member, fail)
            case "werror": configuration.werror = try bool(member, fail)
            case "shapeThreshold": configuration.shapeThreshold = try number(member, fail, in: 1...10)
            case "tolerance": configuration.tolerance = try number(member, fail, in: 0...35)
            case "renderTimeout": configuration.renderTimeout = try number(member, fail, in: 0.1...3600)
            case "pngCompression":
                let level = try number(member, fail, in: 1...12)
                guard level == level.rounded() else { throw fail(member, "a whole number from 1 to 12") }
                configuration.pngCompression = Int(level)
            case "allowOffCenter":
                guard let list = value.array?.compactMap(\.string), list.count == value.array?.count else {
                    throw fail(member, "a list of glyph names")
                }
                configuration.allowOffCenter = list
            default:
                var message = "\(path):\(member.keyLocation.line):\(member.keyLocation.column): unknown key '\(member.key)'"
                if let suggestion = ArgumentParser.closest(to: member.key, among: Set(keys)) { message += "; did you mean '\(suggestion)'?" }
                throw UsageError(message + " (known keys: \(keys.joined(separator: ", ")))")
            }
        }
        // Paths in the file are relative to the file, wherever iconforge runs from.
        let base = path.contains("/") ? path.parentPath : "."
        func resolve(_ relative: String) -> String {
            relative.hasPrefix("/") || base == "." ? relative : base + "/" + relative
        }
        configuration.glyphs = configuration.glyphs?.map(resolve)
        configuration.output = configuration.output.map(resolve)
        configuration.xcassets = configuration.xcassets.map(resolve)
        return configuration
    }

    private static func string(_ member: JSONValue.Member, _ fail: (JSONValue.Member, String) -> UsageError) throws(UsageError) -> String {
        guard let text = member.value.string, !text.isEmpty else { throw fail(member, "a non-empty string") }
        return text
    }

    private static func bool(_ member: JSONValue.Member, _ fail: (JSONValue.Member, String) -> UsageError) throws(UsageError) -> Bool {
        guard case .bool(let flag) = member.value.kind else { throw fail(member, "true or false") }
        return flag
    }

    private static func number(
        _ member: JSONValue.Member, _ fail: (JSONValue.Member, String) -> UsageError, in range: ClosedRange<Double>
    ) throws(UsageError) -> Double {
        guard case .number(_, let value) = member.value.kind, range.contains(value) else {
            throw fail(member, "a number from \(range.lowerBound.pt) to \(range.upperBound.pt)")
        }
        return value
    }
}
