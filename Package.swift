// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iconforge",
    products: [
        .executable(name: "iconforge", targets: ["iconforge"]),
        .library(name: "IconForgeKit", targets: ["IconForgeKit"]),
    ],
    targets: [
        // librsvg 2.x (brings cairo and glib). `make setup` installs librsvg2-dev.
        .systemLibrary(
            name: "CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        // libpng reports errors with longjmp, which must never cross a Swift frame,
        // so every libpng call lives in this C shim, which owns the setjmp. Image data
        // is compressed with libdeflate (libdeflate-dev).
        .target(
            name: "CPNGShim",
            linkerSettings: [.linkedLibrary("png16"), .linkedLibrary("deflate")]
        ),
        .target(
            name: "IconForgeKit",
            dependencies: ["CRsvg", "CPNGShim"]
        ),
        .executableTarget(
            name: "iconforge",
            dependencies: ["IconForgeKit"]
        ),
        .testTarget(
            name: "IconForgeKitTests",
            dependencies: ["IconForgeKit", "CPNGShim"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
