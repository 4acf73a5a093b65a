// swift-tools-version: 6.0
// A package that uses IconForgePlugin as an app's package would: its Sample target keeps
// its glyphs in Sources/Sample/Glyphs/ and gets their PNGs as resources and the
// QuickAction enum at build time. PluginSampleTests builds a copy of it with `swift build`
// (the dependency's path made absolute there).
import PackageDescription

let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "iconforge", path: "../..")],
    targets: [
        .executableTarget(
            name: "Sample",
            plugins: [.plugin(name: "IconForgePlugin", package: "iconforge")]
        )
    ]
)
