import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// Formula/iconforge.rb, checked on Linux as far as it can be without Homebrew or a Mac:
/// its Ruby syntax (`ruby -c`), what it declares, that it installs what `make install`
/// does where `make install` puts it, and its `test do` block, run for real against that
/// install (Tests/Homebrew/formula_harness.rb stands in for Homebrew's DSL).
@Suite struct HomebrewFormulaTests {
    static let formula = ExternalProgram.repositoryRoot + "/Formula/iconforge.rb"
    static let harness = ExternalProgram.repositoryRoot + "/Tests/Homebrew/formula_harness.rb"
    static let ruby = ExternalProgram.find("ruby")
    static let noRuby: Comment = "no ruby (scripts/setup.sh --test installs it)"

    static func describe(_ formula: String = formula, prefix: String) throws -> [String: Any] {
        let result = try ExternalProgram.run(try #require(ruby), [harness, formula, "describe", prefix])
        try #require(result.status == 0, "\(result.output)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    }

    @Test(.enabled(if: ruby != nil, noRuby))
    func theFormulaIsValidRuby() throws {
        let result = try ExternalProgram.run(try #require(Self.ruby), ["-c", Self.formula])
        #expect(result.status == 0 && result.output == "Syntax OK\n", "\(result.output)")
        let scratch = TemporaryFolder()
        let broken = scratch.write(
            "iconforge.rb",
            try String(contentsOfFile: Self.formula, encoding: .utf8).replacingOccurrences(
                of: "  def install\n", with: "  def install(\n"))
        #expect(try ExternalProgram.run(try #require(Self.ruby), ["-c", broken]).status != 0)
    }

    @Test(.enabled(if: ruby != nil, noRuby))
    func itDependsOnHomebrewsLibrariesAndBuildsHeadFromMain() throws {
        let declared = try Self.describe(prefix: "/opt/homebrew/Cellar/iconforge/HEAD")
        let dependencies = try #require(declared["depends_on"] as? [[Any]])
        let names = Set(dependencies.compactMap { $0.first as? String })
        #expect(names.isSuperset(of: ["librsvg", "libpng", "libdeflate", "pkg-config", "xcode", "macos"]), "\(names)")
        let head = try #require(declared["head"] as? [String: Any])
        #expect(head["branch"] as? String == "main")
        #expect(declared["url"] is NSNull, "no release yet: head-only until RELEASE is set")
    }

    @Test(.enabled(if: ruby != nil, noRuby))
    func aReleaseIsItsTagsSourceArchive() throws {
        let scratch = TemporaryFolder()
        let text = try String(contentsOfFile: Self.formula, encoding: .utf8)
        try #require(text.contains("  RELEASE = nil\n  RELEASE_SHA256 = nil\n"))
        let released = scratch.write(
            "iconforge.rb",
            text.replacingOccurrences(
                of: "  RELEASE = nil\n  RELEASE_SHA256 = nil\n",
                with: "  RELEASE = \"1.2.3\"\n  RELEASE_SHA256 = \"\(String(repeating: "ab", count: 32))\"\n"))
        let declared = try Self.describe(released, prefix: "/opt/homebrew/Cellar/iconforge/1.2.3")
        #expect(declared["url"] as? String == "https://github.com/OWNER/iconforge/archive/refs/tags/v1.2.3.tar.gz")
        #expect(declared["sha256"] as? String == String(repeating: "ab", count: 32))
    }

    /// What `install` runs, run here (the binary already built by the suite's build), gives
    /// exactly `make install`'s files; then the formula's own test block passes against it.
    @Test(.enabled(if: ruby != nil, noRuby))
    func itInstallsWhatMakeInstallDoesAndItsTestBlockPasses() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let scratch = TemporaryFolder()
        let prefix = scratch.file("Cellar/iconforge/HEAD")
        let declared = try Self.describe(prefix: prefix)
        let commands = try #require(declared["install"] as? [[String]])
        try #require(commands.count == 2, "\(commands)")
        #expect(
            commands[0].prefix(2) == ["swift", "build"] && commands[0].contains("release")
                && commands[0].suffix(2) == ["--product", "iconforge"], "\(commands[0])")
        #expect(
            commands[1] == ["make", "install", "BUILD=0", "ICONFORGE=.build/release/iconforge", "PREFIX=\(prefix)"])

        let make = try #require(ExternalProgram.find("make"))
        let install = try ExternalProgram.run(
            make, ["-s"] + commands[1].dropFirst().map { $0.hasPrefix("ICONFORGE=") ? "ICONFORGE=\(iconforge)" : $0 })
        #expect(install.status == 0, "\(install.output)")
        var isFolder: ObjCBool = false
        let files = InstallTests.tree(prefix).filter {
            FileManager.default.fileExists(atPath: prefix + "/" + $0, isDirectory: &isFolder) && !isFolder.boolValue
        }
        #expect(files == InstallTests.installed.sorted())

        let testpath = scratch.file("test")
        try FileManager.default.createDirectory(atPath: testpath, withIntermediateDirectories: true)
        let test = try ExternalProgram.run(
            try #require(Self.ruby), [Self.harness, Self.formula, "test", prefix, testpath])
        #expect(test.status == 0, "\(test.output)")
        #expect(test.output.hasSuffix("test block passed\n"), "\(test.output)")
        #expect(try decodePNG(testpath + "/Output/square@3x.png").width == 104)
    }
}
