import Foundation
import Testing

// Debug builds only: a plain `swift build` builds this target too, and in release the
// library is not built for testing, so the @testable import below would not compile.
#if DEBUG
    @testable import IconForgeCLI
    @testable import IconForgeOutputs

    /// Checks a JSON value against one of iconforge's schemas, read from the same `SchemaNode`
    /// values that docs/schemas/ is generated from (so a file can never follow a schema the
    /// documents do not state): the vocabulary those nodes use, as draft 2020-12 defines it.
    package enum SchemaValidation {
        /// Where `value` breaks `document`'s schema, one line each; empty when it follows it.
        static func problems(_ value: JSONValue, against document: JSONSchemaDocument) -> [String] {
            var found: [String] = []
            check(
                value, document.root, at: "$",
                definitions: Dictionary(document.definitions, uniquingKeysWith: { first, _ in first }), into: &found)
            return found
        }

        /// Every `catalog.json` under `folder` that iconforge wrote (its `tool.name` says so),
        /// with what breaks the catalog schema in it.
        package static func catalogProblems(under folder: String) -> [String] {
            guard let names = FileManager.default.enumerator(atPath: folder) else { return [] }
            var found: [String] = []
            for case let name as String in names where (name as NSString).lastPathComponent == "catalog.json" {
                guard let data = FileManager.default.contents(atPath: folder + "/" + name),
                    let value = try? JSONParser.parse([UInt8](data)),
                    value["tool"]?["name"]?.string == "iconforge"
                else { continue }
                found += problems(value, against: JSONSchemas.catalog).map { "\(name): \($0)" }
            }
            return found
        }

        private static func check(
            _ value: JSONValue, _ node: SchemaNode, at path: String, definitions: [String: SchemaNode],
            into found: inout [String]
        ) {
            let at = "\(path) (line \(value.location.line))"
            switch (node, value.kind) {
            case (.string(let minLength, let pattern, let choices), .string(let text)):
                if let minLength, text.count < minLength { found.append("\(at): shorter than \(minLength)") }
                if let choices, !choices.contains(text) { found.append("\(at): \"\(text)\" is not one of \(choices)") }
                if let pattern, text.range(of: pattern, options: .regularExpression) == nil {
                    found.append("\(at): \"\(text)\" does not match \(pattern)")
                }
            case (.boolean, .bool): break
            case (.number(let range), .number(_, let number)):
                if let range, !range.contains(number) { found.append("\(at): \(number) outside \(range)") }
            case (.integer(let range), .number(_, let number)) where number.rounded() == number:
                if let range, !range.contains(Int(number)) { found.append("\(at): \(number) outside \(range)") }
            case (.array(let items, let minItems, _), .array(let array)):
                if let minItems, array.count < minItems { found.append("\(at): fewer than \(minItems) items") }
                for (index, item) in array.enumerated() {
                    check(item, items, at: "\(path)[\(index)]", definitions: definitions, into: &found)
                }
            case (.object(let properties, let required, _, _), .object(let members)):
                let known = Dictionary(properties.map { ($0.key, $0.node) }, uniquingKeysWith: { first, _ in first })
                for key in required where !members.contains(where: { $0.key == key }) {
                    found.append("\(at): no \"\(key)\"")
                }
                for member in members {
                    guard let inner = known[member.key] else {
                        found.append("\(at): \"\(member.key)\" is not in the schema")
                        continue
                    }
                    check(member.value, inner, at: "\(path).\(member.key)", definitions: definitions, into: &found)
                }
            case (.map(let values, let keyPattern), .object(let members)):
                for member in members {
                    if let keyPattern, member.key.range(of: keyPattern, options: .regularExpression) == nil {
                        found.append("\(at): key \"\(member.key)\" does not match \(keyPattern)")
                    }
                    check(member.value, values, at: "\(path).\(member.key)", definitions: definitions, into: &found)
                }
            case (.oneOf(let nodes), _):
                let matching = nodes.filter { node in
                    var inner: [String] = []
                    check(value, node, at: path, definitions: definitions, into: &inner)
                    return inner.isEmpty
                }
                if matching.count != 1 {
                    found.append("\(at): matches \(matching.count) of oneOf's \(nodes.count) schemas, not one")
                }
            case (.reference(let name), _):
                guard let target = definitions[name] else { return found.append("\(at): no definition \(name)") }
                check(value, target, at: path, definitions: definitions, into: &found)
            default:
                found.append("\(at): \(value.kindDescription), where the schema has \(node.typeDescription)")
            }
        }
    }
#endif
