import Foundation
import IconForgeTestSupport
import Testing

@testable import IconForgeModel

@Suite struct SHA256DigestTests {
    @Test("FIPS 180-4 example messages")
    func standardVectors() {
        #expect(SHA256Digest.hex(of: [UInt8]()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            SHA256Digest.hex(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            SHA256Digest.hex(of: Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            SHA256Digest.hex(of: [UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    /// The system's own SHA-256 command: coreutils' sha256sum on Linux, Perl's shasum on
    /// macOS (which has no sha256sum before macOS 14, and in /sbin after).
    static let systemCommand: (path: String, arguments: [String])? = {
        for candidate in [("/usr/bin/sha256sum", []), ("/sbin/sha256sum", []), ("/usr/bin/shasum", ["-a", "256"])]
        where FileManager.default.isExecutableFile(atPath: candidate.0) {
            return candidate
        }
        return nil
    }()

    @Test("agrees with the system's sha256sum (or shasum -a 256) at every padding boundary")
    func agreesWithSha256sum() throws {
        let command = try #require(Self.systemCommand, "no sha256sum or shasum on this system")
        let folder = TemporaryFolder()
        var generator = SystemRandomNumberGenerator()
        for length in [1, 55, 56, 57, 63, 64, 65, 119, 120, 127, 128, 129, 1000, 65_537] {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let path = folder.file("message-\(length)")
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: command.path)
            process.arguments = command.arguments + [path]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let expected = String(output.prefix(64))
            #expect(SHA256Digest.hex(of: bytes) == expected, "length \(length)")
            #expect(SHA256Digest.hex(of: Data(bytes)) == expected, "length \(length), as Data")
        }
    }

    /// The processor's SHA instructions (where `usesSHAInstructions`; this suite's machine
    /// has them) and the portable C give the same state after every block count, from the
    /// same starting states, so that a digest does not depend on the machine that made it.
    @Test("the SHA instructions and the portable C compress every block alike")
    func bothCompressionsAgree() {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<(64 * 40)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        for count in [1, 2, 3, 7, 16, 39] {
            let start = (0..<8).map { _ in UInt32.random(in: 0...UInt32.max, using: &generator) }
            var fast = start
            var portable = start
            SHA256Blocks.compress(&fast, bytes, from: 64, count: count)
            SHA256Blocks.compress(&portable, bytes, from: 64, count: count, portable: true)
            #expect(fast == portable, "\(count) blocks (SHA instructions: \(SHA256Blocks.usesSHAInstructions))")
            #expect(fast != start)
        }
    }

    @Test("resumed from the checkpoints of an earlier message, the same digest as hashed whole")
    func resumedFromCheckpoints() {
        let interval = SHA256Digest.Checkpoints.interval
        var generator = SystemRandomNumberGenerator()
        let first = (0..<(5 * interval + 1_000)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        var checkpoints = SHA256Digest.Checkpoints()
        #expect(SHA256Digest.hex(of: first, checkpoints: &checkpoints) == SHA256Digest.hex(of: first))
        // Changed at the start, inside a later interval, on a boundary, in the tail; made
        // longer, shorter (to less than one interval), empty; then the first again.
        var changedInside = first
        changedInside[3 * interval + 17] ^= 1
        var changedOnBoundary = first
        changedOnBoundary[2 * interval] ^= 0x80
        var changedInTail = first
        changedInTail[first.count - 1] ^= 1
        var changedFirst = first
        changedFirst[0] ^= 1
        let messages = [
            changedInside, changedOnBoundary, changedInTail, changedFirst, first + [1, 2, 3],
            Array(first.prefix(4 * interval)),
            Array(first.prefix(4 * interval - 5)), Array(first.prefix(100)), [], first, first,
        ]
        for (index, message) in messages.enumerated() {
            #expect(
                SHA256Digest.hex(of: message, checkpoints: &checkpoints) == SHA256Digest.hex(of: message),
                "message \(index)")
        }
    }
}
