import Foundation
import IconForgeTestSupport
import Testing

/// The README and docs/*.md as a reader follows them: every shell example marked runnable
/// runs, and every link between the files leads to a file and a heading that exist.
@Suite struct DocumentationTests {
    /// README.md and every Markdown file in docs/, relative to the repository root.
    static var pages: [String] {
        let docs =
            (try? FileManager.default.contentsOfDirectory(atPath: ExternalProgram.repositoryRoot + "/docs")) ?? []
        return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    }

    /// The pages with a runnable block, each of which runnableExamplesRun runs.
    static var pagesWithRunnableBlocks: [String] {
        pages.filter { page in (try? text(page)).map { !runnableBlocks($0).isEmpty } ?? true }
    }

    static func text(_ page: String) throws -> String {
        try String(contentsOfFile: ExternalProgram.repositoryRoot + "/" + page, encoding: .utf8)
    }

    /// A page's lines, each with whether it is inside a fenced code block (fences included).
    static func lines(_ text: String) -> [(line: String, inFence: Bool)] {
        var inFence = false
        return text.components(separatedBy: "\n").map { line in
            if line.hasPrefix("```") {
                inFence.toggle()
                return (line, true)
            }
            return (line, inFence)
        }
    }

    /// The shell blocks marked runnable: a line beginning `<!-- runnable`, then a block
    /// fenced as ```sh. Each is returned with the line its fence opens on.
    static func runnableBlocks(_ text: String) -> [(line: Int, script: String)] {
        let lines = text.components(separatedBy: "\n")
        var blocks: [(Int, String)] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index].hasPrefix("<!-- runnable") else { continue }
            let fence = index + 1
            guard fence < lines.count, lines[fence] == "```sh" else {
                blocks.append((fence + 1, "echo 'a runnable mark must be followed by a ```sh block' >&2; exit 99"))
                continue
            }
            let body = lines[(fence + 1)...].prefix { !$0.hasPrefix("```") }
            blocks.append((fence + 1, body.joined(separator: "\n")))
            index = fence + body.count + 1
        }
        return blocks
    }

    /// GitHub's anchor for a heading: lower case, punctuation other than `-` and `_`
    /// dropped, spaces turned into `-`; a repeated heading gets `-1`, `-2`, ….
    static func anchors(_ text: String) -> Set<String> {
        var seen: [String: Int] = [:]
        var anchors = Set<String>()
        for (line, inFence) in lines(text) where !inFence {
            guard let hashes = line.firstIndex(where: { $0 != "#" }), hashes != line.startIndex,
                line.distance(from: line.startIndex, to: hashes) <= 6, line[hashes] == " "
            else { continue }
            let title = line[hashes...].trimmingCharacters(in: .whitespaces).lowercased()
            let slug = String(
                title.unicodeScalars.compactMap { scalar -> Character? in
                    if scalar == " " { return "-" }
                    if scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic
                        || scalar.properties.numericType != nil
                    {
                        return Character(scalar)
                    }
                    return nil
                })
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
        }
        return anchors
    }

    /// Every `[text](target)` outside code, as (line number, target).
    static func links(_ text: String) -> [(line: Int, target: String)] {
        let pattern = try! NSRegularExpression(pattern: #"\]\(([^)\s]+)\)"#)
        var links: [(Int, String)] = []
        for (number, entry) in lines(text).enumerated() where !entry.inFence {
            // Inline code is not a link: drop `…` spans first.
            let prose = entry.line.components(separatedBy: "`").enumerated().filter { $0.offset % 2 == 0 }.map(
                \.element
            ).joined(separator: " ")
            let range = NSRange(prose.startIndex..., in: prose)
            for match in pattern.matches(in: prose, range: range) {
                links.append((number + 1, String(prose[Range(match.range(at: 1), in: prose)!])))
            }
        }
        return links
    }

    @Test func everyLinkBetweenThePagesLeadsSomewhere() throws {
        let root = ExternalProgram.repositoryRoot
        for page in Self.pages {
            let folder = (page as NSString).deletingLastPathComponent
            for (line, target) in Self.links(try Self.text(page))
            where !target.contains("://") && !target.hasPrefix("mailto:") {
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(
                    String.init)
                let file =
                    parts[0].isEmpty
                    ? page : ((folder.isEmpty ? parts[0] : folder + "/" + parts[0]) as NSString).standardizingPath
                #expect(
                    FileManager.default.fileExists(atPath: root + "/" + file),
                    "\(page):\(line): link to \(target): no file \(file)")
                guard parts.count == 2, file.hasSuffix(".md"), let linked = try? Self.text(file) else { continue }
                #expect(
                    Self.anchors(linked).contains(parts[1]),
                    "\(page):\(line): link to \(target): \(file) has no heading with that anchor")
            }
        }
    }

    @Test func anchorsAreGitHubs() {
        let page =
            "# iconforge\n## Starting a project: `iconforge init`\n## `iconforge.json`\n#### At 1,000 glyphs\n```\n# not a heading\n```\n## Rules\n### Rules\n"
        #expect(
            Self.anchors(page) == [
                "iconforge", "starting-a-project-iconforge-init", "iconforgejson", "at-1000-glyphs", "rules", "rules-1",
            ])
    }

    @Test func runnableBlocksAreFoundWhereMarked() {
        let page =
            "text\n<!-- runnable -->\n```sh\necho one\necho two\n```\n```sh\nnot marked\n```\n<!-- runnable -->\n```sh\necho three\n```\n"
        let blocks = Self.runnableBlocks(page)
        #expect(blocks.map(\.script) == ["echo one\necho two", "echo three"])
        #expect(blocks.map(\.line) == [3, 11])
    }

    /// The README's tour is what a new user follows: it must stay marked, and so run.
    @Test func readmeIsAFrontPageWithARunnableTour() throws {
        let readme = try Self.text("README.md")
        #expect(
            readme.components(separatedBy: "\n").count <= 200,
            "the README is the front page: under about 200 lines; the rest goes to docs/")
        let tour = Self.runnableBlocks(readme).map(\.script).joined(separator: "\n")
        for command in ["iconforge init", "iconforge build", "iconforge check", "iconforge explain"] {
            #expect(tour.contains(command), "the README's runnable tour lacks \(command)")
        }
        for doc in ["designers", "commands", "ci", "output", "xcode", "make", "reference", "architecture", "benchmark"]
        {
            #expect(readme.contains("(docs/\(doc).md)"), "the README does not link docs/\(doc).md")
        }
    }

    /// Each page's runnable blocks run in order, with bash, in one fresh empty folder (so a
    /// later block builds on what an earlier one made), with the built iconforge first on
    /// PATH; each must exit 0.
    @Test(arguments: pagesWithRunnableBlocks)
    func runnableExamplesRun(page: String) throws {
        let blocks = Self.runnableBlocks(try Self.text(page))
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let bash = try #require(ExternalProgram.find("bash"))
        let project = TemporaryFolder()
        let path =
            (iconforge as NSString).deletingLastPathComponent + ":"
            + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        for block in blocks {
            let run = try ExternalProgram.run(
                bash, ["-euo", "pipefail", "-c", block.script], in: project.path,
                environment: ["PATH": path, "GITHUB_STEP_SUMMARY": "", "NO_COLOR": "1"])
            #expect(
                run.status == 0,
                "\(page):\(block.line): the runnable example failed (exit \(run.status)):\n\(run.output)")
        }
    }
}
