import Foundation

/// Reads iconforge's sources for what would not compile or not work on one of its systems,
/// since no Mac runs this suite: the rules below are what a Mac build needs of the code
/// that Linux builds cannot check.
///
/// - Only the platform layer (`platformLayer`) imports a C library module (Glibc, Musl,
///   Darwin, …), and only inside `#if canImport(ThatModule)`.
/// - Foundation is imported in one file only (`foundationImport`), conditionally:
///   FoundationEssentials does not exist in Apple's SDK.
/// - A name that exists on one system only (`st_mtim`, `/proc/`, `_NSGetExecutablePath`, …)
///   appears only in the platform layer (Swift) and only in a branch for that system:
///   `#if canImport(Glibc)` or the `#else` of `#if canImport(Darwin)` in Swift,
///   `#if defined(__linux__)` or `__APPLE__` in C (any C file).
/// - Pointer APIs (`Unsafe…`, `withUnsafe…`, `OpaquePointer`, …) appear only in the C-bridge
///   layer (`cBridgeLayer`).
struct PortabilityScanner {
    /// One finding: a file (relative to the package root), a 1-based line, what is wrong.
    struct Violation: Equatable, CustomStringConvertible {
        var file: String
        var line: Int
        var rule: String
        var message: String

        var description: String { "\(file):\(line): error: \(message) [\(rule)]" }
    }

    /// The only code that imports a C library module or names a single system's API.
    /// The executable has its own small file of process-global calls (stdout, signals, exit).
    static let platformLayer = ["Sources/IconForgePlatform/", "Sources/CPlatformShim/", "Sources/iconforge/Platform"]
    /// Where pointers may be handled: the platform layer and the wrappers of the C libraries.
    static let cBridgeLayer = platformLayer + ["Sources/IconForgeNative/", "Sources/CRsvgLoader/", "Sources/CPNGShim/"]
    /// The one file that imports Foundation (for every layer, with `@_exported`: each layer
    /// re-exports the one below).
    static let foundationImport = "Sources/IconForgePlatform/FoundationImport.swift"
    /// Files allowed pointer code outside the C-bridge layer, each with the reason.
    static let pointerExceptions: [String: String] = [:]

    static let libcModules = ["Glibc", "Musl", "Darwin", "Bionic", "Android", "ucrt", "WinSDK", "WASILibc", "CRT"]

    /// Names that exist, or behave as meant, on Linux only.
    static let linuxOnly: [(pattern: String, what: String)] = [
        (#"\bst_[amc]tim\b"#, "Linux's stat field (Darwin: st_mtimespec)"),
        (#"\bCLOCK_(?:REALTIME|MONOTONIC)_COARSE\b|\bCLOCK_BOOTTIME\b"#, "a Linux-only clock"),
        (#"\b__rlimit_resource_t\b"#, "Glibc's rlimit type"),
        (#"\bRLIMIT_AS\b"#, "RLIMIT_AS (macOS accepts it but does not enforce it)"),
        (#"/proc/"#, "Linux's /proc file system"),
        (#"\bprctl\b|\bPR_SET_\w+"#, "prctl"),
        (
            #"\bsyncfs\b|\bstatx\b|\bfallocate\b|\bcopy_file_range\b|\brenameat2\b|\bmemfd_create\b"#,
            "a Linux-only file call"
        ),
        (#"\bsched_(?:get|set)affinity\b|\bgettid\b|\bgetauxval\b"#, "a Linux-only process call"),
        (
            #"\bepoll_\w+|\binotify_\w+|\beventfd\b|\bsignalfd\b|\btimerfd_\w+|\bpipe2\b|\baccept4\b|\bdup3\b"#,
            "a Linux-only descriptor call"
        ),
        (#"\bO_PATH\b|\bO_TMPFILE\b|\bSOCK_NONBLOCK\b|\bSOCK_CLOEXEC\b|\bMAP_POPULATE\b"#, "a Linux-only flag"),
        (#"\bGlibc\.|\bMusl\.|\b__errno_location\b"#, "a Glibc- or Musl-qualified name"),
        (#"\.so(?:\.\d+)*\b"#, "a Linux shared-library file name (macOS: .dylib)"),
        (
            #"\bposix_spawn(?:_file_actions|attr)_t\(\)"#,
            "a non-optional posix_spawn type (Darwin's is an optional pointer)"
        ),
        (#"\benviron\b"#, "`environ` (Darwin: _NSGetEnviron)"),
    ]

    /// Names that exist on Apple's systems only.
    static let darwinOnly: [(pattern: String, what: String)] = [
        (#"\bst_[amc]timespec\b"#, "Darwin's stat field (Linux: st_mtim)"),
        (#"\b_NSGet\w+"#, "a dyld/crt function"),
        (#"\bmach_\w+|\btask_info\b"#, "a Mach call"),
        (#"\.dylib\b"#, "a macOS library file name (Linux: .so)"),
        (#"\bDarwin\."#, "a Darwin-qualified name"),
        (#"\bkqueue\b|\bkevent\b|\bF_FULLFSYNC\b"#, "a BSD/Darwin-only call"),
    ]

    static let pointerPattern =
        #"\b(?:Unsafe\w*|withUnsafe\w*|unsafeBitCast|unsafeDowncast|withMemoryRebound|bindMemory|assumingMemoryBound|OpaquePointer|AutoreleasingUnsafeMutablePointer)\b"#

    static func isInside(_ path: String, _ layer: [String]) -> Bool {
        layer.contains { path.hasPrefix($0) }
    }

    // Simple word boundaries: by default Swift's \b follows Unicode's word rules, where
    // `info.st_mtim` is one word and the boundary before `st_mtim` does not exist.
    private static func compile(_ pattern: String) -> Regex<AnyRegexOutput> {
        try! Regex(pattern).wordBoundaryKind(.simple)
    }

    private let importRegex = compile(
        #"^\s*(?:@_exported\s+)?(?:(?:public|package|internal|fileprivate|private)\s+)?import\s+(?:(?:typealias|struct|class|enum|protocol|let|var|func)\s+)?(\w+)"#
    )
    private let pointerRegex = compile(Self.pointerPattern)
    private let linuxRegexes = Self.linuxOnly.map { (compile($0.pattern), $0.what) }
    private let darwinRegexes = Self.darwinOnly.map { (compile($0.pattern), $0.what) }

    // Swift's Regex costs about a microsecond a character, and most lines match nothing:
    // a line is searched only if it holds a piece of text that every match of the list
    // contains (keep these in step with the patterns above).
    static let linuxNeedles = [
        "st_", "CLOCK_", "rlimit", "RLIMIT_AS", "/proc/", "prctl", "PR_SET_", "syncfs", "statx", "fallocate",
        "copy_file_range", "renameat2", "memfd_create", "affinity", "gettid", "getauxval", "epoll_", "inotify_",
        "eventfd", "signalfd", "timerfd_", "pipe2", "accept4", "dup3", "O_PATH", "O_TMPFILE", "SOCK_", "MAP_POPULATE",
        "Glibc.", "Musl.", "__errno_location", ".so", "posix_spawn", "environ",
    ]
    static let darwinNeedles = [
        "timespec", "_NSGet", "mach_", "task_info", ".dylib", "Darwin.", "kqueue", "kevent", "F_FULLFSYNC",
    ]
    static let pointerNeedles = ["nsafe", "Memory", "OpaquePointer"]

    /// The findings in one file, given its path relative to the package root.
    func scan(path: String, text: String) -> [Violation] {
        typealias Scanner = PortabilityScanner
        let isSwift = path.hasSuffix(".swift")
        var violations: [Violation] = []
        var conditions = ConditionStack(language: isSwift ? .swift : .c)
        var stripper = CommentStripper(language: isSwift ? .swift : .c)
        let platformLayer = Scanner.platformLayer
        let cBridgeLayer = Scanner.cBridgeLayer
        let foundationImport = Scanner.foundationImport
        let inPlatform = Scanner.isInside(path, platformLayer)
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let number = index + 1
            let line = stripper.strip(String(rawLine))
            if conditions.consume(line) { continue }
            func flag(_ rule: String, _ message: String) {
                violations.append(Violation(file: path, line: number, rule: rule, message: message))
            }
            if isSwift {
                if line.contains("import"), let module = Scanner.match(importRegex, in: line) {
                    if Scanner.libcModules.contains(module) {
                        if !inPlatform {
                            flag(
                                "libc-import",
                                "'import \(module)' outside the platform layer (\(platformLayer[0])); use or add a wrapper there"
                            )
                        } else if !conditions.isGuarded(by: "canImport(\(module))") {
                            flag("libc-import", "'import \(module)' must sit inside '#if canImport(\(module))'")
                        }
                    } else if module.hasPrefix("Foundation") {
                        if path != foundationImport {
                            flag(
                                "foundation-import",
                                "'import \(module)' outside \(foundationImport), which imports Foundation for the whole module (FoundationEssentials does not exist in Apple's SDK)"
                            )
                        } else if !conditions.isInsideAnyCondition {
                            flag(
                                "foundation-import",
                                "'import \(module)' must be conditional: '#if canImport(FoundationEssentials)' … '#else' … 'import Foundation'"
                            )
                        }
                    }
                }
                if !Scanner.isInside(path, cBridgeLayer), Scanner.pointerExceptions[path] == nil,
                    Scanner.pointerNeedles.contains(where: line.contains),
                    let name = Scanner.match(pointerRegex, in: line)
                {
                    flag(
                        "pointer",
                        "'\(name)' outside the C-bridge layer (\(cBridgeLayer.prefix(3).joined(separator: ", "))); move the pointer code there or use safe collection APIs"
                    )
                }
            }
            let linuxCandidates = Scanner.linuxNeedles.contains(where: line.contains) ? linuxRegexes : []
            let darwinCandidates = Scanner.darwinNeedles.contains(where: line.contains) ? darwinRegexes : []
            for (regex, what) in linuxCandidates {
                guard let name = Scanner.match(regex, in: line) else { continue }
                if isSwift && !inPlatform {
                    flag(
                        "linux-only",
                        "'\(name)' is \(what), outside the platform layer; wrap it there with a Darwin branch")
                } else if !conditions.isGuarded(linux: true) {
                    flag(
                        "linux-only",
                        "'\(name)' is \(what), outside a Linux branch (\(isSwift ? "#if canImport(Glibc)" : "#if defined(__linux__)"))"
                    )
                }
            }
            for (regex, what) in darwinCandidates {
                guard let name = Scanner.match(regex, in: line) else { continue }
                if isSwift && !inPlatform {
                    flag("darwin-only", "'\(name)' is \(what), outside the platform layer")
                } else if !conditions.isGuarded(linux: false) {
                    flag(
                        "darwin-only",
                        "'\(name)' is \(what), outside a Darwin branch (\(isSwift ? "#if canImport(Darwin)" : "#if defined(__APPLE__)"))"
                    )
                }
            }
        }
        return violations
    }

    /// The first capture group of `pattern` in `text` (or the whole match), if it matches.
    static func match(_ regex: Regex<AnyRegexOutput>, in text: String) -> String? {
        guard let found = try? regex.firstMatch(in: text) else { return nil }
        if found.output.count > 1, let group = found.output[1].substring { return String(group) }
        return found.output[0].substring.map(String.init)
    }
}

enum SourceLanguage { case swift, c }

/// Follows `#if`/`#elseif`/`#else`/`#endif` (Swift) or `#if`/`#ifdef`/`#elif`/… (C), to
/// tell which system a line is compiled for.
struct ConditionStack {
    let language: SourceLanguage
    /// Per open `#if`: the conditions of its branches so far, and whether in `#else`.
    private var frames: [(conditions: [String], inElse: Bool)] = []

    init(language: SourceLanguage) { self.language = language }

    var isInsideAnyCondition: Bool { !frames.isEmpty }

    /// Takes a directive line; true if it was one.
    mutating func consume(_ line: String) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard trimmed.hasPrefix("#") else { return false }
        let directive = trimmed.dropFirst().trimmingCharacters(in: .whitespaces)
        let word = String(directive.prefix { $0.isLetter })
        let rest = String(directive.dropFirst(word.count))
        switch (language, word) {
        case (_, "if"): frames.append(([rest], false))
        case (.c, "ifdef"): frames.append((["defined(\(rest.trimmingCharacters(in: .whitespaces)))"], false))
        case (.c, "ifndef"): frames.append((["!defined(\(rest.trimmingCharacters(in: .whitespaces)))"], false))
        case (.swift, "elseif"), (.c, "elif"):
            if !frames.isEmpty { frames[frames.count - 1].conditions.append(rest) }
        case (_, "else"):
            if !frames.isEmpty { frames[frames.count - 1].inElse = true }
        case (_, "endif"):
            if !frames.isEmpty { frames.removeLast() }
        // Other directives are not scanned, except C's #define, whose body is code.
        default: return word != "define"
        }
        return true
    }

    private var linuxMarkers: [String] {
        language == .swift ? ["canImport(Glibc)", "canImport(Musl)", "os(Linux)", "os(Android)"] : ["__linux__"]
    }
    private var darwinMarkers: [String] {
        language == .swift ? ["canImport(Darwin)", "os(macOS)", "os(iOS)"] : ["__APPLE__"]
    }

    /// Whether `condition` requires `marker` (mentions it, not negated).
    private static func requires(_ condition: String, _ marker: String) -> Bool {
        guard let range = condition.range(of: marker) else { return false }
        var before = condition[..<range.lowerBound]
        if before.hasSuffix("defined(") { before = before.dropLast("defined(".count) }
        while before.last == " " { before = before.dropLast() }
        return before.last != "!"
    }

    /// Whether the current line is compiled only for Linux (`linux`) or only for Darwin.
    func isGuarded(linux: Bool) -> Bool {
        let own = linux ? linuxMarkers : darwinMarkers
        let other = linux ? darwinMarkers : linuxMarkers
        return frames.contains { frame in
            if frame.inElse {
                // The #else of a chain that had a branch for the other system.
                return frame.conditions.contains { condition in other.contains { Self.requires(condition, $0) } }
            }
            return own.contains { Self.requires(frame.conditions.last ?? "", $0) }
        }
    }

    /// Whether the current line is inside a branch whose condition requires `marker`.
    func isGuarded(by marker: String) -> Bool {
        frames.contains { !$0.inElse && Self.requires($0.conditions.last ?? "", marker) }
    }
}

/// Removes comments line by line, keeping string literals (a library name in a string is
/// code; one in a comment is not).
struct CommentStripper {
    let language: SourceLanguage
    private var inBlockComment = false
    private var inMultilineString = false

    init(language: SourceLanguage) { self.language = language }

    mutating func strip(_ line: String) -> String {
        var out = ""
        let characters = Array(line)
        var index = 0
        var inString = false
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            if inBlockComment {
                if character == "*", next == "/" {
                    inBlockComment = false
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            if language == .swift, !inString, character == "\"", next == "\"", index + 2 < characters.count,
                characters[index + 2] == "\""
            {
                inMultilineString.toggle()
                out += "\"\"\""
                index += 3
                continue
            }
            if inMultilineString || inString {
                if character == "\\", next != nil {
                    out.append(character)
                    out.append(next!)
                    index += 2
                    continue
                }
                if character == "\"", !inMultilineString { inString = false }
                out.append(character)
                index += 1
                continue
            }
            if character == "\"" {
                inString = true
            } else if character == "/", next == "/" {
                break
            } else if character == "/", next == "*" {
                inBlockComment = true
                index += 2
                continue
            }
            out.append(character)
            index += 1
        }
        return out
    }
}
