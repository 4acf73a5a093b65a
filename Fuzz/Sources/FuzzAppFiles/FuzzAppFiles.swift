// The `appfiles` fuzz target: see FuzzEntryPoints.appFiles in IconForgeCLI.
import CFuzzDriver

@testable import IconForgeCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAppFiles(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntryPoints.appFiles(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The executable's `main` as SwiftPM links it (see CFuzzDriver.c).
@_cdecl("FuzzAppFiles_main")
public func fuzzAppFilesMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cfuzzdriver_run(argc, argv) { start, count in fuzzAppFiles(start, count) }
}
