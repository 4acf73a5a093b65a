/// One SHA-256 over everything a build reads: the tool version and options, the request,
/// the glyph files found, and the size and time of every source, every output, the
/// catalog, the generated quick-action files and the definitions file.
///
/// A build records it in its state. The next build computes it again from `stat`s alone,
/// and when the two agree, nothing the previous build looked at has changed, so its
/// result stands: the build reports the recorded diagnostics and writes nothing, without
/// decoding the state or checking glyph by glyph (a third of a no-op build's time).
/// Whatever it cannot vouch for (a source modified within the last second or reached
/// through a symlink, a definitions file behind a symlink, a missing generated file, an
/// asset catalog or a dependency file to write) gives no fingerprint, and the build takes
/// the ordinary path.
enum BuildFingerprint {
    /// What a folder named as input holds under the definitions file's name.
    enum DefinitionsFile: Equatable, Sendable {
        case absent
        case file(FileSignature)
        /// A symlink or anything else: not vouched for.
        case unusable

        /// Itself, or `.unusable` for a file modified less than a second before `time`.
        func settled(before time: Int64) -> DefinitionsFile {
            if case .file(let signature) = self, time - signature.modified <= 1_000_000_000 { return .unusable }
            return self
        }
    }

    /// The definitions file of each folder among `inputs`, as `stat` finds it now.
    static func definitionsFiles(_ inputs: [String]) -> [DefinitionsFile] {
        QuickActions.definitionsPaths(in: inputs).map { path in
            switch FileSystem.kind(of: path) {
            case .missing: return .absent
            case .regular:
                return FileSystem.signature(of: path, followingSymlinks: false).map(DefinitionsFile.file) ?? .unusable
            default: return .unusable
            }
        }
    }

    /// `compute`, with the catalog and the generated files as `stat` finds them now.
    static func computeNow(
        buildKey: String, request: BuildRequest, files: [GlyphFile], sources: [FileSignature?],
        outputs: [[FileSignature?]],
        definitions: [DefinitionsFile], generatedFiles: [String]
    ) -> String? {
        let signature = { (name: String) in
            FileSystem.signature(of: request.outputFolder + "/" + name, followingSymlinks: false)
        }
        return compute(
            buildKey: buildKey, request: request, files: files, sources: sources, outputs: outputs,
            definitions: definitions,
            catalog: signature(OutputNaming.catalogFileName), generated: generatedFiles.map { ($0, signature($0)) })
    }

    /// The fingerprint of a build of `files` with these signatures (a nil output: no such
    /// file), or nil when something in it cannot be vouched for.
    static func compute(
        buildKey: String, request: BuildRequest, files: [GlyphFile], sources: [FileSignature?],
        outputs: [[FileSignature?]],
        definitions: [DefinitionsFile], catalog: FileSignature?, generated: [(name: String, signature: FileSignature?)]
    ) -> String? {
        guard request.writesOutput, request.assetCatalog == nil, request.symbolsFolder == nil, request.depfile == nil,
            let catalog,
            request.appFiles.isEmpty,  // the app's files are the user's to change: look at them every time
            sources.count == files.count, outputs.count == files.count
        else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(files.count * 160)
        func add(_ text: String) {
            add(Int64(text.utf8.count))
            bytes += text.utf8
        }
        func add(_ number: Int64) {
            let bits = UInt64(bitPattern: number)
            for shift in stride(from: 0, to: 64, by: 8) {
                bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift)))
            }
        }
        func add(_ signature: FileSignature) {
            add(Int64(signature.size))
            add(signature.modified)
            add(Int64(bitPattern: signature.inode))
        }
        add("iconforge-fingerprint 1")
        add(buildKey)
        // Not in the build key: the set's findings follow from the share, no glyph's files.
        add(request.options.family.share.description)
        add(request.outputFolder)
        add(request.appName ?? "\u{0}")
        add(Int64(request.inputs.count))
        for input in request.inputs { add(input) }
        add(catalog)
        // The definitions file is looked for in every folder named as input.
        add(Int64(definitions.count))
        for file in definitions {
            switch file {
            case .absent: add(0)
            case .file(let signature): add(signature)
            case .unusable: return nil
            }
        }
        add(Int64(generated.count))
        for file in generated {
            guard let signature = file.signature else { return nil }
            add(file.name)
            add(signature)
        }
        add(Int64(files.count))
        for (index, file) in files.enumerated() {
            guard let source = sources[index] else { return nil }
            add(file.name)
            add(file.displayPath)
            add(file.relativePath)
            add(file.folder ?? "\u{0}")
            add(source)
            add(Int64(outputs[index].count))
            for output in outputs[index] {
                // An output that does not exist (a glyph that failed) is part of the picture too.
                if let output { add(output) } else { add(-1) }
            }
        }
        return SHA256Digest.hex(of: bytes)
    }
}
