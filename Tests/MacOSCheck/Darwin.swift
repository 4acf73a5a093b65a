// swift-format-ignore-file
// (The stand-in Darwin module keeps Darwin's own names: S_IFMT, SIG_DFL.)

// The Swift overlay of the stand-in Darwin module (see module.modulemap): the declarations
// that the macOS SDK's Darwin.swiftmodule adds to its C headers, with the SDK's types, so
// that code calling them type-checks as it would on a Mac. Declarations only: this module
// is type-checked against, never linked or run (scripts/macos-check.sh).
@_exported import Darwin

// sys/errno.h: `errno` is a macro over a function, which Swift cannot import.
public var errno: Int32 {
    get { fatalError("type-checking stand-in") }
    set { fatalError("type-checking stand-in") }
}

// fcntl.h: the variadic C functions, as the overlay's fixed-arity ones.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { fatalError("type-checking stand-in") }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
    fatalError("type-checking stand-in")
}
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 {
    fatalError("type-checking stand-in")
}
public func openat(_ fd: Int32, _ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 {
    fatalError("type-checking stand-in")
}
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { fatalError("type-checking stand-in") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { fatalError("type-checking stand-in") }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 {
    fatalError("type-checking stand-in")
}
public func ioctl(_ fd: CInt, _ request: UInt, _ value: CInt) -> CInt { fatalError("type-checking stand-in") }
public func ioctl(_ fd: CInt, _ request: UInt, _ ptr: UnsafeMutableRawPointer) -> CInt {
    fatalError("type-checking stand-in")
}
public func ioctl(_ fd: CInt, _ request: UInt) -> CInt { fatalError("type-checking stand-in") }

// sys/stat.h: the mode bits are mode_t (UInt16 on Darwin, UInt32 on Linux), not Int32.
public var S_IFMT: mode_t { 0o170000 }
public var S_IFIFO: mode_t { 0o010000 }
public var S_IFCHR: mode_t { 0o020000 }
public var S_IFDIR: mode_t { 0o040000 }
public var S_IFBLK: mode_t { 0o060000 }
public var S_IFREG: mode_t { 0o100000 }
public var S_IFLNK: mode_t { 0o120000 }
public var S_IFSOCK: mode_t { 0o140000 }
public var S_IFWHT: mode_t { 0o160000 }
public var S_IRWXU: mode_t { 0o700 }
public var S_IRUSR: mode_t { 0o400 }
public var S_IWUSR: mode_t { 0o200 }
public var S_IXUSR: mode_t { 0o100 }
public var S_IRWXG: mode_t { 0o070 }
public var S_IRGRP: mode_t { 0o040 }
public var S_IWGRP: mode_t { 0o020 }
public var S_IXGRP: mode_t { 0o010 }
public var S_IRWXO: mode_t { 0o007 }
public var S_IROTH: mode_t { 0o004 }
public var S_IWOTH: mode_t { 0o002 }
public var S_IXOTH: mode_t { 0o001 }
public var S_ISUID: mode_t { 0o4000 }
public var S_ISGID: mode_t { 0o2000 }
public var S_ISVTX: mode_t { 0o1000 }

// stdio.h
public var stdin: UnsafeMutablePointer<FILE> { fatalError("type-checking stand-in") }
public var stdout: UnsafeMutablePointer<FILE> { fatalError("type-checking stand-in") }
public var stderr: UnsafeMutablePointer<FILE> { fatalError("type-checking stand-in") }

// signal.h: the handler constants are casts in C.
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { fatalError("type-checking stand-in") }
public var SIG_ERR: sig_t { fatalError("type-checking stand-in") }
public var SIG_HOLD: sig_t { fatalError("type-checking stand-in") }

// unistd.h: environ is not exported by libSystem to Swift; fork is unavailable.
public var environ: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> { fatalError("type-checking stand-in") }
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func fork() -> Int32 { fatalError("type-checking stand-in") }
@available(*, unavailable, message: "Please use threads or posix_spawn*()")
public func vfork() -> Int32 { fatalError("type-checking stand-in") }

// time.h: the clocks are macros naming clockid_t's enumerators (`#define CLOCK_REALTIME
// _CLOCK_REALTIME`). A Mac's Swift has them as clockid_t values; this importer, on Linux,
// does not import a macro that names an enumerator, so they are declared here.
public var CLOCK_REALTIME: clockid_t { _CLOCK_REALTIME }
public var CLOCK_MONOTONIC: clockid_t { _CLOCK_MONOTONIC }
public var CLOCK_MONOTONIC_RAW: clockid_t { _CLOCK_MONOTONIC_RAW }
public var CLOCK_UPTIME_RAW: clockid_t { _CLOCK_UPTIME_RAW }
public var CLOCK_PROCESS_CPUTIME_ID: clockid_t { _CLOCK_PROCESS_CPUTIME_ID }
public var CLOCK_THREAD_CPUTIME_ID: clockid_t { _CLOCK_THREAD_CPUTIME_ID }
