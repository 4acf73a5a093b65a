/// Finds functions and initialisers in Swift source and how many lines each spans, from
/// the line of its `func` or `init` to the line of its closing brace: the count issue 45
/// names. Comments, strings (plain, multi-line, raw) and interpolations are skipped, so a
/// brace inside them does not count.
struct FunctionLengthScanner {
    struct Function: Equatable, CustomStringConvertible {
        var name: String
        var line: Int
        var lines: Int
        var description: String { "\(name) at line \(line): \(lines) lines" }
    }

    private struct Pending {
        var name: String
        var line: Int
        var parenDepth: Int
    }

    static func functions(in text: String) -> [Function] {
        let c = Array(text.utf8)
        var found: [Function] = []
        var open: [(name: String, line: Int)?] = []  // one per open brace: the function it starts, if any
        var pending: Pending?
        var parenDepth = 0
        var line = 1
        var i = 0

        func at(_ s: String, _ k: Int) -> Bool {
            let b = Array(s.utf8)
            return k + b.count <= c.count && Array(c[k..<(k + b.count)]) == b
        }
        func isWord(_ b: UInt8) -> Bool {
            b == 95 || (b >= 48 && b <= 57) || (b | 32 >= 97 && b | 32 <= 122) || b >= 128
        }

        // Skips a string literal starting at i (after any leading #s): returns the index after it.
        func skipString(_ start: Int, hashes: Int) -> Int {
            let multi = at("\"\"\"", start)
            var k = start + (multi ? 3 : 1)
            let closing = (multi ? "\"\"\"" : "\"") + String(repeating: "#", count: hashes)
            let escape = "\\" + String(repeating: "#", count: hashes)
            while k < c.count {
                if c[k] == 10 {
                    line += 1
                    if !multi { return k }
                }
                if at(escape, k) {
                    k += escape.utf8.count
                    if k < c.count && c[k] == 40 {  // an interpolation: skip balanced parentheses
                        var depth = 0
                        while k < c.count {
                            if c[k] == 34 {
                                k = skipString(k, hashes: 0)
                                continue
                            }
                            if c[k] == 10 { line += 1 }
                            if c[k] == 40 {
                                depth += 1
                            } else if c[k] == 41 {
                                depth -= 1
                                if depth == 0 {
                                    k += 1
                                    break
                                }
                            }
                            k += 1
                        }
                    } else {
                        k += 1
                    }
                    continue
                }
                if at(closing, k) { return k + closing.utf8.count }
                k += 1
            }
            return k
        }

        while i < c.count {
            let b = c[i]
            if b == 10 {
                line += 1
                i += 1
                continue
            }
            if at("//", i) {
                while i < c.count && c[i] != 10 { i += 1 }
                continue
            }
            if at("/*", i) {
                var depth = 0
                while i < c.count {
                    if at("/*", i) {
                        depth += 1
                        i += 2
                        continue
                    }
                    if at("*/", i) {
                        depth -= 1
                        i += 2
                        if depth == 0 { break }
                        continue
                    }
                    if c[i] == 10 { line += 1 }
                    i += 1
                }
                continue
            }
            if b == 35 || b == 34 {  // # or "
                var k = i
                var hashes = 0
                while k < c.count && c[k] == 35 {
                    hashes += 1
                    k += 1
                }
                if k < c.count && c[k] == 34 {
                    i = skipString(k, hashes: hashes)
                    continue
                }
                if hashes > 0 && k < c.count && c[k] == 47 {  // #/regex/#
                    k += 1
                    while k < c.count && !(c[k] == 47 && at(String(repeating: "#", count: hashes), k + 1)) {
                        if c[k] == 10 { line += 1 }
                        k += 1
                    }
                    i = k + 1 + hashes
                    continue
                }
                i = max(k, i + 1)
                continue
            }
            if isWord(b) {
                var k = i
                while k < c.count && isWord(c[k]) { k += 1 }
                let word = String(decoding: c[i..<k], as: UTF8.self)
                let preceded = i > 0 && (c[i - 1] == 46 || c[i - 1] == 96)  // .init or `init`
                if !preceded {
                    if word == "func" {
                        var n = k
                        while n < c.count && c[n] == 32 { n += 1 }
                        var e = n
                        while e < c.count && c[e] != 40 && c[e] != 60 && c[e] != 32 && c[e] != 10 { e += 1 }
                        pending = Pending(
                            name: String(decoding: c[n..<e], as: UTF8.self), line: line, parenDepth: parenDepth)
                    } else if word == "init" || word == "deinit" {
                        var n = k
                        while n < c.count && (c[n] == 63 || c[n] == 33) { n += 1 }
                        if n < c.count
                            && (c[n] == 40 || c[n] == 60 || (word == "deinit" && (c[n] == 32 || c[n] == 123)))
                        {
                            pending = Pending(name: word, line: line, parenDepth: parenDepth)
                        }
                    } else if ["var", "let", "case", "struct", "class", "enum", "protocol", "extension"].contains(word),
                        let p = pending, p.parenDepth == parenDepth
                    {
                        pending = nil  // a requirement without a body
                    }
                }
                i = k
                continue
            }
            switch b {
            case 40: parenDepth += 1
            case 41: parenDepth -= 1
            case 123:
                if let p = pending, p.parenDepth == parenDepth {
                    open.append((p.name, p.line))
                    pending = nil
                } else {
                    open.append(nil)
                }
            case 125:
                if let last = open.popLast(), let function = last {
                    found.append(Function(name: function.name, line: function.line, lines: line - function.line + 1))
                } else if open.isEmpty {
                    pending = nil
                }
                if let p = pending, p.parenDepth == parenDepth { pending = nil }
            default: break
            }
            i += 1
        }
        return found
    }
}
