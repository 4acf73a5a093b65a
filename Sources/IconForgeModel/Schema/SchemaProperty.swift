/// One key of an object in a schema.
package struct SchemaProperty: Sendable {
    package var key: String
    package var node: SchemaNode
    package var meaning: String

    package init(_ key: String, _ node: SchemaNode, _ meaning: String) {
        self.key = key
        self.node = node
        self.meaning = meaning
    }

    /// The `$schema` member a hand-edited file may hold, for editors.
    package static var schemaReference: SchemaProperty {
        SchemaProperty("$schema", .string(), "the schema this file follows, for editors (ignored by iconforge)")
    }
}
