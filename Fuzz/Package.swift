// swift-tools-version: 6.0
// iconforge's libFuzzer targets, a package of their own so that `swift build` and
// `swift test` of iconforge never build them. Built and run by `make fuzz` (see
// scripts/fuzz.sh), with `-sanitize=fuzzer,address -parse-as-library`: libFuzzer supplies
// `main` and calls each target's `LLVMFuzzerTestOneInput`. Each target hands its input to
// one of IconForgeCLI's `FuzzEntryPoints`, which the suite's FuzzRegressionTests also run
// on every input kept under Tests/IconForgeTestSupport/Fixtures/fuzz/.
import PackageDescription

let kit: Target.Dependency = .product(name: "IconForgeKit", package: "iconforge")
let fuzzTarget: [Target.Dependency] = [kit, "CFuzzDriver"]

let package = Package(
    name: "iconforge-fuzz",
    platforms: [.macOS(.v15)],
    dependencies: [.package(name: "iconforge", path: "..")],
    targets: [
        .target(name: "CFuzzDriver"),
        .executableTarget(name: "FuzzMarkup", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzCSS", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzJSON", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzGlyph", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzPlist", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzAppFiles", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzGitTree", dependencies: fuzzTarget),
        .executableTarget(name: "FuzzPNG", dependencies: fuzzTarget),
    ],
    swiftLanguageModes: [.v6]
)
