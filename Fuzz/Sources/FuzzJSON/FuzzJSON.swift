// The `json` fuzz target: see FuzzEntryPoints.json in IconForgeCLI.
import CFuzzDriver

@testable import IconForgeCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSON(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntryPoints.json(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The executable's `main` as SwiftPM links it (see CFuzzDriver.c).
@_cdecl("FuzzJSON_main")
public func fuzzJSONMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cfuzzdriver_run(argc, argv) { start, count in fuzzJSON(start, count) }
}
