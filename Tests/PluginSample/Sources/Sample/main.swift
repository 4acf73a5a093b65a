import Foundation

// QuickAction is generated from Glyphs/quick-actions.json, the PNGs are the target's
// resources: this program prints both, for PluginSampleTests.
for action in QuickAction.allCases {
    print("action \(action) \(action.rawValue) \(action.icon.map { "\($0)" } ?? "none")")
}
for glyph in ["compose", "search"] {
    for scale in ["@2x", "@3x"] {
        let url = Bundle.module.url(forResource: glyph + scale, withExtension: "png")
        let bytes = url.flatMap { try? Data(contentsOf: $0) }?.count ?? 0
        print("resource \(glyph)\(scale).png \(bytes) bytes")
    }
}
