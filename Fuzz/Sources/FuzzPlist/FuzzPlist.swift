// The `plist` fuzz target: see FuzzEntryPoints.plist in IconForgeCLI.
import CFuzzDriver

@testable import IconForgeCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPlist(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntryPoints.plist(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The executable's `main` as SwiftPM links it (see CFuzzDriver.c).
@_cdecl("FuzzPlist_main")
public func fuzzPlistMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cfuzzdriver_run(argc, argv) { start, count in fuzzPlist(start, count) }
}
