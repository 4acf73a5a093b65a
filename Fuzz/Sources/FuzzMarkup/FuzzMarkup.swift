// The `markup` fuzz target: see FuzzEntryPoints.markup in IconForgeCLI.
import CFuzzDriver

@testable import IconForgeCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMarkup(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntryPoints.markup(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The executable's `main` as SwiftPM links it (see CFuzzDriver.c).
@_cdecl("FuzzMarkup_main")
public func fuzzMarkupMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cfuzzdriver_run(argc, argv) { start, count in fuzzMarkup(start, count) }
}
