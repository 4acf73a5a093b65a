import Testing

@testable import IconForgePlatform

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The platform layer's one retry loop for interrupted system calls.
@Suite struct SystemCallTests {
    @Test func anInterruptedCallIsMadeAgainUntilItIsNot() {
        var calls = 0
        let outcome = SystemCall.retryingInterrupts { () -> Int in
            calls += 1
            guard calls > 2 else {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(calls == 3 && outcome.result == 7 && outcome.errno == 0)
    }

    @Test func anyOtherFailureComesBackAtOnceWithItsErrno() {
        var calls = 0
        let outcome = SystemCall.retryingInterrupts { () -> Int32 in
            calls += 1
            return close(-1)
        }
        #expect(calls == 1 && outcome.result == -1 && outcome.errno == EBADF)
    }

    @Test func aCallThatChangesItsArgumentsIsMadeAnewEachTime() {
        // What Threads.sleep does: each attempt asks for what is left.
        var asked: [Int] = []
        var left = 30
        let outcome = SystemCall.retryingInterrupts { () -> Int in
            asked.append(left)
            left -= 10
            if left > 0 {
                errno = EINTR
                return -1
            }
            return 0
        }
        #expect(asked == [30, 20, 10] && outcome.result == 0)
    }
}
