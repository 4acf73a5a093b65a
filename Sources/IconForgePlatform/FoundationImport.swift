// The one place iconforge imports Foundation, for every file of the module.
//
// Swift's open-source toolchains (Linux) have FoundationEssentials: Data, JSON coding and
// ProcessInfo without the rest of Foundation, which would cost every start of the tool
// (and of every render worker) the time to load it. Apple's SDK has no such module, and
// its Foundation is the same code, already loaded by the system. An `@_exported` import
// is visible in every file of this module, so no other file imports either (the
// portability test rejects any that does).
#if canImport(FoundationEssentials)
    @_exported import FoundationEssentials
#else
    @_exported import Foundation
#endif
