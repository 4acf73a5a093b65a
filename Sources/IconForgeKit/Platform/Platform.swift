#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// Process-wide operating-system calls for the rest of iconforge, which imports no C
/// library itself: this folder (`Platform/`) is where Linux and macOS differ.
enum Platform {
    /// Writes all of `bytes` to a file descriptor (1 or 2), retrying short writes;
    /// gives up silently when the descriptor is closed (nobody is reading).
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) {
        var written = 0
        while written < bytes.count {
            let result = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + written, buffer.count - written)
            }
            if result < 0, errno == EINTR { continue }
            guard result > 0 else { return }
            written += result
        }
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
