// A stand-in for Synchronization's interface, for the macOS check (scripts/macos-check.sh):
// the real module imports Glibc, whose declarations collide with the stand-in Darwin's.
// Declarations only, with the shapes of the real ones (Mutex, Atomic and their orderings).
public struct Mutex<Value: ~Copyable>: ~Copyable, @unchecked Sendable {
    public init(_ initialValue: consuming sending Value) { fatalError() }
    public borrowing func withLock<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result { fatalError() }
    public borrowing func withLockIfAvailable<Result: ~Copyable, E: Error>(
        _ body: (inout sending Value) throws(E) -> sending Result
    ) throws(E) -> sending Result? { fatalError() }
}
public struct AtomicLoadOrdering: Sendable {
    public static var relaxed: Self { fatalError() }
    public static var acquiring: Self { fatalError() }
    public static var sequentiallyConsistent: Self { fatalError() }
}
public struct AtomicStoreOrdering: Sendable {
    public static var relaxed: Self { fatalError() }
    public static var releasing: Self { fatalError() }
    public static var sequentiallyConsistent: Self { fatalError() }
}
public struct AtomicUpdateOrdering: Sendable {
    public static var relaxed: Self { fatalError() }
    public static var acquiring: Self { fatalError() }
    public static var releasing: Self { fatalError() }
    public static var acquiringAndReleasing: Self { fatalError() }
    public static var sequentiallyConsistent: Self { fatalError() }
}
public protocol AtomicRepresentable {}
extension Bool: AtomicRepresentable {}
extension Int: AtomicRepresentable {}
extension Int32: AtomicRepresentable {}
extension Int64: AtomicRepresentable {}
extension UInt64: AtomicRepresentable {}
extension UInt32: AtomicRepresentable {}
extension UInt: AtomicRepresentable {}
public struct Atomic<Value: AtomicRepresentable>: ~Copyable, @unchecked Sendable {
    public init(_ initialValue: consuming Value) { fatalError() }
    public borrowing func load(ordering: AtomicLoadOrdering) -> Value { fatalError() }
    public borrowing func store(_ desired: consuming Value, ordering: AtomicStoreOrdering) { fatalError() }
    @discardableResult public borrowing func exchange(_ desired: consuming Value, ordering: AtomicUpdateOrdering)
        -> Value
    { fatalError() }
    public borrowing func compareExchange(
        expected: consuming Value, desired: consuming Value, ordering: AtomicUpdateOrdering
    ) -> (exchanged: Bool, original: Value) { fatalError() }
}
extension Atomic where Value: FixedWidthInteger {
    @discardableResult public borrowing func wrappingAdd(_ operand: Value, ordering: AtomicUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) { fatalError() }
    @discardableResult public borrowing func wrappingSubtract(_ operand: Value, ordering: AtomicUpdateOrdering) -> (
        oldValue: Value, newValue: Value
    ) { fatalError() }
}
