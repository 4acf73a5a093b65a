import IconForgePlatform

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// The process-wide operating-system calls of the executable: standard output and error,
/// the terminal, the environment, signals and exit. The library has its own platform layer
/// (IconForgePlatform, whose EINTR-safe `SystemCall` this file uses too) and takes none of these process-global actions; this file
/// follows the same rules (C libraries imported here only, under `#if canImport`).
enum Platform {
    /// Writes all of `text` to a file descriptor (1 or 2), retrying short writes; returns
    /// the `errno` of a write that failed (a full disk, a closed descriptor, a reader gone),
    /// nil when everything was written.
    static func writeText(_ text: String, to descriptor: Int32) -> Int32? {
        SystemCall.writeAll(Array(text.utf8), to: descriptor)
    }

    /// Appends `text` to the file at `path`, creating it if need be; returns the `errno`
    /// of what failed, nil when all of it was written.
    static func appendText(_ text: String, toFileAt path: String) -> Int32? {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return errno }
        defer { close(descriptor) }
        return writeText(text, to: descriptor)
    }

    /// Whether `code` is the error a write gets when the reader of a pipe has gone.
    static func isBrokenPipe(_ code: Int32) -> Bool { code == EPIPE }

    /// The system's description of an `errno` value ("No space left on device").
    static func describe(_ code: Int32) -> String {
        String(cString: strerror(code))
    }

    /// Whether a file descriptor is a terminal.
    static func isTerminal(_ descriptor: Int32) -> Bool {
        isatty(descriptor) == 1
    }

    /// Makes writing to a pipe whose reader is gone fail with EPIPE instead of killing the
    /// process with SIGPIPE.
    static func ignoreBrokenPipes() {
        signal(SIGPIPE, SIG_IGN)
    }

    /// Fixes the language librsvg evaluates `systemLanguage` by (`LANGUAGE`, which glib
    /// reads before LC_ALL, LC_MESSAGES and LANG) to `C`, which matches no language, so that
    /// no PNG depends on the machine's language. Called first, before any thread starts;
    /// render workers are this executable, so they run with it too.
    static func fixRenderingLanguage() {
        if environment("LANGUAGE") != "C" { setenv("LANGUAGE", "C", 1) }
    }

    /// The value of an environment variable, nil when it is not set.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Ends the process with `status`.
    static func exit(_ status: Int32) -> Never {
        #if canImport(Darwin)
            Darwin.exit(status)
        #elseif canImport(Glibc)
            Glibc.exit(status)
        #elseif canImport(Musl)
            Musl.exit(status)
        #endif
    }
}
