// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "iconforge",
    // Mutex and Atomic (Synchronization) need macOS 15.
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "iconforge", targets: ["iconforge"]),
        // Every layer of the library (Fuzz/ builds on it).
        .library(
            name: "IconForgeKit",
            targets: [
                "IconForgePlatform", "IconForgeModel", "IconForgeNative", "IconForgeSVG", "IconForgeRender",
                "IconForgeOutputs", "IconForgeBuild", "IconForgeCLI",
            ]
        ),
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
        // include/CPlatformShim.h); Swift reaches them from IconForgePlatform only.
        .target(name: "CPlatformShim"),
        // SHA-256's compression function in C, with the x86 SHA instructions where the
        // processor has them (see include/CSHA256.h); Swift reaches it from IconForgePlatform.
        .target(name: "CSHA256"),

        // The library, as layers that each see only those below them (SwiftPM's own
        // Basics → PackageModel → … → Commands): a type two layers need lives in the lower
        // one, so the compiler keeps the direction. Each target's Layers.swift re-exports the
        // one below, so a file never lists its imports; `package` access lets a type cross
        // a target boundary without becoming public. See docs/architecture.md.
        //
        // The only Swift that imports Glibc or Darwin (through CPlatformShim for the rest),
        // and the one import of Foundation: files, folders, processes, threads, locks.
        .target(name: "IconForgePlatform", dependencies: ["CPlatformShim", "CSHA256"]),
        // The values every layer shares: diagnostics and rule ids, source locations, limits
        // and option values, geometry and the template, images and colours, catalog records,
        // output names, the JSON schema vocabulary.
        .target(name: "IconForgeModel", dependencies: ["IconForgePlatform"]),
        // Swift types that own the C libraries' resources: librsvg handles, libpng encoding.
        .target(name: "IconForgeNative", dependencies: ["IconForgeModel", "CRsvgLoader", "CPNGShim"]),
        // Reading a glyph: decoding, the XML and CSS scanners, discovery, the markup checks.
        .target(name: "IconForgeSVG", dependencies: ["IconForgeModel"]),
        // One glyph from its bytes to its PNGs: measure, render, the geometry and colour
        // checks, and the render workers that isolate librsvg.
        .target(name: "IconForgeRender", dependencies: ["IconForgeSVG", "IconForgeNative"]),
        // What a build writes: PNG files, its state and catalog, the asset catalog, the
        // quick actions and the app's files.
        .target(name: "IconForgeOutputs", dependencies: ["IconForgeRender"]),
        // The build's stages, incremental reuse, the preview page, watching.
        .target(name: "IconForgeBuild", dependencies: ["IconForgeOutputs"]),
        // The command line: options, configuration, commands, output formats, reference
        // documents, explain, init and doctor, the fuzz entry points.
        .target(name: "IconForgeCLI", dependencies: ["IconForgeBuild"]),
        .executableTarget(
            name: "iconforge",
            dependencies: ["IconForgeCLI", "IconForgePlatform"]
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
        // The tests follow the layers: each layer's unit tests in a target that depends on that
        // layer alone (so a test sees what the layer sees), and every test that runs a whole
        // build, a command or the built iconforge in IconForgeEndToEndTests.
        //
        // What every test target shares: the helpers (temporary folders, running programs,
        // building a project) and the fixtures (Fixtures/, where scripts/fuzz.sh keeps its
        // inputs too). A plain target, since a test target cannot depend on another; it needs
        // the whole library (a build, the catalog schema), so every test target links it, and
        // a test file still imports only its own layer.
        .target(
            name: "IconForgeTestSupport",
            dependencies: ["IconForgeCLI"],
            path: "Tests/IconForgeTestSupport",
            exclude: ["Fixtures"]
        ),
        .testTarget(name: "IconForgePlatformTests", dependencies: ["IconForgePlatform", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeModelTests", dependencies: ["IconForgeModel", "IconForgeTestSupport"]),
        .testTarget(
            name: "IconForgeNativeTests", dependencies: ["IconForgeNative", "CRsvgAPICheck", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeSVGTests", dependencies: ["IconForgeSVG", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeRenderTests", dependencies: ["IconForgeRender", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeOutputsTests", dependencies: ["IconForgeOutputs", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeBuildTests", dependencies: ["IconForgeBuild", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeCLITests", dependencies: ["IconForgeCLI", "IconForgeTestSupport"]),
        .testTarget(name: "IconForgeEndToEndTests", dependencies: ["IconForgeCLI", "IconForgeTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
