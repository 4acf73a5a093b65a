internal import CPlatformShim
import Synchronization

/// Synchronization's `Mutex`, with its critical sections shown to ThreadSanitizer: the
/// lock to use in this module (same API: `Lock(value)`, `withLock { … }`).
///
/// On Linux a contended `Mutex` waits in the kernel (a priority-inheriting futex), where
/// ThreadSanitizer cannot see one thread hand the lock to the next, so under
/// `make sanitize` it took two threads' turns at one lock for a data race. Each turn
/// announces itself (`cplatformshim_sanitizer_acquire` and `_release` on the guarded
/// value's address); outside ThreadSanitizer that is a null check each.
struct Lock<Value: ~Copyable>: ~Copyable {
    private let base: Synchronization.Mutex<Value>

    init(_ initialValue: consuming sending Value) {
        base = Synchronization.Mutex(initialValue)
    }

    borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        try base.withLock { (value: inout sending Value) throws(E) -> sending Result in
            withUnsafeMutablePointer(to: &value) { cplatformshim_sanitizer_acquire($0) }
            defer { withUnsafeMutablePointer(to: &value) { cplatformshim_sanitizer_release($0) } }
            return try body(&value)
        }
    }
}

extension Lock: Sendable where Value: ~Copyable {}
