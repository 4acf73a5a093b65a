// The operating-system calls whose C differs between Linux and macOS, behind one
// declaration each (as swift-nio's CNIOLinux and CNIODarwin do). Swift reaches them only
// from Sources/IconForgeKit/Platform/.
#ifndef ICONFORGE_CPLATFORMSHIM_H
#define ICONFORGE_CPLATFORMSHIM_H

#include <stddef.h>
#include <stdint.h>

/// The absolute path of the running executable, NUL-terminated, into `buffer`.
/// Returns its length, or -1 when it cannot be found or does not fit.
/// Linux: /proc/self/exe. macOS: _NSGetExecutablePath, then realpath.
long cplatformshim_executable_path(char *buffer, size_t size);

/// The process's environment, for posix_spawn. Linux: `environ`. macOS: _NSGetEnviron()
/// (shared libraries there cannot refer to `environ` directly).
char *const *cplatformshim_environment(void);

/// Limits this process's memory to about `bytes`, for a render worker.
///
/// Linux caps the address space (RLIMIT_AS): an allocation beyond it fails, and librsvg
/// then aborts. macOS accepts RLIMIT_AS but does not enforce it, so there a watchdog
/// thread checks the process's physical footprint (what Activity Monitor shows as
/// "Memory") every 10 ms and ends the process with status
/// CPLATFORMSHIM_MEMORY_EXCEEDED_STATUS once it is over: a runaway render is stopped
/// after it has used the memory, not before. A Linux process under a sanitizer gets the
/// watchdog too, on its resident set: the sanitizer's shadow memory is terabytes of
/// reserved address space, which no address-space cap can hold.
/// Returns 0, or -1 with errno set.
int cplatformshim_limit_memory(uint64_t bytes);

/// Lets this process (a render worker) reuse the memory it frees instead of handing it
/// back to the system after every glyph. glibc's malloc, by default, returns the top of
/// its heap once more than 128 KiB of it is free, and serves blocks over a threshold that
/// moves with the sizes seen (from 128 KiB) with mmap, unmapped again when freed: a worker
/// that renders and frees pixels for every glyph then asks the kernel for fresh, zeroed
/// pages every glyph: 2,000 page faults (8 MB) for each request on a 512-unit Font Awesome
/// glyph, and 140,000 in a --fit=set build of 1,000 Simple Icons (10,500 with this; its
/// system time 0.32-0.49 s against 0.24-0.26 s). With this, blocks up to 32 MiB come
/// from the heap and up to 32 MiB of free heap is kept. Linux (glibc) only; macOS's
/// allocator keeps freed regions for reuse itself, and there this does nothing. Returns 0,
/// or -1 when the allocator refused the settings.
int cplatformshim_reuse_freed_memory(void);

/// Swaps the files at `first` and `second` in one step (both must exist): each name then
/// holds what the other held, and no reader ever sees either name missing. Linux:
/// renameat2(RENAME_EXCHANGE); macOS: renamex_np(RENAME_SWAP). Returns 0, or -1 with errno
/// set; EINVAL, ENOSYS, ENOTSUP or EOPNOTSUPP when the file system (FAT, a network share)
/// or the kernel cannot exchange, where the caller falls back to a checked rename.
int cplatformshim_exchange(const char *first, const char *second);

/// The exit status of a worker stopped by the memory watchdog.
#define CPLATFORMSHIM_MEMORY_EXCEEDED_STATUS 86

/// The sanitizers this process runs under (their runtimes are linked in), as
/// CPLATFORMSHIM_SANITIZER_* bits; 0 in a normal build.
int cplatformshim_sanitizers(void);

#define CPLATFORMSHIM_SANITIZER_ADDRESS 1
#define CPLATFORMSHIM_SANITIZER_THREAD 2
#define CPLATFORMSHIM_SANITIZER_MEMORY 4

/// Tells ThreadSanitizer, in a process that runs under it, that this thread now holds
/// (acquire) or hands on (release) the lock that guards `address`; nothing otherwise.
/// For a lock whose waits happen where ThreadSanitizer cannot see them (in the kernel).
void cplatformshim_sanitizer_acquire(void *address);
void cplatformshim_sanitizer_release(void *address);

/// Now in nanoseconds since the epoch, by the clock the kernel stamps file times with:
/// a file written after this call gets this time or a later one.
/// Linux: CLOCK_REALTIME_COARSE (the kernel's file times are tick-coarse, and can be
/// earlier than a precise CLOCK_REALTIME reading). macOS: CLOCK_REALTIME (APFS stamps
/// files with the precise clock).
int64_t cplatformshim_file_time_now(void);

/// Ends this process (a render worker) when its parent, `expected_parent`, ends: a build
/// killed by SIGKILL, or by a signal sent to it alone, must not leave a worker rendering on.
/// Linux: the kernel's parent-death signal (SIGKILL), asked for here, in the worker. macOS
/// has none, so a thread checks every 50 ms whether the worker has been handed to another
/// parent and exits with CPLATFORMSHIM_PARENT_GONE_STATUS once it has.
/// Either way the parent may have died before this call: a worker whose parent is already
/// not `expected_parent` gets -1 back and must exit. Returns 0 otherwise.
int cplatformshim_end_with_parent(int expected_parent);

/// The exit status of a macOS worker that found its parent gone.
#define CPLATFORMSHIM_PARENT_GONE_STATUS 87

/// Folder events, for `--watch`: a descriptor that becomes readable when an entry of a
/// watched folder is created, deleted, renamed or (Linux) written. Linux: inotify. macOS:
/// kqueue with EVFILT_VNODE/NOTE_WRITE on each folder, which sees entries created, deleted
/// and renamed (how most editors save) but not a file rewritten in place: a watch there
/// also looks again after its poll interval. Returns the descriptor, or -1 with errno set.
int cplatformshim_watch_open(void);

/// Watches `folder` (not recursively) with the descriptor from cplatformshim_watch_open.
/// Returns a handle for cplatformshim_watch_remove (Linux: the inotify watch; macOS: the
/// folder's own descriptor, which the caller must remove), or -1 with errno set.
int cplatformshim_watch_add(int watch, const char *folder);

/// Makes a render worker inherit only the descriptors its spawn's file actions give it (0,
/// 1 and 2), not every descriptor this process holds without close-on-exec (one a library
/// opened, say), which would keep files, pipes and sockets open in the worker. `actions` is a
/// `posix_spawn_file_actions_t *`, with the worker's file actions already added; the flags
/// to give `posix_spawnattr_setflags` are `flags` with this system's flag added. macOS:
/// POSIX_SPAWN_CLOEXEC_DEFAULT. Linux: glibc's posix_spawn_file_actions_addclosefrom_np
/// (2.34 and later) closing descriptors from 3 up, after the other actions. Returns 0, or
/// -1 with errno set.
int cplatformshim_spawn_inherit_only_actions(void *actions, short *flags);

/// Raises this process's soft limit on open descriptors (RLIMIT_NOFILE) to its hard limit,
/// for `--watch`, which on macOS holds one descriptor per folder watched and where the
/// default soft limit is 256. macOS accepts at most OPEN_MAX there (its setrlimit refuses
/// RLIM_INFINITY for this limit). Returns the soft limit in force afterwards (LLONG_MAX for
/// none), or -1 with errno set when it cannot be read.
long long cplatformshim_raise_descriptor_limit(void);

/// Stops watching what `handle` (from cplatformshim_watch_add) names.
void cplatformshim_watch_remove(int watch, int handle);

/// What one folder event said of an entry (see cplatformshim_watch_wait).
typedef struct {
    /// The folder's handle, from cplatformshim_watch_add.
    int handle;
    /// One of the CPLATFORMSHIM_WATCH_* kinds below.
    int kind;
    /// The entry's name in the folder, NUL-terminated; empty for CPLATFORMSHIM_WATCH_UNNAMED.
    char name[256];
} cplatformshim_watch_event;

/// The system did not say which entry changed: macOS's kqueue never does; Linux when its
/// queue overflowed, for the folder itself, or for more events than the caller had room for.
#define CPLATFORMSHIM_WATCH_UNNAMED 0
/// Created, written to, moved away or removed: not a finished save (yet).
#define CPLATFORMSHIM_WATCH_WRITING 1
/// Closed after being written (IN_CLOSE_WRITE) or renamed into place (IN_MOVED_TO): the
/// write is finished.
#define CPLATFORMSHIM_WATCH_FINISHED 2
/// Only its attributes changed (mode, owner, times): says nothing of a write.
#define CPLATFORMSHIM_WATCH_ATTRIBUTES 3

/// Waits up to `timeout_ms` milliseconds for events, then reads every event pending and
/// describes them in order in `events` (at most `capacity`; the count in `*count`). When
/// there are more, the last one described is CPLATFORMSHIM_WATCH_UNNAMED. macOS describes
/// each wake as one CPLATFORMSHIM_WATCH_UNNAMED event. Returns 1 when there were events, 0
/// when the time ran out, -1 with errno set on failure (EINTR is retried by the caller).
int cplatformshim_watch_wait(int watch, int timeout_ms, cplatformshim_watch_event *events, int capacity, int *count);

/// Gives this process (a render worker) `seconds` more of CPU time, counted from what it
/// has used so far (rounded up to a whole second): past that, the kernel itself ends it
/// with SIGXCPU, whether or not anyone is watching. Only the soft limit moves, so a later
/// call can give a later glyph its own `seconds`. SIGXCPU is set to its default action
/// and unblocked in the calling thread, whatever this process inherited. Same on Linux and
/// macOS (POSIX RLIMIT_CPU). Returns 0, or -1 with errno set.
int cplatformshim_limit_cpu_time(uint64_t seconds);

#endif
