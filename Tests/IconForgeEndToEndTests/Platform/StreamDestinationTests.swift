import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeCLI

/// `-o /dev/null`, `--depfile /dev/stdout`, a named pipe: a device or pipe the person names
/// receives the bytes. Renaming a file over it, as an ordinary output is replaced, would put
/// a file where the system's device was (for root, /dev/null for every program on the
/// machine), which is what iconforge did before.
@Suite struct StreamDestinationTests {
    let glyph = Fixtures.path("pipeline/square-27pt.svg")

    func render(to destination: String) -> ToolRun {
        ToolCommand.run(["render", glyph, "--scale", "2", "-o", destination, "--isolation", "none"])
    }

    func isFIFO(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO
    }

    @Test("a PNG rendered to a named pipe arrives through it, byte for byte the file's, and the pipe stays a pipe")
    func renderIntoAPipe() throws {
        let folder = TemporaryFolder()
        let pipe = folder.file("png-pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // The reading end is open before iconforge writes (non-blocking, so opening it does
        // not wait for a writer); a 54 px PNG fits in the pipe's buffer.
        let reader = open(pipe, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let run = render(to: pipe)
        #expect(run.status == .clean, "\(run.stderr)")
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(reader, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            received += buffer[0..<count]
        }
        #expect(isFIFO(pipe), "the pipe was replaced by a file")
        let file = folder.file("square.png")
        #expect(render(to: file).status == .clean)
        let written = try [UInt8](Data(contentsOf: URL(fileURLWithPath: file)))
        #expect(received == written)
        let image = try PNGCodec.decode(received)
        #expect(image.width > 0 && image.width == image.height)
    }

    @Test("a named pipe that nothing reads is refused at once with a reason, not waited on")
    func aPipeWithoutAReaderIsRefused() {
        let folder = TemporaryFolder()
        let pipe = folder.file("nobody-reads")
        #expect(mkfifo(pipe, 0o600) == 0)
        let run = render(to: pipe)
        #expect(run.status != .clean)
        #expect(run.stderr.joined().contains("is a pipe that nothing reads"), "\(run.stderr)")
        #expect(isFIFO(pipe))
    }

    @Test(
        "a device named as the PNG, the depfile or the Swift enum stays the device",
        .enabled(if: getuid() == 0, "making a device node (mknod) needs root")
    )
    func aDeviceIsWrittenToNeverReplaced() throws {
        let folder = TemporaryFolder()
        let device = folder.file("null")
        // A second node of /dev/null's device: the test never risks the real one.
        var null = stat()
        try #require(stat("/dev/null", &null) == 0)
        try #require(mknod(device, S_IFCHR | 0o666, null.st_rdev) == 0)
        func isDevice() -> Bool {
            var info = stat()
            return lstat(device, &info) == 0 && info.st_mode & S_IFMT == S_IFCHR
        }
        #expect(render(to: device).status == .clean)
        #expect(isDevice(), "render -o replaced the device")
        let project = oneGlyphProject()
        let depfile = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--depfile", device, "--isolation", "none",
        ])
        #expect(depfile.status == .clean, "\(depfile.stderr)")
        #expect(isDevice(), "--depfile replaced the device")
        // A file others may edit (the Swift enum, an Info.plist) is read before it is
        // exchanged into place: a device there is refused with a reason, nothing written.
        project.write(
            "Glyphs/quick-actions.json",
            #"{"appName": "Shapes", "actions": [{"type": "com.example.square", "title": "Square", "icon": {"glyph": "square-27pt"}}]}"#
        )
        let swift = ToolCommand.run([
            "build", project.file("Glyphs"), "-o", project.file("Output"), "--swift", device, "--isolation", "none",
        ])
        #expect(
            swift.stderr.joined().contains("null: error: cannot update the app's file: not a regular file"),
            "\(swift.stderr)")
        #expect(isDevice(), "--swift replaced the device")
    }
}
