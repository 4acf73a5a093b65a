import Testing

@testable import IconForgePlatform

/// `RelativePath.of`'s shortcut for a path named plainly inside its base (what a commit's
/// journal names, two a PNG) gives what the general computation gives, and is taken only
/// where it may be.
@Suite struct RelativePathTests {
    /// Every pair of these, each way round: plain and unusual spellings, absolute and relative.
    static let paths = [
        "/", "//", "/a", "/a/", "/a/b", "/a/b/", "/a//b", "/a/./b", "/a/../b", "/a/b/..", "/a/b/.", "/a/b/c.png",
        "/a/b/.c.png", "/a/b/...", "/a/b/.../d", "/a/b/x.imageset/x@2x.png", "/a/bc/d", "/ab/c", "a", "a/", "a/b",
        "a/b/c.png", "./a/b", "a/./b", "a/../b", "../a/b", "..", ".", "", "a//b", "a/b/..", "Output",
        "Output/.iconforge-tmp-1-2-x@3x.png", "Output/Icons.xcassets/x.imageset/x@2x.png", "/tmp/Out put/é.png",
        "/tmp/Out put",
    ]

    @Test func theShortcutAgreesWithTheGeneralAnswer() {
        var taken = 0
        for base in Self.paths {
            for path in Self.paths {
                let general = RelativePath.general(path, from: base)
                #expect(RelativePath.of(path, from: base) == general, "\(path) from \(base)")
                if let inside = RelativePath.plainlyInside(path, base) {
                    #expect(inside == general, "\(path) from \(base)")
                    taken += 1
                }
            }
        }
        // Not vacuous: the plain pairs took the shortcut.
        #expect(taken >= 10)
    }

    @Test func aJournalsPathsTakeTheShortcut() {
        let folder = "/work/project/Output"
        #expect(
            RelativePath.plainlyInside(folder + "/.iconforge-tmp-7-99-star@3x.png", folder)
                == ".iconforge-tmp-7-99-star@3x.png")
        #expect(
            RelativePath.plainlyInside(folder + "/Icons.xcassets/star.imageset/star@2x.png", folder)
                == "Icons.xcassets/star.imageset/star@2x.png")
        // Not plain: the general computation answers.
        #expect(RelativePath.plainlyInside(folder + "/../star.png", folder) == nil)
        #expect(RelativePath.plainlyInside(folder + "//star.png", folder) == nil)
        #expect(RelativePath.plainlyInside(folder + "x/star.png", folder) == nil)
        #expect(RelativePath.plainlyInside(folder + "/", folder) == nil)
        #expect(RelativePath.of(folder + "/../star.png", from: folder) == "../star.png")
    }
}
