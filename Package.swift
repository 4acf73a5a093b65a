// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iconforge",
    // Mutex and Atomic (Synchronization) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "iconforge", targets: ["iconforge"]),
        .library(name: "IconForgeKit", targets: ["IconForgeKit"]),
        .plugin(name: "IconForgePlugin", targets: ["IconForgePlugin"]),
    ],
    targets: [
        // librsvg 2.x (with cairo and GLib), opened with dlopen on first use, so that
        // runs that render nothing start without it (see include/CRsvgLoader.h).
        .target(name: "CRsvgLoader"),
        // libpng reports errors with longjmp, which must never cross a Swift frame,
        // so every libpng call lives in this C shim, which owns the setjmp. Image data
        // is compressed with libdeflate (libdeflate-dev).
        .target(
            name: "CPNGShim",
            dependencies: ["CLibPNG", "CLibDeflate"]
        ),
        // The system libraries, found through pkg-config so that their headers and
        // libraries are found wherever they are installed (Debian's /usr, Homebrew's
        // /opt/homebrew or /usr/local); `providers` names the packages to install.
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"]), .brew(["libdeflate"])]
        ),
        // The operating-system calls that differ between Linux and macOS, in C (see
        // include/CPlatformShim.h); Swift reaches them from IconForgeKit/Platform/ only.
        .target(name: "CPlatformShim"),
        .target(
            name: "IconForgeKit",
            dependencies: ["CRsvgLoader", "CPNGShim", "CPlatformShim"]
        ),
        .executableTarget(
            name: "iconforge",
            dependencies: ["IconForgeKit"]
        ),
        // A build-tool plugin for a target that keeps its glyphs in Glyphs/: their PNGs as
        // the target's resources, and the QuickAction enum (see docs/xcode.md).
        .plugin(
            name: "IconForgePlugin",
            capability: .buildTool(),
            dependencies: ["iconforge"]
        ),
        // librsvg's real headers (through pkg-config), for the test that the loader's
        // declarations agree with them.
        .systemLibrary(
            name: "CRsvg",
            path: "Tests/CRsvg",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"]), .brew(["librsvg"])]
        ),
        .target(
            name: "CRsvgAPICheck",
            dependencies: ["CRsvg"],
            path: "Tests/CRsvgAPICheck"
        ),
        .testTarget(
            name: "IconForgeKitTests",
            dependencies: ["IconForgeKit", "CPNGShim", "CRsvgLoader", "CRsvgAPICheck"],
            exclude: ["Fixtures"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
