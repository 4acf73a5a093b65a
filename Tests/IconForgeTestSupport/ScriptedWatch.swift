// Debug builds only: a plain `swift build` builds this target too, and in release the
// library is not built for testing, so the @testable import below would not compile.
#if DEBUG
    @testable import IconForgeBuild

    /// A watch driver run by a script instead of the system: each wait moves a fake clock on,
    /// up to the next step, and applies it. Nothing depends on real time.
    package final class ScriptedWatch {
        /// After `after` nanoseconds (from the previous step), do `apply` (a change on disk or
        /// in `files`) and wake the watch; `apply` nil only lets the time pass.
        package struct Step {
            package var after: Int64
            package var apply: (() -> Void)?
            /// The wake the system gives with it (a change the snapshot may or may not show).
            package var wake: WatchDriver.Wake = .changed
        }

        package var now: Int64 = 0
        package var steps: [Step]
        /// The fake disk, for tests that do not touch a real one.
        package var files: [String: FileSignature] = [:]
        /// Every timeout the loop waited with.
        package var waits: [Int64] = []
        package var pollInterval: Int64 = 500_000_000

        package init(_ steps: [Step]) {
            self.steps = steps
        }

        /// Whole snapshots taken (of `files`).
        package var wholeSnapshots = 0

        /// The driver; `realDisk` takes real snapshots of the targets instead of `files`;
        /// `refreshing` looks again at only the entries a wake names, as the system's does on Linux.
        package func driver(realDisk: Bool = false, refreshing: Bool = false) -> WatchDriver {
            func counts(_ path: String, _ targets: WatchTargets) -> Bool {
                targets.files.contains(path) || targets.glyphFolders.contains(path.parentPath)
            }
            return WatchDriver(
                now: { self.now },
                wait: { _, timeout in self.wait(timeout) },
                snapshot: { targets in
                    if realDisk { return WatchSnapshot.take(targets) }
                    self.wholeSnapshots += 1
                    return WatchSnapshot(self.files.filter { counts($0.key, targets) })
                },
                refresh: refreshing
                    ? { seen, activity, targets in
                        var snapshot = seen
                        for entry in activity.named where counts(entry, targets) {
                            snapshot.files[entry] = self.files[entry]
                        }
                        return snapshot
                    } : nil,
                pollInterval: pollInterval, method: "script")
        }

        private func wait(_ timeout: Int64) -> WatchDriver.Wake {
            waits.append(timeout)
            guard var step = steps.first else { return .stop }
            guard step.after <= timeout else {
                now += timeout
                step.after -= timeout
                steps[0] = step
                return .timedOut
            }
            steps.removeFirst()
            guard let apply = step.apply else {
                now += step.after
                return .timedOut
            }
            apply()
            // A change the system did not report: the wait runs its full time.
            now += step.wake == .timedOut ? timeout : step.after
            return step.wake
        }

        /// A signature that differs from any other this test made.
        private var made: Int64 = 0
        package func touch(_ path: String) {
            made += 1
            files[path] = FileSignature(size: 100, modified: made, inode: UInt64(made))
        }
    }

    extension ScriptedWatch.Step {
        package static func change(
            after milliseconds: Int64, wake: WatchDriver.Wake = .changed, _ apply: @escaping () -> Void
        ) -> Self {
            Self(after: milliseconds * 1_000_000, apply: apply, wake: wake)
        }

        package static func idle(_ milliseconds: Int64) -> Self {
            Self(after: milliseconds * 1_000_000, apply: nil)
        }
    }
#endif
