/// How the entries (the renames) of a build's folders reach the disk, on each system: which
/// folders are flushed, and when the drive is made to write what it holds. A value, so that
/// a test on one system counts the other system's flushes too (DurableWriteTests).
enum FolderFlushPlan {
    enum Step: Equatable, Sendable {
        /// `fsync` of one folder: what a single folder needs, on either system.
        case syncFolder(String)
        /// macOS: `fsync` of a folder, which hands its entries to the drive without waiting
        /// for the drive to write them (cheap; the F_FULLFSYNC that follows does that).
        case handOverFolder(String)
        /// One flush of the file system holding this folder, for every folder on it: Linux's
        /// `syncfs`, macOS's F_FULLFSYNC (the drive writes its cache).
        case flushFileSystem(String)

        /// Whether the build waits for the disk here.
        var waitsForTheDisk: Bool {
            if case .handOverFolder = self { false } else { true }
        }
    }

    /// The steps for `folders`, on macOS (`darwin`) or Linux; `device` tells which file
    /// system holds a folder. A single folder gets its own `fsync`; many (an asset catalog's
    /// image sets) one flush per file system, each folder first handed over on macOS.
    static func steps(for folders: [String], darwin: Bool, device: (String) -> UInt64?) -> [Step] {
        guard folders.count > 1 else { return folders.map(Step.syncFolder) }
        // Linux flushes each file system as its first folder comes; macOS hands every folder
        // over first, then flushes each file system once, at its last folder.
        var steps: [Step] = []
        var lastFolderOfDevice: [UInt64: String] = [:]
        var devices: [UInt64] = []
        for folder in folders {
            let id = device(folder) ?? 0
            let first = lastFolderOfDevice.updateValue(folder, forKey: id) == nil
            if first { devices.append(id) }
            if darwin {
                steps.append(.handOverFolder(folder))
            } else if first {
                steps.append(.flushFileSystem(folder))
            }
        }
        if darwin { steps += devices.map { .flushFileSystem(lastFolderOfDevice[$0]!) } }
        return steps
    }
}
