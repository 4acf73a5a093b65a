internal import CPlatformShim

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Starting another process with `posix_spawn`, the one way iconforge does it (render
/// workers, and the programs `Subprocess` runs): its standard streams set up as asked, only
/// those three descriptors inherited, and no signal blocked in it.
enum ChildProcess {
    /// Where one of the child's standard streams comes from.
    enum Stream {
        /// A descriptor of this process, duplicated onto the stream.
        case descriptor(Int32)
        /// A file opened for the child.
        case file(String, flags: Int32, mode: mode_t = 0)
    }

    /// Why a child did not start: the `errno`-style code.
    struct SpawnFailure: Error {
        var code: Int32
    }

    /// Starts `program` with `arguments` and returns its process id. `streams` are its
    /// standard input, output and error, in that order; `defaultSignals` are given their
    /// default disposition in it; `searchingPath` looks `program` up on `PATH` unless it
    /// holds a `/`.
    static func spawn(
        _ program: String, arguments: [String], streams: [Stream], defaultSignals: [Int32] = [],
        searchingPath: Bool = false
    ) throws(SpawnFailure) -> pid_t {
        // Opaque pointers on Darwin (initialised by _init), structs on Linux.
        #if canImport(Darwin)
            var actions: posix_spawn_file_actions_t? = nil
            var attributes: posix_spawnattr_t? = nil
        #else
            var actions = posix_spawn_file_actions_t()
            var attributes = posix_spawnattr_t()
        #endif
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for (target, stream) in zip(Int32(0)..., streams) {
            switch stream {
            case .descriptor(let descriptor): posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            case .file(let path, let flags, let mode):
                posix_spawn_file_actions_addopen(&actions, target, path, flags, mode)
            }
        }
        // The executable blocks SIGINT and SIGTERM in all its threads (one thread waits for
        // them); a child must not inherit that mask, so that Ctrl-C and CI's signals still
        // reach it.
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var flags = Int16(POSIX_SPAWN_SETSIGMASK)
        if !defaultSignals.isEmpty {
            var defaults = sigset_t()
            sigemptyset(&defaults)
            for signal in defaultSignals { sigaddset(&defaults, signal) }
            posix_spawnattr_setsigdefault(&attributes, &defaults)
            flags |= Int16(POSIX_SPAWN_SETSIGDEF)
        }
        // Only 0, 1 and 2 reach the child: a descriptor opened elsewhere without O_CLOEXEC
        // would otherwise stay open in it (macOS: POSIX_SPAWN_CLOEXEC_DEFAULT).
        guard cplatformshim_spawn_inherit_only_actions(&actions, &flags) == 0 else { throw SpawnFailure(code: errno) }
        posix_spawnattr_setflags(&attributes, flags)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var child: pid_t = 0
        let status =
            searchingPath
            ? posix_spawnp(&child, program, &actions, &attributes, argv, cplatformshim_environment())
            : posix_spawn(&child, program, &actions, &attributes, argv, cplatformshim_environment())
        guard status == 0 else { throw SpawnFailure(code: status) }
        return child
    }
}
