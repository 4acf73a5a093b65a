#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#else
    #error("iconforge's platform layer knows Darwin, Glibc and Musl; add this system's C library here")
#endif

/// Threads of our own, for `--jobs`: `DispatchQueue.concurrentPerform` runs no more
/// iterations at once than there are cores, which silently capped `--jobs 8` at 2 on a
/// two-core machine (and a job mostly waits on its render worker, so more can pay).
package enum Threads {
    /// Runs `body(0)` … `body(count - 1)` each on its own thread (0 on the caller's) and
    /// returns when all have returned.
    package static func run(_ count: Int, _ body: @Sendable (Int) -> Void) {
        withoutActuallyEscaping(body) { body in
            final class Job {
                let body: @Sendable (Int) -> Void
                let index: Int
                init(_ body: @escaping @Sendable (Int) -> Void, _ index: Int) {
                    self.body = body
                    self.index = index
                }
            }
            var attributes = pthread_attr_t()
            pthread_attr_init(&attributes)
            defer { pthread_attr_destroy(&attributes) }
            // librsvg recurses deeply on nested groups (in-process rendering); macOS gives
            // secondary threads only 512 KiB by default.
            pthread_attr_setstacksize(&attributes, 8 << 20)
            #if canImport(Darwin)
                var threads: [pthread_t?] = []
            #else
                var threads: [pthread_t] = []
            #endif
            var inline: [Int] = []
            for index in 1..<max(1, count) {
                let job = Unmanaged.passRetained(Job(body, index)).toOpaque()
                #if canImport(Darwin)
                    var thread: pthread_t? = nil
                #else
                    var thread = pthread_t()
                #endif
                let status = pthread_create(&thread, &attributes, { raw in
                    #if canImport(Darwin)
                        let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                    #else
                        let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                    #endif
                    job.body(job.index)
                    return nil
                }, job)
                if status == 0 {
                    threads.append(thread)
                } else {
                    Unmanaged<Job>.fromOpaque(job).release()
                    inline.append(index)  // no thread to be had: run it here, after 0
                }
            }
            body(0)
            for index in inline { body(index) }
            for thread in threads {
                #if canImport(Darwin)
                    if let thread { pthread_join(thread, nil) }
                #else
                    pthread_join(thread, nil)
                #endif
            }
        }
    }

    /// A thread running `body` while its starter goes on, until `join`. Without a thread to
    /// be had, `body` runs at `join`, on the joining thread.
    package final class Background: Sendable {
        private final class Job {
            let body: @Sendable () -> Void
            init(_ body: @escaping @Sendable () -> Void) { self.body = body }
        }

        /// Safe to send (`@unchecked` for the thread handle, which is not `Sendable`): it is
        /// written once, by `init`, before the object is shared, and read only by `join`,
        /// which its owner calls once.
        private struct Handle: @unchecked Sendable {
            #if canImport(Darwin)
                var thread: pthread_t?
            #else
                var thread: pthread_t
            #endif
        }

        private let handle: Handle?
        private let inline: (@Sendable () -> Void)?

        package init(_ body: @escaping @Sendable () -> Void) {
            let job = Unmanaged.passRetained(Job(body)).toOpaque()
            #if canImport(Darwin)
                var thread: pthread_t? = nil
            #else
                var thread = pthread_t()
            #endif
            let status = pthread_create(&thread, nil, { raw in
                #if canImport(Darwin)
                    let job = Unmanaged<Job>.fromOpaque(raw).takeRetainedValue()
                #else
                    let job = Unmanaged<Job>.fromOpaque(raw!).takeRetainedValue()
                #endif
                job.body()
                return nil
            }, job)
            if status == 0 {
                handle = Handle(thread: thread)
                inline = nil
            } else {
                Unmanaged<Job>.fromOpaque(job).release()
                handle = nil
                inline = body
            }
        }

        /// Returns once `body` has returned. Called once, by the thread that started it.
        package func join() {
            if let inline { inline() }
            guard let handle else { return }
            #if canImport(Darwin)
                if let thread = handle.thread { pthread_join(thread, nil) }
            #else
                pthread_join(handle.thread, nil)
            #endif
        }
    }

    /// Sleeps the calling thread for `milliseconds` (a polling watch's wait).
    package static func sleep(milliseconds: Int) {
        var time = timespec(tv_sec: milliseconds / 1000, tv_nsec: (milliseconds % 1000) * 1_000_000)
        var left = timespec()
        _ = SystemCall.retryingInterrupts {
            defer { time = left }  // interrupted, it sleeps for what is left
            return nanosleep(&time, &left)
        }
    }
}
