/// A file that looks like a glyph by its name, not yet read.
package struct GlyphFile: Sendable, Equatable {
    /// The asset name: the file name without its `.svg` extension.
    package var name: String
    package var displayPath: String
    /// The file's name: its path relative to the glyphs folder it was found in.
    package var relativePath: String
    /// `displayPath` without the file name: the folder as given, or "." for a bare name.
    package var directory: String
    /// The resolved glyphs folder it was found in; nil for a file named directly.
    package var folder: String?
}

/// Finds glyph files in folders and file arguments, and reads them safely.
package enum GlyphDiscovery {
    /// The outcome of reading one glyph file.
    package enum ReadResult: Sendable {
        case source(GlyphSource)
        case failure(Diagnostic)
    }

    /// A folder or file argument that does not exist or cannot be listed.
    package struct MissingInput: Error, Equatable, Sendable {
        package var path: String
        package var message: String
    }

    /// Lists `*.svg` in each folder (sorted, dot-files skipped as a shell glob skips
    /// them) and takes each file argument as it is.
    package static func discover(_ paths: [String]) throws(MissingInput) -> [GlyphFile] {
        var files: [GlyphFile] = []
        for path in paths {
            let kind = FileSystem.kind(of: path)
            if kind == .missing {
                // The default folder missing usually means iconforge ran in the wrong place.
                let hint =
                    paths == ["Glyphs"]
                    ? "; run iconforge in the folder that holds Glyphs/, or name the glyphs folder after the command (e.g. path/to/glyphs)"
                    : ""
                throw MissingInput(path: path, message: "no such file or folder" + hint)
            }
            if kind == .directory || (kind == .symlink && isFolder(path)) {
                let root = FileSystem.resolvedPath(path) ?? path
                let names: [String]
                do {
                    names = try FileSystem.contents(ofFolder: path)
                } catch {
                    throw MissingInput(path: path, message: error.message)
                }
                let glyphNames =
                    names
                    .filter(isGlyphFileName)
                    .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
                let folderDisplay = path.hasSuffix("/") ? String(path.dropLast()) : path
                for fileName in glyphNames {
                    files.append(
                        GlyphFile(
                            name: stem(fileName), displayPath: folderDisplay + "/" + fileName, relativePath: fileName,
                            directory: folderDisplay, folder: root))
                }
            } else {
                let fileName = path.lastPathComponent
                files.append(
                    GlyphFile(
                        name: stem(fileName), displayPath: path, relativePath: fileName, directory: path.parentPath,
                        folder: nil))
            }
        }
        // A file named twice (`check A A`, or a folder and a file in it) is one glyph. The
        // folder is resolved, not the file: a symlink is a glyph of its own name. Paths are
        // compared as bytes, since Swift's String equality would merge "é" spelt two ways,
        // which are two files on Linux.
        guard paths.count > 1 else { return files }  // one folder cannot list a file twice
        var seen = Set<[UInt8]>()
        var resolvedFolders: [[UInt8]: String] = [:]
        return files.filter { file in
            let parent = file.displayPath.parentPath
            let folder = resolvedFolders[Array(parent.utf8)] ?? FileSystem.resolvedPath(parent) ?? parent
            resolvedFolders[Array(parent.utf8)] = folder
            return seen.insert(Array((folder + "/" + file.displayPath.lastPathComponent).utf8)).inserted
        }
    }

    /// "star" for "star.svg" (any case of the extension).
    static func stem(_ fileName: String) -> String {
        hasSVGExtension(fileName)
            ? String(fileName[..<fileName.utf8.index(fileName.utf8.endIndex, offsetBy: -4)]) : fileName
    }

    /// Whether an entry of a glyphs folder is a glyph: not hidden, and an SVG (the one test,
    /// for discovery and the watch alike).
    package static func isGlyphFileName(_ fileName: String) -> Bool {
        !fileName.hasPrefix(".") && hasSVGExtension(fileName)
    }

    /// Whether the name ends in ".svg", in any case. By UTF-8 code unit (the extension is
    /// ASCII): this runs for every file in every glyphs folder.
    package static func hasSVGExtension(_ fileName: String) -> Bool {
        let tail = fileName.utf8.suffix(4)
        return tail.count == 4
            && zip(tail, ".svg".utf8).allSatisfy { byte, expected in
                (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 == expected : byte == expected
            }
    }

    private static func isFolder(_ path: String) -> Bool {
        FileSystem.kind(followingSymlinksOf: path) == .directory
    }

    /// Reads a glyph file: regular files only, symlinks only within the glyphs folder,
    /// within the size limit.
    package static func read(_ file: GlyphFile, limits: Limits) -> ReadResult {
        let path = file.displayPath
        let root = file.folder
        func unreadable(_ message: String) -> ReadResult {
            .failure(Diagnostic(.inputUnreadable, file: path, message))
        }
        // The common case costs one open: symlinks and non-files are told apart only
        // when the open says so.
        var readPath = path
        var followedSymlink = false
        while true {
            do {
                let bytes = try FileSystem.readRegularFile(
                    readPath, limit: limits.maximumFileBytes, followingSymlinks: false)
                return .source(
                    GlyphSource(name: file.name, displayPath: path, relativePath: file.relativePath, bytes: bytes))
            } catch {
                if error.isLimit {
                    return .failure(
                        Diagnostic(.svgLimit, file: path, "\(error.message) (raise it with --max-file-size)"))
                }
                if error.isSymlink, !followedSymlink {
                    // A symlink is followed only when its target stays inside the glyphs folder,
                    // so a glyph folder from a pull request cannot make iconforge read /etc/passwd.
                    guard let target = FileSystem.resolvedPath(path) else {
                        return unreadable("is a symbolic link to nothing")
                    }
                    if let root, !FileSystem.isPath(target, inside: root) {
                        return unreadable(
                            "is a symbolic link to \(target), outside the glyphs folder; copy the file in instead")
                    }
                    // Read the resolved target itself, so the link cannot be swapped in between.
                    readPath = target
                    followedSymlink = true
                    continue
                }
                switch error.notRegular {
                case .directory?:
                    return unreadable(
                        followedSymlink
                            ? "is a symbolic link to a folder, not an SVG file"
                            : "is a folder, not an SVG file; rename it or move it out of the glyphs folder")
                case .other(let what)?:
                    return unreadable("is \(what), not a regular file; only regular files are read")
                default:
                    return unreadable(error.message)
                }
            }
        }
    }
}
