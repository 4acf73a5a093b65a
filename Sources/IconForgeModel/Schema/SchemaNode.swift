/// A JSON Schema (draft 2020-12) node, as little of the vocabulary as iconforge's files need.
package indirect enum SchemaNode: Sendable {
    case string(minLength: Int? = nil, pattern: String? = nil, choices: [String]? = nil)
    case boolean
    case number(ClosedRange<Double>? = nil)
    case integer(ClosedRange<Int>? = nil)
    case array(SchemaNode, minItems: Int? = nil, unique: Bool = false)
    /// An object with these properties and no others.
    case object([SchemaProperty], required: [String] = [], minProperties: Int? = nil, maxProperties: Int? = nil)
    /// An object of any keys (matching `keyPattern`) whose values are `values`.
    case map(SchemaNode, keyPattern: String? = nil)
    case oneOf([SchemaNode])
    case reference(String)

    /// The node as an ordered JSON object.
    package var json: OrderedJSON {
        switch self {
        case .string(let minLength, let pattern, let choices):
            var members: [(String, OrderedJSON)] = [("type", .string("string"))]
            if let choices { members.append(("enum", .array(choices.map(OrderedJSON.string)))) }
            if let minLength { members.append(("minLength", .integer(minLength))) }
            if let pattern { members.append(("pattern", .string(pattern))) }
            return .object(members)
        case .boolean: return .object([("type", .string("boolean"))])
        case .number(let range):
            var members: [(String, OrderedJSON)] = [("type", .string("number"))]
            if let range {
                members += [("minimum", .number(range.lowerBound)), ("maximum", .number(range.upperBound))]
            }
            return .object(members)
        case .integer(let range):
            var members: [(String, OrderedJSON)] = [("type", .string("integer"))]
            if let range {
                members += [("minimum", .integer(range.lowerBound)), ("maximum", .integer(range.upperBound))]
            }
            return .object(members)
        case .array(let items, let minItems, let unique):
            var members: [(String, OrderedJSON)] = [("type", .string("array")), ("items", items.json)]
            if let minItems { members.append(("minItems", .integer(minItems))) }
            if unique { members.append(("uniqueItems", .bool(true))) }
            return .object(members)
        case .object(let properties, let required, let minProperties, let maxProperties):
            var members: [(String, OrderedJSON)] = [("type", .string("object"))]
            let described: [(String, OrderedJSON)] = properties.map { property in
                guard case .object(var inner, _) = property.node.json else { return (property.key, property.node.json) }
                inner.insert(("description", .string(property.meaning)), at: 0)
                return (property.key, .object(inner))
            }
            members.append(("properties", .object(described)))
            if !required.isEmpty { members.append(("required", .array(required.map(OrderedJSON.string)))) }
            if let minProperties { members.append(("minProperties", .integer(minProperties))) }
            if let maxProperties { members.append(("maxProperties", .integer(maxProperties))) }
            members.append(("additionalProperties", .bool(false)))
            return .object(members)
        case .map(let values, let keyPattern):
            var members: [(String, OrderedJSON)] = [("type", .string("object"))]
            if let keyPattern { members.append(("propertyNames", .object([("pattern", .string(keyPattern))]))) }
            members.append(("additionalProperties", values.json))
            return .object(members)
        case .oneOf(let nodes): return .object([("oneOf", .array(nodes.map(\.json)))])
        case .reference(let name): return .object([("$ref", .string("#/$defs/" + name))])
        }
    }

    /// How the reference describes the type.
    package var typeDescription: String {
        switch self {
        case .string(_, _, let choices?): "string: " + choices.joined(separator: ", ")
        case .string: "string"
        case .boolean: "true or false"
        case .number(let range?): "number \(range.lowerBound.pt)–\(range.upperBound.pt)"
        case .number: "number"
        case .integer(let range?): "whole number \(range.lowerBound)–\(range.upperBound)"
        case .integer: "whole number"
        case .array(let items, _, _): "array of " + items.typeDescription
        case .object: "object"
        case .map(let values, _): "object of " + values.typeDescription
        case .oneOf(let nodes): nodes.map(\.typeDescription).joined(separator: ", or ")
        case .reference(let name): name
        }
    }
}
