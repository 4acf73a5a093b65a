import Foundation
import Synchronization
import Testing

@testable import IconForgeBuild
@testable import IconForgeCLI
@testable import IconForgeModel
@testable import IconForgeNative
@testable import IconForgeOutputs
@testable import IconForgePlatform
@testable import IconForgeRender
@testable import IconForgeSVG

/// A build killed at any step of writing its output leaves a folder where every file is
/// whole, any `catalog.json` lists files with exactly the bytes it gives, and the next build
/// finishes the job: the same files as a build into an empty folder, no finding, nothing
/// stray. "Killed at a step" without timing: after each write, flush, rename or removal the
/// build makes, the test takes a snapshot of the output folder by hard links (same inodes,
/// sizes and times, so the next build sees exactly what a killed build would have left),
/// then checks each snapshot and builds in it.
@Suite struct KilledAtEachStepTests {
    enum Change: String, CaseIterable, CustomTestStringConvertible {
        /// Into an empty folder.
        case cold
        /// Two glyphs changed, one removed, one added: files replaced and removed.
        case replaceRemoveAndAdd
        /// One glyph added, nothing else: the old catalog stays while the new files arrive.
        case addOnly
        var testDescription: String { rawValue }
    }

    func write(_ glyphs: TemporaryFolder, _ indices: some Sequence<Int>, variant: Int) {
        for index in indices {
            let inset = 4 + Double((index + variant) % 9) * 0.02
            let size = 35 - 2 * inset
            glyphs.write("g\(index).svg", "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 35 35\"><rect x=\"\(inset)\" y=\"\(inset)\" width=\"\(size)\" height=\"\(size)\" rx=\"\(Double(index % 7))\"/></svg>")
        }
    }

    static func visible(_ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    }

    static func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

    /// The folder as it is now, by hard links (flat: these builds write no subfolders).
    static func snapshot(_ folder: String, into copy: String) {
        try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: true)
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where name != FolderLock.fileName {
            // A file renamed away between listing and linking is simply not in the snapshot.
            _ = link(folder + "/" + name, copy + "/" + name)
        }
    }

    @Test(arguments: Change.allCases)
    func aBuildKilledAfterAnyStepLeavesAWholeFolderAndTheNextBuildFinishesIt(_ change: Change) throws {
        let glyphs = TemporaryFolder(), output = TemporaryFolder(), fresh = TemporaryFolder(), snapshots = TemporaryFolder()
        if change != .cold {
            write(glyphs, 0..<6, variant: 0)
            _ = try build([glyphs.path], into: output.path)
        }
        var before: [String: Data] = [:]
        for name in try Self.visible(output.path) { before[name] = try Self.bytes(output.file(name)) }
        switch change {
        case .cold: write(glyphs, 0..<6, variant: 0)
        case .replaceRemoveAndAdd:
            write(glyphs, 0..<2, variant: 3)
            try FileManager.default.removeItem(atPath: glyphs.file("g5.svg"))
            write(glyphs, [6], variant: 0)
        case .addOnly: write(glyphs, [6], variant: 0)
        }
        #expect(try build([glyphs.path], into: fresh.path).diagnostics.isEmpty)
        let after = try Dictionary(uniqueKeysWithValues: Self.visible(fresh.path).map { ($0, try Self.bytes(fresh.file($0))) })

        let steps = Mutex<[FlushObserver.Event]>([])
        let outputPath = output.path, snapshotsPath = snapshots.path
        let observer = FlushObserver(afterEach: { event in
            let step = steps.withLock { steps in
                steps.append(event)
                return steps.count
            }
            Self.snapshot(outputPath, into: snapshotsPath + "/\(step)")
        })
        let report = try FlushObserver.$current.withValue(observer) { try build([glyphs.path], into: output.path) }
        #expect(report.diagnostics.isEmpty)
        let events = steps.withLock { $0 }
        #expect(events.count >= 5, "\(events)")

        for (index, event) in events.enumerated() {
            let folder = snapshots.path + "/\(index + 1)"
            let at = "killed after step \(index + 1), \(event)"
            // Every file is whole: the previous build's bytes or this build's.
            for name in try Self.visible(folder) where name.hasSuffix(".png") {
                let data = try Self.bytes(folder + "/" + name)
                #expect(data == before[name] || data == after[name], "\(name) is neither the old file nor the new one, \(at)")
            }
            // A catalog, if there is one, lists files that have the bytes it gives.
            if FileManager.default.fileExists(atPath: folder + "/catalog.json") {
                let catalog = try JSONDecoder().decode(Catalog.self, from: Self.bytes(folder + "/catalog.json"))
                for output in catalog.glyphs.flatMap(\.outputs) {
                    let data = try? Self.bytes(folder + "/" + output.file)
                    #expect(data.map { SHA256Digest.hex(of: [UInt8]($0)) } == output.sha256, "catalog.json disagrees with \(output.file), \(at)")
                }
            }
            // The next build finishes the job, and knows every file of iconforge's as its own.
            let next = try build([glyphs.path], into: folder)
            #expect(next.diagnostics.isEmpty, "\(next.diagnostics), \(at)")
            #expect(try Self.visible(folder) == Self.visible(fresh.path), "\(at)")
            for (name, data) in after {
                #expect(try Self.bytes(folder + "/" + name) == data, "\(name), \(at)")
            }
            let strays = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(FileSystem.temporaryPrefix) }
            #expect(strays.isEmpty, "temporary files left: \(strays), \(at)")
        }
    }
}
