import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `iconforge doctor` finds the real libraries and starts a real render worker, and says
/// what to install when librsvg is missing.
@Suite struct DoctorTests {
    @Test func findsLibrariesAndStartsAWorker() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        let findings = Doctor.run(librsvgPath: nil, workerExecutable: iconforge)
        #expect(findings.map(\.name) == ["librsvg", "libpng", "render worker"])
        #expect(findings.allSatisfy { $0.ok }, "\(findings)")
        let librsvg = findings[0].detail
        let libpng = findings[1].detail
        // Versions as "2.54.7 (librsvg-2.so.2)" and "1.6.39".
        #expect(librsvg.first?.isNumber == true && librsvg.contains("librsvg"), "\(librsvg)")
        #expect(libpng.split(separator: ".").count == 3 && libpng.hasPrefix("1."), "\(libpng)")
        #expect(findings[2].detail.contains("70 × 70 and 104 × 104"))
    }

    @Test func aWorkerThatCannotStartIsReported() throws {
        let findings = Doctor.run(librsvgPath: nil, workerExecutable: "/nonexistent/iconforge")
        let worker = try #require(findings.last)
        #expect(!worker.ok && worker.fix != nil, "\(worker)")
    }

    @Test func missingLibrsvgSaysWhatToInstall() throws {
        let iconforge = try #require(WorkerIsolationTests.iconforge, "build the iconforge product first")
        // In a process of its own: librsvg is opened once per process.
        let result = try ExternalProgram.run(
            iconforge, ["doctor"], environment: ["ICONFORGE_LIBRSVG": "/nonexistent/librsvg-2.so.2"])
        #expect(result.status == 3, "\(result.output)")
        #expect(result.output.contains("MISSING librsvg"), "\(result.output)")
        #expect(result.output.contains("apt-get install librsvg2-2") && result.output.contains("brew install librsvg"))
        let working = try ExternalProgram.run(iconforge, ["doctor"])
        #expect(working.status == 0 && working.output.contains("iconforge is ready"), "\(working.output)")
    }
}
