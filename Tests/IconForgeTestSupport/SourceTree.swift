import Foundation

/// The repository's own files, as the source scans read them (PortabilityTests,
/// NoTaskLocalTests, FunctionLengthTests, OneJSONWriterTests, OneCommandRegistryTests).
package enum SourceTree {
    /// The repository's root (`ExternalProgram.repositoryRoot`) as a URL.
    package static let root = URL(fileURLWithPath: ExternalProgram.repositoryRoot)

    /// The files under `folder` whose names end with one of `suffixes`, as sorted paths
    /// relative to the root ("Sources/IconForgeModel/…").
    package static func files(under folder: String, endingWith suffixes: [String] = [".swift"]) -> [String] {
        let names = FileManager.default.subpaths(atPath: root.appendingPathComponent(folder).path) ?? []
        return names.filter { name in suffixes.contains(where: name.hasSuffix) }.map { folder + "/" + $0 }.sorted()
    }

    /// The text of the file at `path`, relative to the root.
    package static func text(of path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }
}
