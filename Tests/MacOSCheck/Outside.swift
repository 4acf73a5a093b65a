// What the platform layer uses from the rest of IconForgeKit, declared for the macOS check
// (scripts/macos-check.sh), which type-checks the layer on its own. Declarations only;
// the real ones are in Sources/IconForgeKit/Diagnostics/TextFormatting.swift.
extension String {
    var lastPathComponent: String { fatalError("type-checking stand-in") }
    var parentPath: String { fatalError("type-checking stand-in") }
}
