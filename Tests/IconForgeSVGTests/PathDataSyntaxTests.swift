import Testing

@testable import IconForgeSVG

@Suite struct PathDataSyntaxTests {
    @Test(arguments: [
        "", "  ", "M4 4 H31 V31 H4 Z", "m4,4h27v27h-27z", "M4-4.5.5.5L1e2 2E-1", "M0 0 10 10 20 20",
        "M0 0 a5 5 0 1 1 10 0", "M0 0a5 5 0 1110 0", "M0 0 C1 1 2 2 3 3 S4 4 5 5 Q6 6 7 7 T8 8 Z M1 1 z",
        "M 0,0 L 1,1 , 2,2", "M0 0\nL\t1\r1",
    ])
    func validPathData(text: String) {
        #expect(PathDataSyntax.problem(in: text) == nil, "\(text)")
    }

    @Test(arguments: [
        ("M4 4 L20 20 L", 13, "none follows"),
        ("M4 4 L20 20 L5", 14, "path ends after 1"),
        ("M4 4 H31 V31 H4 Z oops", 18, "'o' is not a path command"),
        ("L4 4", 0, "must start with a moveto"),
        ("M4 4 Z 5 5", 7, "a number where a command letter"),
        ("M0 0 A5 5 0 2 1 10 0", 12, "flags must be 0 or 1"),
        ("M0 0 L1 1,", 10, "comma must stand between two numbers"),
        ("M0 0 L, 1 1", 6, "missing or malformed"),
        ("M0 0 L1 .", 8, "missing or malformed"),
        ("M0 0 L1 1e", 9, "'e' is not a path command"),
    ])
    func brokenPathDataIsFoundWhereItBreaks(text: String, offset: Int, reason: String) throws {
        let problem = try #require(PathDataSyntax.problem(in: text), "\(text)")
        #expect(problem.utf8Offset == offset, "\(text): \(problem.reason)")
        #expect(problem.reason.contains(reason), "\(problem.reason)")
    }
}
