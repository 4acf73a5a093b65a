/// Whether a path of a git tree names a file that may be written beneath a folder, decided
/// as git's own `verify_path` (read-cache.c) decides before it checks a path out, with
/// `core.protectHFS` and `core.protectNTFS` on: git's fsck only warns about a tree entry
/// named `..`, so a commit can hold one, and `git ls-tree -r` prints it joined as it is
/// (`Glyphs/../../x.svg`).
package enum GitTreePath {
    /// Why `path` (names joined by "/", as `git ls-tree -r -z` prints them) is not one git
    /// would check out; nil when every name in it is.
    package static func problem(_ path: some Collection<UInt8>) -> String? {
        if path.contains(0) { return "has a NUL byte in its name" }
        if String(validating: path, as: UTF8.self) == nil { return "has a name that is not UTF-8" }
        for name in path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
            if let problem = problem(name: name) { return problem }
        }
        return nil
    }

    /// Why one name of a path is refused: empty (a "/" inside a tree entry's name shows as
    /// one), `.` or `..` (they lead out of the folder), or git's own folder.
    static func problem(name: some Collection<UInt8>) -> String? {
        if name.isEmpty { return "has an empty name, or a name with a / in it" }
        if name.elementsEqual(".".utf8) || name.elementsEqual("..".utf8) {
            return "has a name '\(String(decoding: name, as: UTF8.self))', which leads out of its folder"
        }
        // On NTFS a backslash separates names too.
        if name.split(separator: UInt8(ascii: "\\"), omittingEmptySubsequences: false).contains(where: isDotGit) {
            return "has a name that is git's own folder (.git) on some file system"
        }
        return nil
    }

    /// Whether `name` is `.git` as some file system sees it: in any case; with the code
    /// points HFS+ ignores anywhere in it; with the trailing dots and spaces NTFS drops, or
    /// an NTFS stream after a colon; or as NTFS's short name `git~1`.
    static func isDotGit(_ name: some Collection<UInt8>) -> Bool {
        var text = String(
            String.UnicodeScalarView(
                String(decoding: name, as: UTF8.self).unicodeScalars.filter { !isIgnoredByHFS($0) }))
        if let colon = text.firstIndex(of: ":") { text = String(text[..<colon]) }
        while text.last == "." || text.last == " " { text.removeLast() }
        // ASCII case only, as git folds it: no other letter becomes one of these.
        let folded = String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { ("A"..."Z").contains($0) ? Unicode.Scalar($0.value + 32)! : $0 }))
        return folded == ".git" || folded == "git~1"
    }

    /// The code points HFS+ leaves out when it compares names (git's `next_hfs_char`).
    private static func isIgnoredByHFS(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x200C...0x200F, 0x202A...0x202E, 0x206A...0x206F, 0xFEFF: true
        default: false
        }
    }
}
