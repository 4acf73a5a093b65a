import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI
@testable import IconForgeOutputs
@testable import IconForgeSVG

/// Files that once made a parser take minutes or crash the process are refused or read in
/// time linear in their size, with a message naming the limit they broke. Each runs the
/// built `iconforge` as a subprocess killed after a limit far beyond what it needs, so a
/// regression shows as a killed run, never as a timed assertion.
@Suite struct ParserBoundsTests {
    /// Far beyond the second or two these runs take on a busy machine; the old code took
    /// minutes (or for ever) on each.
    static let hangLimit = 90.0

    func exampleProject() throws -> TemporaryFolder {
        let project = TemporaryFolder()
        let glyphs = Fixtures.root.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Glyphs").path
        try FileManager.default.copyItem(atPath: glyphs, toPath: project.file("Glyphs"))
        return project
    }

    func manyKeys(_ count: Int) -> String {
        (0..<count).map { "\"k\($0)\":\($0)" }.joined(separator: ",")
    }

    @Test func aQuickActionsFileWithManyKeysIsReadInLinearTimeAndOverTheKeyLimitRefused() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        // 60,000 keys (under the limit): every key is read (the old parser took about half a minute).
        project.write(
            "G/quick-actions.json",
            "{\"locales\":[\"en\"],\"actions\":[{\"type\":\"a.b\",\"title\":{\"en\":\"Open\"},\"icon\":{\"glyph\":\"square-27pt\"},\"userInfo\":{\(manyKeys(60_000))}}]}"
        )
        let under = try runProgram(
            executable, ["check", project.file("G"), "--format", "json"], killedAfter: Self.hangLimit)
        #expect(!under.timedOut, "check of 60,000 keys was still running after \(Self.hangLimit) s")
        #expect(under.status == 0 || under.status == 1, "\(under.output.prefix(400))")
        // 200,000 keys (2.9 MB, under the 5 MB file limit): refused at the key limit, by name.
        project.write("G/quick-actions.json", "{\"locales\":[\"en\"],\"actions\":[],\"x\":{\(manyKeys(200_000))}}")
        let over = try runProgram(executable, ["check", project.file("G")], killedAfter: Self.hangLimit)
        #expect(!over.timedOut, "check of 200,000 keys was still running after \(Self.hangLimit) s")
        #expect(over.status == 1)
        #expect(over.output.contains("more than 100000 object keys (the key limit)"), "\(over.output.prefix(400))")
    }

    @Test func anIconforgeJSONWithManyKeysIsReadInLinearTime() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = TemporaryFolder()
        project.copy(fixture: "pipeline/square-27pt.svg", as: "G/square-27pt.svg")
        // Just under the 1 MB limit of iconforge.json: 70,000 keys, each one an unknown key.
        project.write("iconforge.json", "{\(manyKeys(70_000))}")
        let run = try runProgram(executable, ["check", "G"], in: project.path, killedAfter: Self.hangLimit)
        #expect(!run.timedOut, "reading an iconforge.json of 70,000 keys was still running after \(Self.hangLimit) s")
        #expect(run.status == 2 && run.output.contains("unknown key 'k0'"), "\(run.output.prefix(400))")
    }

    @Test func aDeeplyNestedInfoPlistIsRefusedByItsDepthNotACrash() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let project = try exampleProject()
        let nested = String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000)
        let plist =
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>Deep</key>\n\t\(nested)\n</dict>\n</plist>\n"
        let path = project.write("Info.plist", plist)
        let run = try runProgram(
            executable, ["build", "Glyphs", "--info-plist", "Info.plist", "--format", "json"], in: project.path,
            killedAfter: Self.hangLimit)
        #expect(!run.timedOut)
        #expect(run.status == 3, "exit \(run.status): \(run.output.prefix(400))")
        #expect(run.output.contains("deeper than 64 levels (the depth limit)"), "\(run.output.prefix(600))")
        #expect(run.output.contains("\"diagnostics\""), "a JSON document")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == plist, "left as it was")
        // One level within the limit is read and updated.
        let within = String(repeating: "<array>", count: 60) + String(repeating: "</array>", count: 60)
        project.write(
            "Info.plist",
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n\t<key>Deep</key>\n\t\(within)\n</dict>\n</plist>\n"
        )
        let ok = try runProgram(
            executable, ["build", "Glyphs", "--info-plist", "Info.plist"], in: project.path, killedAfter: Self.hangLimit
        )
        #expect(ok.status == 0, "\(ok.output.prefix(400))")
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("UIApplicationShortcutItems"))
    }

    @Test func anXMLPropertyListOverTheValueLimitIsRefusedByName() throws {
        let many = String(repeating: "<true/>", count: PropertyListLimits.maximumValues + 1)
        let plist = Array(
            "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>A</key><array>\(many)</array></dict></plist>".utf8
        )
        #expect(
            throws: InfoPlistUpdate.Failure(
                message: "holds more than 200000 values (the value limit); an Info.plist holds a few hundred")
        ) {
            try InfoPlistUpdate.parse(plist, what: "it")
        }
        #expect(
            PropertyListLimits.xmlProblem(
                Array(
                    "<plist><dict><!-- <array> --><key>a</key><array><string>&lt;array&gt;</string></array></dict></plist>"
                        .utf8), what: "it") == nil)
    }

    /// A binary property list whose arrays each refer to the next one twice: 40 levels make
    /// 2⁴⁰ values when expanded, which the old reader (depth 512, no count) built for ever.
    static func fanOutBinaryPlist(levels: Int) -> [UInt8] {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        // Object 0: the root dictionary { "A": object 2 }; object 1: the key "A".
        offsets.append(bytes.count)
        bytes += [0xD1, 1, 2]
        offsets.append(bytes.count)
        bytes += [0x51, UInt8(ascii: "A")]
        for level in 0..<levels {
            offsets.append(bytes.count)
            let next = UInt8(3 + level)
            bytes += level == levels - 1 ? [0xA0] : [0xA2, next, next]
        }
        let table = bytes.count
        for offset in offsets { bytes += [UInt8(offset >> 8), UInt8(offset & 0xFF)] }
        var trailer = [UInt8](repeating: 0, count: 32)
        trailer[6] = 2  // offset size
        trailer[7] = 1  // reference size
        withUnsafeBytes(of: UInt64(offsets.count).bigEndian) {
            for (index, byte) in $0.enumerated() { trailer[8 + index] = byte }
        }
        withUnsafeBytes(of: UInt64(0).bigEndian) { for (index, byte) in $0.enumerated() { trailer[16 + index] = byte } }
        withUnsafeBytes(of: UInt64(table).bigEndian) {
            for (index, byte) in $0.enumerated() { trailer[24 + index] = byte }
        }
        return bytes + trailer
    }

    @Test func aBinaryInfoPlistThatFansOutIsRefusedByItsValueCount() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        // Within the limits, the same shape reads: 5 levels are 31 arrays.
        let small = try InfoPlistUpdate.parse(Self.fanOutBinaryPlist(levels: 5), what: "it")
        #expect(small.format == .binary && small.dictionary["A"] != nil)
        let project = try exampleProject()
        let hostile = Self.fanOutBinaryPlist(levels: 40)
        try Data(hostile).write(to: URL(fileURLWithPath: project.file("Info.plist")))
        let run = try runProgram(
            executable, ["build", "Glyphs", "--info-plist", "Info.plist"], in: project.path, killedAfter: Self.hangLimit
        )
        #expect(!run.timedOut, "reading a fanned-out binary plist was still running after \(Self.hangLimit) s")
        #expect(run.status == 3, "\(run.output.prefix(400))")
        #expect(run.output.contains("more than 200000 values (the value limit)"), "\(run.output.prefix(400))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: project.file("Info.plist"))) == Data(hostile))
    }

    @Test func aUseFanOutIsRefusedBeforeRenderingNotRenderedUntilTheTimeout() throws {
        let executable = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let run = try runProgram(
            executable, ["check", Fixtures.path("isolation/use-fanout-billion.svg"), "--format", "json"],
            killedAfter: Self.hangLimit)
        #expect(!run.timedOut)
        #expect(run.status == 1)
        #expect(
            run.output.contains("\"rule\" : \"svg.limit\"") && run.output.contains("the <use> expansion limit"),
            "\(run.output.prefix(600))")
        #expect(run.output.contains("\"line\" : 15"), "at the <use> that makes the copies")
        #expect(!run.output.contains("render.timeout"), "refused before librsvg saw it")
        // A glyph of many uses is measured from its references, not its size: 110 elements, 10⁹ drawn.
        let document = try XMLScanner.parse(
            Array(try Data(contentsOf: URL(fileURLWithPath: Fixtures.path("isolation/use-fanout-billion.svg")))),
            limits: Limits())
        #expect(UseExpansion.drawnElements(document.root).count == UseExpansion.maximumDrawnElements + 1)
        let within = try XMLScanner.parse(
            Array(
                try Data(
                    contentsOf: URL(fileURLWithPath: Fixtures.path("rules/svg-limit-pass-use-fanout-within-limit.svg")))
            ), limits: Limits())
        // Each level is 1 + 10 × (a <use> and its target's count): 21, 221, 2,221, 22,221; the
        // <svg>, <defs> (whose definitions are drawn only where used: 1), and the last <use>
        // with its copy (22,222).
        #expect(UseExpansion.drawnElements(within.root).count == 1 + 1 + 22_222, "every copy drawn counted once")
    }
}
