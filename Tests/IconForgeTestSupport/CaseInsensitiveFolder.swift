import Foundation
import Testing

/// A folder whose file system ignores case, as APFS and HFS+ do by default: on Linux, a FAT
/// image mounted with fusefat (FUSE; this kernel has neither vfat nor ext4's casefold,
/// which needs CONFIG_UNICODE). Nil where that cannot be had: not root, no /dev/fuse, or
/// no mkfs.vfat and fusefat (scripts/setup.sh --test installs dosfstools and fusefat). FAT
/// keeps names' case and refuses names outside its code page, so it shows APFS's case
/// folding, not its Unicode normalisation.
package final class CaseInsensitiveFolder {
    package let path: String
    private let scratch = TemporaryFolder()

    package static let tools: (mkfs: String, fusefat: String, fusermount: String)? = {
        #if os(Linux)
            let find = { (names: [String]) in names.first { FileManager.default.isExecutableFile(atPath: $0) } }
            guard getuid() == 0, FileManager.default.fileExists(atPath: "/dev/fuse"),
                let mkfs = find(["/usr/sbin/mkfs.vfat", "/sbin/mkfs.vfat"]), let fusefat = find(["/usr/bin/fusefat"]),
                let fusermount = find(["/usr/bin/fusermount", "/bin/fusermount", "/usr/bin/fusermount3"])
            else { return nil }
            return (mkfs, fusefat, fusermount)
        #else
            return nil
        #endif
    }()

    package static let missing: Comment =
        "no case-insensitive folder: needs root, /dev/fuse, mkfs.vfat and fusefat (scripts/setup.sh --test installs dosfstools and fusefat)"

    package init?() {
        guard let tools = Self.tools else { return nil }
        let image = scratch.file("fat.img")
        path = scratch.file("mounted")
        guard FileManager.default.createFile(atPath: image, contents: Data(count: 4 << 20)),
            (try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)) != nil,
            Self.run(tools.mkfs, [image]) == 0,
            // fusefat's daemon, which serves the mount once fusefat returns, keeps what it
            // inherits open for as long as it runs; Foundation waits for the end of the
            // descriptors it gave the child, so the daemon gets none beyond 0, 1 and 2.
            Self.run(
                "/bin/bash",
                [
                    "-c",
                    #"for fd in /proc/$$/fd/*; do n=${fd##*/}; [ "$n" -gt 2 ] && eval "exec $n>&-"; done; exec "$@""#,
                    "bash", tools.fusefat, "-o", "rw+", image, path,
                ]) == 0
        else { return nil }
    }

    deinit {
        if let tools = Self.tools { _ = Self.run(tools.fusermount, ["-u", path]) }
    }

    /// Runs a program to its end, its output discarded.
    private static func run(_ executable: String, _ arguments: [String]) -> Int32? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return nil }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Writes `text` to `name`, false when the file system refuses the name.
    @discardableResult
    package func write(_ name: String, _ text: String) -> Bool {
        (try? Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + name))) != nil
    }
}
