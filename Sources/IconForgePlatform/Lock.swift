internal import CPlatformShim
import Synchronization

/// Synchronization's `Mutex`, with its critical sections shown to ThreadSanitizer: the
/// lock to use in this module (same API: `Lock(value)`, `withLock { … }`).
///
/// On Linux a contended `Mutex` waits in the kernel (a priority-inheriting futex), where
/// ThreadSanitizer cannot see one thread hand the lock to the next, so under
/// `make sanitize` it took two threads' turns at one lock for a data race. Each turn
/// announces itself (`cplatformshim_sanitizer_acquire` and `_release`); outside
/// ThreadSanitizer that is a null check each.
package struct Lock<Value: ~Copyable>: ~Copyable {
    private let base: Synchronization.Mutex<Value>
    /// What the turns are announced on: an address of its own, so that announcing takes
    /// no access to the value (an access before the announcement would be a race itself).
    private let turns = Turns()

    private final class Turns: Sendable {}

    package init(_ initialValue: consuming sending Value) {
        base = Synchronization.Mutex(initialValue)
    }

    package borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result {
        let address = Unmanaged.passUnretained(turns).toOpaque()
        return try base.withLock { (value: inout sending Value) throws(E) -> sending Result in
            cplatformshim_sanitizer_acquire(address)
            defer { cplatformshim_sanitizer_release(address) }
            return try body(&value)
        }
    }
}

extension Lock: Sendable where Value: ~Copyable {}
