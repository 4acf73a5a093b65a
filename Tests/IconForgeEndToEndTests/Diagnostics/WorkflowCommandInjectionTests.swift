import Foundation
import Testing

@testable import IconForgeCLI

@Suite struct WorkflowCommandInjectionTests {
    @Test("a file name beginning with :: cannot become a workflow command in text output")
    func fileNamesCannotCommandTheRunner() {
        let text = DiagnosticFormatter.text(Diagnostic(.svgParse, file: "::add-mask::x.svg", "broken"))
        #expect(text.hasPrefix("./::add-mask::x.svg: error: "))
        let run = ToolCommand.run(["check", "::error::missing.svg", "--isolation", "none"])
        #expect(run.status == .io)
        #expect(!run.stderr.contains { $0.hasPrefix("::") }, "\(run.stderr)")
        #expect(run.stderr.contains { $0.hasPrefix("./::error::missing.svg: error: ") }, "\(run.stderr)")
        // Nor can a path after a newline, in any message on standard error.
        let render = ToolCommand.run([
            "render", "x\n::add-mask::y.svg", "--scale", "2", "-o", "/tmp/never.png", "--isolation", "none",
        ])
        let physical = render.stderr.flatMap { $0.split(separator: "\n", omittingEmptySubsequences: false) }
        #expect(!physical.isEmpty && !physical.contains { $0.hasPrefix("::") }, "\(render.stderr)")
    }
}
