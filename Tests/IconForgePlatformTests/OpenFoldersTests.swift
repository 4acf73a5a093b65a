import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgePlatform

@Suite struct OpenFoldersTests {
    @Test("a file's signature through an open folder is the one a path lookup gives")
    func signaturesAgreeWithPathLookups() throws {
        let folder = TemporaryFolder()
        let file = folder.write("a b.svg", "<svg/>")
        try FileManager.default.createSymbolicLink(atPath: folder.file("link.svg"), withDestinationPath: file)
        try FileManager.default.createDirectory(atPath: folder.file("sub"), withIntermediateDirectories: false)
        folder.write("sub/c.svg", "<svg></svg>")
        let open = OpenFolders([folder.path, folder.path + "/missing"])

        let expected = try #require(FileSystem.signature(of: file))
        #expect(expected.size == 6)
        #expect(open.signature(of: "a b.svg", in: folder.path) == expected)
        // A symlink is a file only when followed, as with lstat and stat.
        #expect(open.signature(of: "link.svg", in: folder.path, followingSymlinks: false) == nil)
        #expect(open.signature(of: "link.svg", in: folder.path) == expected)
        // Names with a slash, and folders that were not opened, fall back to the whole path.
        #expect(open.signature(of: "sub/c.svg", in: folder.path)?.size == 11)
        #expect(open.signature(of: "nothing.svg", in: folder.path) == nil)
        #expect(open.signature(of: "sub", in: folder.path) == nil)  // a folder is not a regular file

        // Past the limit, folders are not opened, and lookups still work by path.
        let few = OpenFolders([folder.file("sub"), folder.path], limit: 1)
        #expect(few.signature(of: "a b.svg", in: folder.path) == expected)
        #expect(few.signature(of: "c.svg", in: folder.file("sub"))?.size == 11)
    }
}
