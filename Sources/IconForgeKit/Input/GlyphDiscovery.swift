import Foundation

/// Finds glyph files in folders and file arguments, and reads them safely.
enum GlyphDiscovery {
    /// What discovery found: glyphs to process, and findings about files that are not.
    struct Result: Sendable {
        var sources: [GlyphSource] = []
        var diagnostics: [Diagnostic] = []
    }

    /// A folder or file argument that does not exist or cannot be listed.
    struct MissingInput: Error, Equatable, Sendable {
        var path: String
        var message: String
    }

    /// Lists `*.svg` in each folder (sorted, dot-files skipped as a shell glob skips
    /// them) and takes each file argument as it is.
    static func discover(_ paths: [String], limits: Limits) throws(MissingInput) -> Result {
        var result = Result()
        for path in paths {
            let kind = FileSystem.kind(of: path)
            if kind == .missing {
                throw MissingInput(path: path, message: "no such file or folder")
            }
            if kind == .directory || (kind == .symlink && isFolder(path)) {
                let root = FileSystem.resolvedPath(path) ?? path
                let names: [String]
                do {
                    names = try FileSystem.contents(ofFolder: path)
                } catch {
                    throw MissingInput(path: path, message: error.message)
                }
                let glyphNames = names
                    .filter { !$0.hasPrefix(".") && $0.lowercased().hasSuffix(".svg") }
                    .sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
                let folderDisplay = path.hasSuffix("/") ? String(path.dropLast()) : path
                for fileName in glyphNames {
                    let display = folderDisplay + "/" + fileName
                    read(display, relativePath: fileName, insideFolder: root, limits: limits, into: &result)
                }
            } else {
                let fileName = (path as NSString).lastPathComponent
                read(path, relativePath: fileName, insideFolder: nil, limits: limits, into: &result)
            }
        }
        return result
    }

    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    private static func read(_ path: String, relativePath: String, insideFolder root: String?, limits: Limits, into result: inout Result) {
        let fileName = (relativePath as NSString).lastPathComponent
        let name = String(fileName.dropLast(4))
        func unreadable(_ message: String) {
            result.diagnostics.append(Diagnostic(.error, .inputUnreadable, file: path, message))
        }
        switch FileSystem.kind(of: path) {
        case .directory:
            return unreadable("is a folder, not an SVG file; rename it or move it out of the glyphs folder")
        case .other(let what):
            return unreadable("is \(what), not a regular file; only regular files are read")
        case .missing:
            return unreadable("no such file")
        case .symlink:
            // A symlink is followed only when its target stays inside the glyphs folder, so a
            // glyph folder from a pull request cannot make iconforge read /etc/passwd.
            guard let target = FileSystem.resolvedPath(path) else {
                return unreadable("is a symbolic link to nothing")
            }
            if let root, !target.hasPrefix(root.hasSuffix("/") ? root : root + "/") {
                return unreadable("is a symbolic link to \(target), outside the glyphs folder; copy the file in instead")
            }
            if case .directory = FileSystem.kind(of: target) {
                return unreadable("is a symbolic link to a folder, not an SVG file")
            }
        case .regular:
            break
        }
        do {
            let bytes = try FileSystem.readRegularFile(path, limit: limits.maximumFileBytes)
            result.sources.append(GlyphSource(name: name, displayPath: path, relativePath: relativePath, bytes: bytes))
        } catch {
            if error.isLimit {
                result.diagnostics.append(Diagnostic(.error, .svgLimit, file: path, "\(error.message) (raise it with --max-file-size)"))
            } else {
                unreadable(error.message)
            }
        }
    }
}
