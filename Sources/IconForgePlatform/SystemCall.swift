#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// The one place a system call interrupted by a signal is tried again, as swift-nio's
/// `syscall(blocking:where:_:)` (NIOPosix/System.swift) is for it: a call that a signal
/// interrupts (EINTR) did nothing and is simply made again; any other failure comes back,
/// with its errno read at once, before other code can change it.
package enum SystemCall {
    /// Runs `call` (a system call, or a C function that fails as one does: a negative
    /// result, and `errno`) until it is not interrupted, and returns what it returned with
    /// the errno it left when that is negative (0 otherwise). A call that must change its
    /// arguments before it is made again (the time left of a sleep or a wait) does so in
    /// `call`, which is made anew each time.
    @inline(__always)
    package static func retryingInterrupts<Result: FixedWidthInteger>(_ call: () -> Result) -> (
        result: Result, errno: Int32
    ) {
        while true {
            let result = call()
            guard result < 0 else { return (result, 0) }
            let error = errno
            if error != EINTR { return (result, error) }
        }
    }

    /// The one write loop: writes all of `bytes` to `descriptor`, retrying short and
    /// interrupted writes; returns the errno of a write that failed, nil when all was
    /// written. A write that returns 0 for a non-empty buffer makes no progress, and would
    /// loop for ever: it counts as an I/O error (EIO), everywhere.
    package static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        var written = 0
        while written < bytes.count {
            let (result, error) = retryingInterrupts {
                bytes.withUnsafeBytes { buffer in
                    write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                }
            }
            if result < 0 { return error }
            guard result > 0 else { return EIO }
            written += result
        }
        return nil
    }
}
