#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Byte-level helpers shared by the readers. Everything works on UTF-8 bytes with integer
/// offsets; text is decoded only for the few tokens a reader keeps.
typealias Bytes = UnsafeBufferPointer<UInt8>

enum ASCII {
    static let space: UInt8 = 0x20, tab: UInt8 = 0x09, cr: UInt8 = 0x0D, lf: UInt8 = 0x0A
    static let colon: UInt8 = 0x3A, comma: UInt8 = 0x2C, dot: UInt8 = 0x2E, dash: UInt8 = 0x2D
    static let lbracket: UInt8 = 0x5B, rbracket: UInt8 = 0x5D, lparen: UInt8 = 0x28, rparen: UInt8 = 0x29
    static let less: UInt8 = 0x3C, greater: UInt8 = 0x3E, equals: UInt8 = 0x3D, plus: UInt8 = 0x2B
    static let underscore: UInt8 = 0x5F, semicolon: UInt8 = 0x3B, quote: UInt8 = 0x22
    static let lbrace: UInt8 = 0x7B, rbrace: UInt8 = 0x7D, slash: UInt8 = 0x2F
    static let apostrophe: UInt8 = 0x27, backslash: UInt8 = 0x5C

    @inline(__always) static func isDigit(_ c: UInt8) -> Bool { c &- 0x30 < 10 }
    @inline(__always) static func isHex(_ c: UInt8) -> Bool {
        isDigit(c) || (c | 0x20) &- 0x61 < 6
    }
    @inline(__always) static func isLower(_ c: UInt8) -> Bool { c &- 0x61 < 26 }
    @inline(__always) static func isUpper(_ c: UInt8) -> Bool { c &- 0x41 < 26 }
    @inline(__always) static func isSpace(_ c: UInt8) -> Bool { c == space || c == tab || c == cr }
    /// Letters, digits, `_`, and any non-ASCII byte (Swift allows Unicode identifiers).
    @inline(__always) static func isIdentifier(_ c: UInt8) -> Bool {
        isLower(c) || isUpper(c) || isDigit(c) || c == underscore || c >= 0x80
    }
    @inline(__always) static func isIdentifierStart(_ c: UInt8) -> Bool {
        isLower(c) || isUpper(c) || c == underscore || c >= 0x80
    }
}

extension UnsafeBufferPointer where Element == UInt8 {
    @inline(__always) func string(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: self[range]), as: UTF8.self)
    }

    /// The first `limit` bytes from `start` (before `end`) as text, cut before a character
    /// rather than inside one: a warning quotes the start of a long line.
    func excerpt(from start: Int, to end: Int, limit: Int = 80) -> String {
        var cut = Swift.min(end, start + limit)
        // A byte 10xxxxxx continues the character before it.
        while cut > start, cut < end, self[cut] & 0xC0 == 0x80 { cut -= 1 }
        return string(start..<cut)
    }

    /// Skips spaces, tabs and carriage returns, and the Unicode spaces pages put in copied
    /// text (see `unicodeSpaceLength`).
    /// Inlined: every line is passed over at several places, mostly past one space or none.
    @inline(__always) func skipSpaces(from i: Int, to end: Int) -> Int {
        var i = i
        while i < end, ASCII.isSpace(self[i]) { i += 1 }
        guard i < end, self[i] >= 0xC2 else { return i }
        return skipUnicodeSpaces(from: i, to: end)
    }

    /// The rest of `skipSpaces` from a byte that may start a Unicode space.
    @inline(never) private func skipUnicodeSpaces(from i: Int, to end: Int) -> Int {
        var i = i
        while i < end {
            if ASCII.isSpace(self[i]) {
                i += 1
            } else if self[i] >= 0xC2, case let n = unicodeSpaceLength(at: i, end: end), n > 0 {
                i += n
            } else {
                break
            }
        }
        return i
    }

    func trimTrailingSpaces(from start: Int, to end: Int) -> Int {
        var end = end
        while end > start {
            if ASCII.isSpace(self[end - 1]) {
                end -= 1
            } else if self[end - 1] >= 0x80, let n = unicodeSpaceLength(endingAt: end, start: start) {
                end -= n
            } else {
                break
            }
        }
        return end
    }

    /// The length of the Unicode space or invisible mark at `i`, 0 when there is none. A log
    /// copied from a web page or a document often holds no-break spaces (U+00A0, from
    /// `&nbsp;`), ideographic spaces (U+3000, indenting Chinese and Japanese text), the other
    /// spaces of U+2000–U+200A, U+202F and U+205F, a zero-width space (U+200B) or a byte order
    /// mark (U+FEFF) where the log had plain spaces or nothing.
    func unicodeSpaceLength(at i: Int, end: Int) -> Int {
        let c = self[i]
        if c == 0xC2 { return i + 1 < end && self[i + 1] == 0xA0 ? 2 : 0 }
        guard c >= 0xE2, c <= 0xEF, i + 2 < end else { return 0 }
        let c1 = self[i + 1], c2 = self[i + 2]
        switch c {
        case 0xE2:
            if c1 == 0x80, c2 &- 0x80 <= 0x0B || c2 == 0xAF { return 3 }  // U+2000–U+200B, U+202F
            return c1 == 0x81 && c2 == 0x9F ? 3 : 0  // U+205F
        case 0xE3: return c1 == 0x80 && c2 == 0x80 ? 3 : 0  // U+3000
        case 0xEF: return c1 == 0xBB && c2 == 0xBF ? 3 : 0  // U+FEFF
        default: return 0
        }
    }

    /// The length of the Unicode space (as `unicodeSpaceLength`) that ends right before `end`.
    func unicodeSpaceLength(endingAt end: Int, start: Int) -> Int? {
        for n in [2, 3] where end - n >= start && unicodeSpaceLength(at: end - n, end: end) == n { return n }
        return nil
    }

    /// The end of an identifier starting at `i` (dots allowed when `dots`).
    func identifierEnd(from i: Int, to end: Int, dots: Bool) -> Int {
        var j = i
        while j < end, ASCII.isIdentifier(self[j]) || (dots && self[j] == ASCII.dot && j > i) { j += 1 }
        // A trailing dot belongs to the sentence, not the name.
        while dots && j > i && self[j - 1] == ASCII.dot { j -= 1 }
        return j
    }

    func hasPrefix(_ literal: StaticString, at i: Int, end: Int) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard end - i >= count else { return false }
        let p = literal.utf8Start
        for k in 0..<count where self[i + k] != p[k] { return false }
        return true
    }

    /// The first offset of `literal` in `self[from..<end]`.
    /// Candidates are found with `memchr` on the literal's first byte that is not a space: a
    /// line is searched for dozens of literals whose bytes it mostly lacks, and nearly every
    /// line has spaces.
    func find(_ literal: StaticString, from: Int, end: Int) -> Int? {
        let count = literal.utf8CodeUnitCount
        guard count > 0, end - from >= count, let base = baseAddress else { return nil }
        let p = literal.utf8Start
        var skip = 0
        while skip < count - 1, p[skip] == ASCII.space { skip += 1 }
        let key = Int32(p[skip])
        let lastStart = end - count
        var i = from
        while i <= lastStart {
            guard let hit = memchr(base + i + skip, key, lastStart - i + 1) else { return nil }
            i = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(hit)) - skip
            if hasPrefix(literal, at: i, end: end) { return i }
            i += 1
        }
        return nil
    }

    /// The offset of the byte closing a bracket opened at `open`, honouring nesting.
    func matching(open: Int, end: Int) -> Int? {
        let opener = self[open]
        let closer: UInt8 =
            opener == ASCII.lparen ? ASCII.rparen : opener == ASCII.lbracket ? ASCII.rbracket : ASCII.greater
        var depth = 0
        var i = open
        while i < end {
            let c = self[i]
            if c == opener {
                depth += 1
            } else if c == closer {
                depth -= 1
                if depth == 0 { return i }
            }
            i += 1
        }
        return nil
    }
}

/// Powers of ten that a Double holds exactly (up to 10^18), for parsing decimals as an integer
/// divided once.
enum Decimal10 {
    static let powers: [Double] = {
        var out: [Double] = [1]
        for _ in 1...18 { out.append(out[out.count - 1] * 10) }
        return out
    }()
}

/// Whether `count` bytes at `a` and `b` are equal: 32 then eight at a time, inline. For the keys
/// a reader compares on every line (messages, prefixes), cheaper than a call to `memcmp`.
@inline(__always) func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, _ count: Int) -> Bool {
    if count < 8 {
        for k in 0..<count where a.load(fromByteOffset: k, as: UInt8.self) != b.load(fromByteOffset: k, as: UInt8.self)
        {
            return false
        }
        return true
    }
    @inline(__always) func differ(_ k: Int) -> UInt64 {
        a.loadUnaligned(fromByteOffset: k, as: UInt64.self) ^ b.loadUnaligned(fromByteOffset: k, as: UInt64.self)
    }
    var k = 0
    while k + 32 <= count {
        if differ(k) | differ(k + 8) | differ(k + 16) | differ(k + 24) != 0 { return false }
        k += 32
    }
    while k + 8 <= count {
        if differ(k) != 0 { return false }
        k += 8
    }
    // The last eight bytes, overlapping the words already compared.
    return k == count || differ(count - 8) == 0
}

/// Which byte values a run of bytes holds, told in one pass: a line searched for dozens of
/// literals skips each one with a byte the line lacks.
struct BytesHeld {
    private var low: UInt64 = 0, high: UInt64 = 0, wide: UInt64 = 0, wider: UInt64 = 0

    init(_ b: Bytes, from start: Int, to end: Int) {
        for i in start..<max(start, end) {
            let c = b[i]
            let bit: UInt64 = 1 << UInt64(c & 63)
            switch c >> 6 {
            case 0: low |= bit
            case 1: high |= bit
            case 2: wide |= bit
            default: wider |= bit
            }
        }
    }

    func contains(_ c: UInt8) -> Bool {
        let bit: UInt64 = 1 << UInt64(c & 63)
        switch c >> 6 {
        case 0: return low & bit != 0
        case 1: return high & bit != 0
        case 2: return wide & bit != 0
        default: return wider & bit != 0
        }
    }

    /// The bytes of `literal`.
    init(_ literal: StaticString) {
        let p = literal.utf8Start
        self.init(
            UnsafeBufferPointer(start: p, count: literal.utf8CodeUnitCount), from: 0, to: literal.utf8CodeUnitCount)
    }

    /// Whether every byte of `literal` is held, as it must be for the run to hold `literal`.
    func containsAll(of literal: StaticString) -> Bool {
        let p = literal.utf8Start
        for k in 0..<literal.utf8CodeUnitCount where !contains(p[k]) { return false }
        return true
    }

    /// Whether every byte `other` holds is held here.
    func containsAll(of other: BytesHeld) -> Bool {
        other.low & ~low | other.high & ~high | other.wide & ~wide | other.wider & ~wider == 0
    }
}

/// A literal a line is searched for, with the bytes it holds: a line that lacks one of them
/// is not searched.
struct SearchedLiteral {
    let text: StaticString
    let bytes: BytesHeld

    init(_ text: StaticString) {
        self.text = text
        bytes = BytesHeld(text)
    }
}
