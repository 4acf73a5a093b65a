import CRsvgAPICheck
import Foundation
import Testing

@testable import IconForgeNative

/// librsvg is opened at run time; its declarations are checked against the real headers
/// at compile time (CRsvgAPICheck). These tests tie the two together.
@Suite struct RsvgLoaderTests {
    @Test("the library opened at run time is the one whose headers the declarations were checked against")
    func loadedLibraryMatchesHeaders() throws {
        let version = try #require(SVGHandle.libraryVersion)
        let parts = version.split(separator: ".").compactMap { Int($0) }
        #expect(parts.count == 3)
        #expect(parts.prefix(2) == [Int(crsvgapicheck_header_major()), Int(crsvgapicheck_header_minor())])
    }

    @Test("librsvg's errors come back as messages")
    func parseErrorsCarryLibrsvgsMessage() {
        #expect(throws: NativeError.self) { try SVGHandle(data: Data("<svg".utf8)) }
        do {
            _ = try SVGHandle(data: Data("<svg xmlns='http://www.w3.org/2000/svg'><g></svg>".utf8))
            Issue.record("a mismatched tag was accepted")
        } catch {
            #expect(!error.message.isEmpty && error.message != "librsvg failed without saying why")
        }
    }
}
