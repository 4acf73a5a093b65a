// The `css` fuzz target: see FuzzEntryPoints.css in IconForgeCLI.
import CFuzzDriver

@testable import IconForgeCLI

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSS(_ start: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    FuzzEntryPoints.css(start.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
    return 0
}

/// The executable's `main` as SwiftPM links it (see CFuzzDriver.c).
@_cdecl("FuzzCSS_main")
public func fuzzCSSMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    cfuzzdriver_run(argc, argv) { start, count in fuzzCSS(start, count) }
}
