// See include/CPlatformShim.h. Every function has a Linux and a macOS branch; another
// system fails to compile here rather than misbehave at run time.

#if defined(__linux__) && !defined(_GNU_SOURCE)
#define _GNU_SOURCE  // posix_spawn_file_actions_addclosefrom_np, before any header
#endif

#include "CPlatformShim.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#if defined(__linux__)
#include <fcntl.h>
#include <malloc.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <sys/inotify.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>
extern char **environ;
#elif defined(__APPLE__)
#include <crt_externs.h>
#include <fcntl.h>
#include <mach-o/dyld.h>
#include <mach/mach.h>
#include <pthread.h>
#include <signal.h>
#include <spawn.h>
#include <sys/event.h>
#include <sys/resource.h>
#include <stdio.h>
#include <unistd.h>
#else
#error "iconforge's platform shim knows Linux and macOS; add a branch for this system"
#endif

long cplatformshim_executable_path(char *buffer, size_t size) {
    if (buffer == NULL || size < 2) return -1;
#if defined(__linux__)
    ssize_t length = readlink("/proc/self/exe", buffer, size - 1);
    if (length <= 0) return -1;
    buffer[length] = '\0';
    return (long)length;
#elif defined(__APPLE__)
    char unresolved[PATH_MAX];
    uint32_t unresolved_size = sizeof unresolved;
    if (_NSGetExecutablePath(unresolved, &unresolved_size) != 0) return -1;
    // The path dyld was given may hold symlinks or `..`: resolve it, as /proc/self/exe is.
    char resolved[PATH_MAX];
    const char *path = realpath(unresolved, resolved) ? resolved : unresolved;
    size_t length = strlen(path);
    if (length + 1 > size) return -1;
    memcpy(buffer, path, length + 1);
    return (long)length;
#endif
}

char *const *cplatformshim_environment(void) {
#if defined(__linux__)
    return environ;
#elif defined(__APPLE__)
    return *_NSGetEnviron();
#endif
}

#if !defined(__has_feature)
#define __has_feature(feature) 0
#endif

#if defined(__linux__)
// The sanitizers' runtimes, linked in only by a sanitized build: a weak reference is null
// otherwise. Checked at run time, so that it holds whichever flags compiled this file.
// (macOS refuses to link a weak reference to a symbol it cannot find: there the check is
// the compiler's, below, which SwiftPM's --sanitize gives this file too.)
extern void __asan_init(void) __attribute__((weak));
extern void __hwasan_init(void) __attribute__((weak));
extern void __tsan_init(void) __attribute__((weak));
extern void __msan_init(void) __attribute__((weak));
#endif

#if defined(__linux__)
extern void __tsan_acquire(void *address) __attribute__((weak));
extern void __tsan_release(void *address) __attribute__((weak));
#elif __has_feature(thread_sanitizer)
void __tsan_acquire(void *address);
void __tsan_release(void *address);
#endif

void cplatformshim_sanitizer_acquire(void *address) {
#if defined(__linux__)
    if (__tsan_acquire != NULL) __tsan_acquire(address);
#elif __has_feature(thread_sanitizer)
    __tsan_acquire(address);
#else
    (void)address;
#endif
}

void cplatformshim_sanitizer_release(void *address) {
#if defined(__linux__)
    if (__tsan_release != NULL) __tsan_release(address);
#elif __has_feature(thread_sanitizer)
    __tsan_release(address);
#else
    (void)address;
#endif
}

int cplatformshim_sanitizers(void) {
    int active = 0;
#if __has_feature(address_sanitizer) || __has_feature(hwaddress_sanitizer)
    active |= CPLATFORMSHIM_SANITIZER_ADDRESS;
#endif
#if __has_feature(thread_sanitizer)
    active |= CPLATFORMSHIM_SANITIZER_THREAD;
#endif
#if __has_feature(memory_sanitizer)
    active |= CPLATFORMSHIM_SANITIZER_MEMORY;
#endif
#if defined(__linux__)
    if (__asan_init != NULL || __hwasan_init != NULL) active |= CPLATFORMSHIM_SANITIZER_ADDRESS;
    if (__tsan_init != NULL) active |= CPLATFORMSHIM_SANITIZER_THREAD;
    if (__msan_init != NULL) active |= CPLATFORMSHIM_SANITIZER_MEMORY;
#endif
    return active;
}

// The limit the watchdog enforces; written once before the thread starts.
static uint64_t watchdog_limit;

static uint64_t physical_footprint(void) {
#if defined(__linux__)
    // The resident set, the second field of /proc/self/statm, in pages.
    FILE *statm = fopen("/proc/self/statm", "r");
    if (statm == NULL) return 0;
    unsigned long long size = 0, resident = 0;
    int fields = fscanf(statm, "%llu %llu", &size, &resident);
    fclose(statm);
    return fields == 2 ? (uint64_t)resident * (uint64_t)sysconf(_SC_PAGESIZE) : 0;
#elif defined(__APPLE__)
    task_vm_info_data_t info;
    mach_msg_type_number_t count = TASK_VM_INFO_COUNT;
    if (task_info(mach_task_self(), TASK_VM_INFO, (task_info_t)&info, &count) != KERN_SUCCESS) return 0;
    return info.phys_footprint;
#endif
}

static void *watchdog(void *unused) {
    (void)unused;
    const struct timespec interval = {0, 10 * 1000 * 1000};
    for (;;) {
        if (physical_footprint() > watchdog_limit) _exit(CPLATFORMSHIM_MEMORY_EXCEEDED_STATUS);
        nanosleep(&interval, NULL);
    }
    return NULL;
}

static int start_watchdog(uint64_t bytes) {
    static int started;
    if (started) return 0;
    // Over already: stop now, not whenever the watchdog thread is first scheduled (on a
    // busy machine, after a small glyph has long been rendered).
    if (physical_footprint() > bytes) _exit(CPLATFORMSHIM_MEMORY_EXCEEDED_STATUS);
    watchdog_limit = bytes;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int status = pthread_create(&thread, &attributes, watchdog, NULL);
    pthread_attr_destroy(&attributes);
    if (status != 0) {
        errno = status;
        return -1;
    }
    started = 1;
    return 0;
}

int cplatformshim_limit_memory(uint64_t bytes) {
#if defined(__linux__)
    // A sanitizer reserves terabytes of address space for its shadow memory at start, so
    // an address-space cap would stop every allocation: watch the resident set instead.
    if (cplatformshim_sanitizers() != 0) return start_watchdog(bytes);
    struct rlimit limit = {.rlim_cur = (rlim_t)bytes, .rlim_max = (rlim_t)bytes};
    return setrlimit(RLIMIT_AS, &limit);
#elif defined(__APPLE__)
    return start_watchdog(bytes);
#endif
}

int cplatformshim_reuse_freed_memory(void) {
#if defined(__linux__)
#if defined(__GLIBC__)
    // Setting either value also stops glibc from moving the mmap threshold by itself.
    const int keep = 32 * 1024 * 1024; // glibc's largest mmap threshold on 64-bit systems
    return mallopt(M_MMAP_THRESHOLD, keep) == 1 && mallopt(M_TRIM_THRESHOLD, keep) == 1 ? 0 : -1;
#else
    return 0;
#endif
#elif defined(__APPLE__)
    return 0;
#endif
}

int64_t cplatformshim_file_time_now(void) {
    struct timespec now;
#if defined(__linux__)
    clock_gettime(CLOCK_REALTIME_COARSE, &now);
#elif defined(__APPLE__)
    clock_gettime(CLOCK_REALTIME, &now);
#endif
    return (int64_t)now.tv_sec * 1000000000 + now.tv_nsec;
}

#if defined(__APPLE__)
// The parent the watcher compares against; written once before the thread starts.
static pid_t watched_parent;

static void *parent_watcher(void *unused) {
    (void)unused;
    const struct timespec interval = {0, 50 * 1000 * 1000};
    for (;;) {
        if (getppid() != watched_parent) _exit(CPLATFORMSHIM_PARENT_GONE_STATUS);
        nanosleep(&interval, NULL);
    }
    return NULL;
}
#endif

int cplatformshim_end_with_parent(int expected_parent) {
#if defined(__linux__)
    // The signal comes when the parent *thread* that started this process ends; the build
    // starts and stops each worker on one thread, which outlives it.
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0) return -1;
    // A parent that died before the line above sent nothing: this process already belongs
    // to another parent (init or a subreaper).
    return getppid() == (pid_t)expected_parent ? 0 : -1;
#elif defined(__APPLE__)
    if (getppid() != (pid_t)expected_parent) return -1;
    watched_parent = (pid_t)expected_parent;
    pthread_attr_t attributes;
    pthread_attr_init(&attributes);
    pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
    pthread_t thread;
    int status = pthread_create(&thread, &attributes, parent_watcher, NULL);
    pthread_attr_destroy(&attributes);
    if (status != 0) {
        errno = status;
        return -1;
    }
    return 0;
#endif
}

int cplatformshim_watch_open(void) {
#if defined(__linux__)
    return inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
#elif defined(__APPLE__)
    int queue = kqueue();
    // kqueue descriptors are not inherited by posix_spawn'ed children anyway; no CLOEXEC flag needed.
    return queue;
#endif
}

int cplatformshim_watch_add(int watch, const char *folder) {
#if defined(__linux__)
    // Every way an entry can change: written (MODIFY, CLOSE_WRITE), saved by rename
    // (MOVED_TO), replaced or removed (CREATE, DELETE, MOVED_FROM), touched (ATTRIB), and
    // the folder itself going away (DELETE_SELF, MOVE_SELF).
    uint32_t mask = IN_MODIFY | IN_CLOSE_WRITE | IN_ATTRIB | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO | IN_DELETE_SELF
        | IN_MOVE_SELF | IN_ONLYDIR;
    return inotify_add_watch(watch, folder, mask);
#elif defined(__APPLE__)
    // O_EVTONLY: a descriptor for events only, which does not keep the volume from unmounting.
    int descriptor = open(folder, O_EVTONLY | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    struct kevent change;
    EV_SET(&change, descriptor, EVFILT_VNODE, EV_ADD | EV_CLEAR,
           NOTE_WRITE | NOTE_EXTEND | NOTE_ATTRIB | NOTE_DELETE | NOTE_RENAME | NOTE_REVOKE, 0, NULL);
    if (kevent(watch, &change, 1, NULL, 0, NULL) < 0) {
        int saved = errno;
        close(descriptor);
        errno = saved;
        return -1;
    }
    return descriptor;
#endif
}

int cplatformshim_spawn_inherit_only_actions(void *actions, short *flags) {
    if (actions == NULL || flags == NULL) {
        errno = EINVAL;
        return -1;
    }
#if defined(__linux__)
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    int status = posix_spawn_file_actions_addclosefrom_np((posix_spawn_file_actions_t *)actions, 3);
    if (status != 0) {
        errno = status;
        return -1;
    }
#endif
    return 0;
#elif defined(__APPLE__)
    *flags = (short)(*flags | POSIX_SPAWN_CLOEXEC_DEFAULT);
    return 0;
#endif
}

long long cplatformshim_raise_descriptor_limit(void) {
    struct rlimit limit;
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) return -1;
    rlim_t wanted = limit.rlim_max;
#if defined(__APPLE__)
    if (wanted == RLIM_INFINITY || wanted > OPEN_MAX) wanted = OPEN_MAX;
#endif
    if (limit.rlim_cur != RLIM_INFINITY && (wanted == RLIM_INFINITY || limit.rlim_cur < wanted)) {
        struct rlimit raised = limit;
        raised.rlim_cur = wanted;
        // Refused (a hard limit the kernel caps lower): the old limit stays, and is what counts.
        if (setrlimit(RLIMIT_NOFILE, &raised) == 0) limit = raised;
    }
    return limit.rlim_cur == RLIM_INFINITY || limit.rlim_cur > (rlim_t)LLONG_MAX ? LLONG_MAX : (long long)limit.rlim_cur;
}

void cplatformshim_watch_remove(int watch, int handle) {
#if defined(__linux__)
    inotify_rm_watch(watch, handle);
#elif defined(__APPLE__)
    (void)watch;
    close(handle);  // closing the descriptor removes its kevent
#endif
}

#if defined(__linux__)
// What an inotify event's mask says of the entry it names.
static int watch_event_kind(uint32_t mask) {
    if (mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) return CPLATFORMSHIM_WATCH_FINISHED;
    if (mask & (IN_MODIFY | IN_CREATE | IN_DELETE | IN_MOVED_FROM)) return CPLATFORMSHIM_WATCH_WRITING;
    if (mask & IN_ATTRIB) return CPLATFORMSHIM_WATCH_ATTRIBUTES;
    return CPLATFORMSHIM_WATCH_UNNAMED;
}
#endif

int cplatformshim_watch_wait(int watch, int timeout_ms, cplatformshim_watch_event *events, int capacity, int *count) {
    *count = 0;
    if (capacity < 1) {
        errno = EINVAL;
        return -1;
    }
#if defined(__linux__)
    struct pollfd entry = {.fd = watch, .events = POLLIN, .revents = 0};
    int ready = poll(&entry, 1, timeout_ms);
    if (ready <= 0) return ready;
    char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
    ssize_t length;
    while ((length = read(watch, buffer, sizeof buffer)) > 0) {
        for (char *at = buffer; at < buffer + length;) {
            const struct inotify_event *event = (const struct inotify_event *)at;
            at += sizeof(struct inotify_event) + event->len;
            // A name, unless the event is of the folder itself (or the queue overflowed).
            int kind = event->len > 0 && !(event->mask & IN_Q_OVERFLOW) ? watch_event_kind(event->mask) : CPLATFORMSHIM_WATCH_UNNAMED;
            if (*count == capacity) {
                events[capacity - 1].kind = CPLATFORMSHIM_WATCH_UNNAMED;  // read on, to drain the queue
                continue;
            }
            cplatformshim_watch_event *described = &events[(*count)++];
            described->handle = event->wd;
            described->kind = kind;
            described->name[0] = '\0';
            if (kind != CPLATFORMSHIM_WATCH_UNNAMED) {
                // inotify pads the name with NULs; it is at most NAME_MAX (255) bytes.
                size_t name_length = strnlen(event->name, event->len);
                if (name_length >= sizeof described->name) {
                    described->kind = CPLATFORMSHIM_WATCH_UNNAMED;
                } else {
                    memcpy(described->name, event->name, name_length);
                    described->name[name_length] = '\0';
                }
            }
        }
    }
    return 1;
#elif defined(__APPLE__)
    struct timespec timeout = {.tv_sec = timeout_ms / 1000, .tv_nsec = (long)(timeout_ms % 1000) * 1000000L};
    struct kevent pending[16];
    int ready = kevent(watch, NULL, 0, pending, 16, &timeout);
    if (ready <= 0) return ready;
    // Drain what else is pending without waiting. kqueue names the folder, never the entry.
    struct timespec none = {0, 0};
    while (kevent(watch, NULL, 0, pending, 16, &none) > 0) {}
    events[0].handle = -1;
    events[0].kind = CPLATFORMSHIM_WATCH_UNNAMED;
    events[0].name[0] = '\0';
    *count = 1;
    return 1;
#endif
}

// POSIX, the same on both systems: no branch needed.
int cplatformshim_limit_cpu_time(uint64_t seconds) {
    // The limit acts through SIGXCPU: whoever started this process (a thread of a program
    // that blocks signals, or sets them to be ignored) must not have disarmed it.
    sigset_t xcpu;
    sigemptyset(&xcpu);
    sigaddset(&xcpu, SIGXCPU);
    if (signal(SIGXCPU, SIG_DFL) == SIG_ERR || sigprocmask(SIG_UNBLOCK, &xcpu, NULL) != 0) return -1;
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) != 0) return -1;
    uint64_t microseconds = ((uint64_t)usage.ru_utime.tv_sec + (uint64_t)usage.ru_stime.tv_sec) * 1000000
        + (uint64_t)usage.ru_utime.tv_usec + (uint64_t)usage.ru_stime.tv_usec;
    rlim_t wanted = (rlim_t)((microseconds + 999999) / 1000000 + seconds);
    struct rlimit limit;
    if (getrlimit(RLIMIT_CPU, &limit) != 0) return -1;
    // Only the soft limit: an unprivileged process could never raise a lowered hard one.
    limit.rlim_cur = (limit.rlim_max != RLIM_INFINITY && wanted > limit.rlim_max) ? limit.rlim_max : wanted;
    return setrlimit(RLIMIT_CPU, &limit);
}

int cplatformshim_exchange(const char *first, const char *second) {
#if defined(__linux__)
    // glibc declares renameat2 only from 2.28 and musl not at all: the system call itself.
#if defined(SYS_renameat2)
#ifndef RENAME_EXCHANGE
#define RENAME_EXCHANGE (1 << 1)
#endif
    return (int)syscall(SYS_renameat2, AT_FDCWD, first, AT_FDCWD, second, RENAME_EXCHANGE);
#else
    (void)first;
    (void)second;
    errno = ENOSYS;
    return -1;
#endif
#elif defined(__APPLE__)
    return renamex_np(first, second, RENAME_SWAP);
#endif
}
