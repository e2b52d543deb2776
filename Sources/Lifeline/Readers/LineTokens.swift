/// A log message cut into the pieces the call finder reasons about.
struct LineToken {
    enum Kind: Equatable {
        /// An ASCII identifier, dots allowed inside: `viewDidLoad`, `MyApp.HomeViewController`.
        case name
        /// `<MyApp.Home: 0x7f…>`: an instance description.
        case instance
        /// `-[Class selector:]`, `[Class selector]`: class and selector are in `inner`/`second`.
        case objcMethod
        /// `Feed.swift`, `.../Feed.swift`: a source file; its name without extension is `inner`.
        case file
        /// `0x7fe3…`
        case address
        /// `5F1A9C3E-0D3B-4C5E-9B1A-2C3D4E5F6A7B`
        case uuid
        case number
        /// One ASCII punctuation byte.
        case punctuation
        /// A chain separator between calls: `->`, `-->`, `=>`, `→`, `>>`.
        case arrow
        /// A non-ASCII character: letters of other scripts, full-width punctuation.
        case other
        /// Text that stands for something other than an object, so names no object and is no
        /// argument: a thread as `NSThread` describes itself, printed beside a call to tell where
        /// it ran (`<NSThread: 0x600001700000>{number = 1, name = main}`), or a value the unified
        /// log withheld (`<private>`).
        case unnamed
    }

    var kind: Kind
    var range: Range<Int>
    /// For `.objcMethod`: the class; for `.instance`: the class.
    var inner: Range<Int> = 0..<0
    /// For `.objcMethod`: the selector.
    var second: Range<Int> = 0..<0
    /// For `.instance`: the object it describes.
    var ref: ObjectRef? = nil
    /// Whether a space (or tab) comes right before it.
    var spaced = false

    var firstByte: UInt8 = 0
    var secondByte: UInt8 = 0

    /// A word of a language written with accents (`llamó`, `é`): prose between a name and an
    /// event.
    var isAccentedWord: Bool {
        kind == .other
            && (ASCII.isLower(firstByte) || ASCII.isUpper(firstByte) || firstByte >= 0xC3 && firstByte <= 0xC9)
    }

    /// A letter of a script without spaces between words (kana, CJK, Hangul), not its
    /// punctuation: it reads as a word.
    var isWideLetter: Bool {
        guard kind == .other else { return false }
        return (firstByte == 0xE3 && secondByte >= 0x81) || (firstByte >= 0xE4 && firstByte <= 0xED)
    }
}

enum LineTokenizer {
    static func tokens(_ b: Bytes, from start: Int, to end: Int) -> [LineToken] {
        var out: [LineToken] = []
        out.reserveCapacity(16)
        var i = start
        var spaced = false
        var spaces = 0  // the spaces right before the byte at `i`
        while i < end {
            let c = b[i]
            if ASCII.isSpace(c) {
                spaced = true
                spaces += 1
                i += 1
                continue
            }
            // ` // a remark` after a record is the author's, not the logger's.
            if c == 0x2F, spaced, i + 1 < end, b[i + 1] == 0x2F, !out.isEmpty { break }
            // `viewDidLoad    ← called once`, `viewDidLoad ←ここ`: a left arrow set apart by a
            // column of spaces, or glued to a note in another script, points back at the record;
            // what follows is the author's note. `A ← B viewDidAppear` stays one line.
            if c == 0xE2, i + 2 < end, b[i + 1] == 0x86, b[i + 2] == 0x90, !out.isEmpty,
                spaces >= 2 || (i + 3 < end && b[i + 3] >= 0x80)
            {
                break
            }
            var t = LineToken(kind: .other, range: i..<(i + 1))
            // Where the next token starts, when the bytes after this one belong to it.
            var skipsTo: Int? = nil
            t.firstByte = c
            if i + 1 < end { t.secondByte = b[i + 1] }
            if c == ASCII.less, let (ref, next) = instance(b, at: i, end: end) {
                if ref.shortName.hasSuffix("Thread"), let threadEnd = threadDetailsEnd(b, at: next, end: end) {
                    t.kind = .unnamed
                    t.range = i..<threadEnd
                } else {
                    t.kind = .instance
                    t.ref = ref
                    t.range = i..<next
                }
            } else if c == ASCII.less, b.hasPrefix("<private>", at: i, end: end) {
                // `os_log("%@ viewDidAppear", self.description)` seen outside the debugger.
                t.kind = .unnamed
                t.range = i..<(i + 9)
            } else if let (cls, sel, next) = objcMethod(b, at: i, end: end) {
                t.kind = .objcMethod
                t.inner = cls
                t.second = sel
                t.range = i..<next
            } else if c == 0xE2, i + 2 < end, b[i + 1] == 0x86, b[i + 2] == 0x92 {
                t.kind = .arrow  // →
                t.range = i..<(i + 3)
            } else if let next = arrow(b, at: i, end: end) {
                t.kind = .arrow
                t.range = i..<next
            } else if let next = uuid(b, at: i, end: end) {
                t.kind = .uuid
                t.range = i..<next
            } else if c == 0x30, i + 2 < end, b[i + 1] == 0x78, ASCII.isHex(b[i + 2]) {
                var j = i + 2
                while j < end, ASCII.isHex(b[j]) { j += 1 }
                t.kind = .address
                t.range = i..<j
            } else if ASCII.isDigit(c), let next = ordinal(b, at: i, end: end) {
                t.kind = .name  // `1st`, `2nd`: a role
                t.range = i..<next
            } else if ASCII.isDigit(c), let next = bareAddress(b, at: i, end: end) {
                t.kind = .address  // `HomeViewController@7fb1c2d04a80`
                t.range = i..<next
            } else if ASCII.isDigit(c) {
                var j = i
                while j < end, ASCII.isDigit(b[j]) || b[j] == ASCII.dot && j + 1 < end && ASCII.isDigit(b[j + 1]) {
                    j += 1
                }
                // `0.003s`, `12ms`: a duration, its unit part of the number.
                if let unit = durationUnitEnd(b, at: j, end: end) { j = unit }
                t.kind = .number
                t.range = i..<j
            } else if ASCII.isLower(c) || ASCII.isUpper(c) || c == ASCII.underscore {
                var j = i
                while j < end {
                    let d = b[j]
                    if ASCII.isLower(d) || ASCII.isUpper(d) || ASCII.isDigit(d) || d == ASCII.underscore {
                        j += 1
                    } else if d == ASCII.dot, j + 1 < end,
                        ASCII.isLower(b[j + 1]) || ASCII.isUpper(b[j + 1]) || b[j + 1] == ASCII.underscore
                    {
                        j += 1
                    } else {
                        break
                    }
                }
                // `VC-1`, `vc-2`: a role with a number.
                if j + 1 < end, b[j] == ASCII.dash, ASCII.isDigit(b[j + 1]) {
                    var k = j + 1
                    while k < end, ASCII.isDigit(b[k]) { k += 1 }
                    if k == end || !ASCII.isIdentifier(b[k]) && b[k] != ASCII.dash { j = k }
                }
                // `ListViewController<Item>`: a generic type as Swift prints it is one name.
                var nameStart = i
                if j < end, b[j] == ASCII.less, ASCII.isUpper(c), let next = genericArgumentsEnd(b, at: j, end: end) {
                    // `Optional<HomeViewController>` (`type(of:)` of an optional) names its
                    // wrapped type.
                    let base = b.string(i..<j)
                    if base == "Optional" || base == "Swift.Optional" {
                        nameStart = j + 1
                        j = next - 1
                        skipsTo = next
                    } else {
                        j = next
                    }
                }
                t.kind = .name
                t.range = nameStart..<j
                // `llamó`, `Método`, `Função`: a word of a language written with accents is a
                // word, not a name, whichever part of it is ASCII.
                if let wordEnd = accentedWordEnd(b, from: i, name: j, start: start, end: end) {
                    t.kind = .other
                    t.range = i..<wordEnd
                }
                // `task2[11634:670742]`: the NSLog prefix of a record run into the line before.
                if j < end, b[j] == ASCII.lbracket,
                    let (_, next) = LogPrefix.parseProcess(b, from: i, to: end, afterDate: false)
                {
                    t.kind = .other
                    t.range = i..<next
                }
                if t.kind == .name, let dot = (i..<j).last(where: { b[$0] == ASCII.dot }),
                    ["swift", "m", "mm", "h", "kt"].contains(b.string((dot + 1)..<j))
                {
                    t.kind = .file
                    var stem = i
                    if let inner = (i..<dot).last(where: { b[$0] == ASCII.dot }) { stem = inner + 1 }
                    t.inner = stem..<dot
                }
            } else if c < 0x80 {
                t.kind = .punctuation
            } else {
                var j = i + 1
                while j < end, b[j] & 0xC0 == 0x80 { j += 1 }
                t.range = i..<j
            }
            t.spaced = spaced
            spaced = false
            spaces = 0
            out.append(t)
            i = skipsTo ?? t.range.upperBound
        }
        return out
    }

    /// `-[Class sel:]`, `+[Class sel]` or `[Class sel:more:]`: the class and the selector.
    private static func objcMethod(_ b: Bytes, at start: Int, end: Int) -> (Range<Int>, Range<Int>, Int)? {
        var i = start
        if b[i] == ASCII.dash || b[i] == ASCII.plus {
            guard i + 1 < end, b[i + 1] == ASCII.lbracket else { return nil }
            i += 1
        }
        guard b[i] == ASCII.lbracket else { return nil }
        let nameStart = i + 1
        var j = nameStart
        while j < end, ASCII.isIdentifier(b[j]) && b[j] < 0x80 || b[j] == ASCII.dot { j += 1 }
        // `-[Class(Category) sel]`
        if j < end, b[j] == ASCII.lparen, let close = b.matching(open: j, end: end) { j = close + 1 }
        let nameEnd = j
        guard nameEnd > nameStart, ASCII.isIdentifierStart(b[nameStart]), j < end, b[j] == ASCII.space else {
            return nil
        }
        j += 1
        let selStart = j
        var selEnd = j
        // `ViewWillAppear :`: a space may come before a colon.
        while j < end {
            if ASCII.isIdentifier(b[j]) && b[j] < 0x80 || b[j] == ASCII.colon {
                j += 1
                selEnd = j
            } else if b[j] == ASCII.space, b.skipSpaces(from: j, to: end) < end,
                b[b.skipSpaces(from: j, to: end)] == ASCII.colon
            {
                j = b.skipSpaces(from: j, to: end)
            } else {
                break
            }
        }
        guard selEnd > selStart, j < end, b[j] == ASCII.rbracket, ASCII.isIdentifierStart(b[selStart]) else {
            return nil
        }
        var classEnd = nameEnd
        if let paren = (nameStart..<nameEnd).first(where: { b[$0] == ASCII.lparen }) { classEnd = paren }
        return (nameStart..<classEnd, selStart..<selEnd, j + 1)
    }

    /// The instance a message names alone, with nothing else but spaces:
    /// `<Feed.TimelineViewController: 0x7fc2a884c650>`.
    static func instanceAlone(_ b: Bytes, from start: Int, to end: Int) -> ObjectRef? {
        let i = b.skipSpaces(from: start, to: end)
        guard i < end, b[i] == ASCII.less, let (ref, next) = instance(b, at: i, end: end),
            b.skipSpaces(from: next, to: end) == end
        else { return nil }
        return ref
    }

    /// `<Module.Class: 0x7f…>`, also with spaces inside: `<  A_ViewController:   0x7fa1…>`.
    private static func instance(_ b: Bytes, at i: Int, end: Int) -> (ObjectRef, Int)? {
        if let found = MessageParser.objectLiteral(b, at: i, end: end) { return found }
        let nameStart = b.skipSpaces(from: i + 1, to: end)
        let nameEnd = b.identifierEnd(from: nameStart, to: end, dots: true)
        guard nameEnd > nameStart, ASCII.isIdentifierStart(b[nameStart]) else { return nil }
        var j = b.skipSpaces(from: nameEnd, to: end)
        guard j < end, b[j] == ASCII.colon else { return nil }
        j = b.skipSpaces(from: j + 1, to: end)
        guard b.hasPrefix("0x", at: j, end: end) else { return nil }
        let addressStart = j
        j += 2
        while j < end, ASCII.isHex(b[j]) { j += 1 }
        let address = MessageParser.normalisedAddress(b, addressStart..<j)
        // As in `MessageParser.objectLiteral`, a description ends within 1 KB of its address.
        let limit = min(end, j + 1024)
        while j < limit, b[j] != ASCII.greater { j += 1 }
        guard j < limit else { return nil }
        return (ObjectRef(name: b.string(nameStart..<nameEnd), address: address), j + 1)
    }

    /// The end of the details `NSThread` prints after its instance description,
    /// `{number = 1, name = main}`, when they start at `i`: a number, a name (`main`,
    /// `(null)`, a queue's label) and the closing brace within 160 bytes, with no bracket of
    /// another kind before it. Details cut short (no `}` there) end after the number.
    static func threadDetailsEnd(_ b: Bytes, at i: Int, end: Int) -> Int? {
        guard b.hasPrefix("{number = ", at: i, end: end) else { return nil }
        var j = i + 10
        guard j < end, ASCII.isDigit(b[j]) else { return nil }
        while j < end, ASCII.isDigit(b[j]) { j += 1 }
        let number = j
        let limit = min(end, i + 160)
        while j < limit {
            switch b[j] {
            case 0x7D: return j + 1  // }
            case 0x7B, ASCII.less, ASCII.lbracket: return number  // { < [
            default: j += 1
            }
        }
        return number
    }

    /// The end of a thread's description (`<NSThread: 0x…>{number = 1, name = main}`, also
    /// `_NSMainThread` and an app's own subclass whose name ends in `Thread`) at `i`, else nil.
    /// Looked at only where a name ending in `Thread` follows the `<`, so a line of many other
    /// descriptions costs no more than reading it.
    static func threadDescriptionEnd(_ b: Bytes, at i: Int, end: Int) -> Int? {
        guard i + 1 < end, b[i] == ASCII.less else { return nil }
        let nameEnd = b.identifierEnd(from: i + 1, to: end, dots: true)
        guard nameEnd - i > 6, b.string((nameEnd - 6)..<nameEnd) == "Thread", b.hasPrefix(": 0x", at: nameEnd, end: end)
        else { return nil }
        var j = nameEnd + 4
        while j < end, ASCII.isHex(b[j]) { j += 1 }
        guard j < end, b[j] == ASCII.greater else { return nil }
        return threadDetailsEnd(b, at: j + 1, end: end)
    }

    /// The end of the generic arguments glued to a type's name at `i`, as Swift prints them:
    /// `<Item>`, `<ModifiedContent<AnyView, RootModifier>>`. Each argument is a type (a name
    /// starting with a capital or `_`, dots inside, its own arguments after it), arguments are
    /// parted by a comma and one space, and no letter follows the last `>`. Nil for anything
    /// else, so `A<B`, `<-` and `A< B>` stay apart.
    static func genericArgumentsEnd(_ b: Bytes, at i: Int, end: Int) -> Int? {
        func startsType(_ k: Int) -> Bool { k < end && (ASCII.isUpper(b[k]) || b[k] == ASCII.underscore) }
        let limit = min(end, i + 256)
        var depth = 0
        var j = i
        while j < limit {
            let c = b[j]
            if c == ASCII.less {
                depth += 1
                j += 1
                guard startsType(j) else { return nil }
            } else if c == ASCII.greater {
                depth -= 1
                j += 1
                if depth == 0 { return j < end && ASCII.isIdentifier(b[j]) && b[j] < 0x80 ? nil : j }
                guard j < end, b[j] == ASCII.greater || b[j] == 0x2C else { return nil }
            } else if c == 0x2C {  // `, `
                guard j + 1 < end, b[j + 1] == ASCII.space, startsType(j + 2) else { return nil }
                j += 2
            } else if ASCII.isIdentifier(c), c < 0x80 {
                j += 1
            } else if c == ASCII.dot, j + 1 < end, ASCII.isIdentifierStart(b[j + 1]) {
                j += 1
            } else {
                return nil
            }
        }
        return nil
    }

    /// `1st`, `2nd`, `3rd`, `4th`, and the Korean and Japanese ordinals `1번째`, `2番目`.
    private static func ordinal(_ b: Bytes, at i: Int, end: Int) -> Int? {
        var j = i
        while j < end, ASCII.isDigit(b[j]) { j += 1 }
        for counter in wideOrdinalCounters where b.hasPrefix(counter, at: j, end: end) {
            return j + counter.utf8CodeUnitCount
        }
        guard j + 2 <= end else { return nil }
        let suffix = b.string(j..<(j + 2))
        guard ["st", "nd", "rd", "th"].contains(suffix), j + 2 == end || !ASCII.isIdentifier(b[j + 2]) else {
            return nil
        }
        return j + 2
    }

    /// The counters that make a number an ordinal in Korean (`번째`) and Japanese (`番目`).
    private static let wideOrdinalCounters: [StaticString] = ["번째", "番目"]

    /// `->`, `-->`, `=>`, `>>`, `>>>`, `==>`.
    private static func arrow(_ b: Bytes, at i: Int, end: Int) -> Int? {
        var j = i
        while j < end, b[j] == ASCII.dash || b[j] == ASCII.equals { j += 1 }
        if j > i, j < end, b[j] == ASCII.greater { return j + 1 }
        if j == i, i + 1 < end, b[i] == ASCII.greater, b[i + 1] == ASCII.greater {
            j = i + 2
            while j < end, b[j] == ASCII.greater { j += 1 }
            return j
        }
        return nil
    }

    /// Whether `c` leads a two-byte letter of the Latin-1 Supplement or Latin Extended blocks
    /// (`é`, `ó`, `ç`, `ã`, `ü`, `ł`).
    @inline(__always) private static func isAccentedLead(_ c: UInt8) -> Bool { c >= 0xC3 && c <= 0xC9 }

    /// The end of the word an ASCII name from `i` to `nameEnd` is part of when an accented
    /// letter is glued to it on either side, else nil.
    private static func accentedWordEnd(_ b: Bytes, from i: Int, name nameEnd: Int, start: Int, end: Int) -> Int? {
        let after = nameEnd < end && isAccentedLead(b[nameEnd])
        let before = i - 2 >= start && isAccentedLead(b[i - 2]) && b[i - 1] & 0xC0 == 0x80
        guard after || before else { return nil }
        var j = nameEnd
        while j < end {
            if ASCII.isLower(b[j]) || ASCII.isUpper(b[j]) {
                j += 1
            } else if isAccentedLead(b[j]), j + 1 < end, b[j + 1] & 0xC0 == 0x80 {
                j += 2
            } else {
                break
            }
        }
        return j
    }

    /// The units a duration is written in right after its number: `0.003s`, `12ms`, `40µs`.
    private static let durationUnits: [StaticString] = ["ms", "us", "µs", "ns", "sec", "secs", "s"]

    /// The end of the unit glued to the number that ends at `i`, if a duration's unit is there
    /// and no letter follows it.
    private static func durationUnitEnd(_ b: Bytes, at i: Int, end: Int) -> Int? {
        for unit in durationUnits where b.hasPrefix(unit, at: i, end: end) {
            let next = i + unit.utf8CodeUnitCount
            if next == end || !ASCII.isIdentifier(b[next]) { return next }
        }
        return nil
    }

    /// A pointer written without `0x` (`7fb1c2d04a80`): eight or more hex digits starting with
    /// a digit, at least one a letter, and no ASCII letter, digit or `_` after them.
    private static func bareAddress(_ b: Bytes, at i: Int, end: Int) -> Int? {
        var j = i
        var letters = false
        while j < end, ASCII.isHex(b[j]) {
            if !ASCII.isDigit(b[j]) { letters = true }
            j += 1
        }
        guard j - i >= 8, letters, j == end || !ASCII.isIdentifier(b[j]) || b[j] >= 0x80 else { return nil }
        return j
    }

    /// A UUID: 8-4-4-4-12 hex digits.
    private static func uuid(_ b: Bytes, at i: Int, end: Int) -> Int? {
        guard i + 36 <= end else { return nil }
        for (k, dash) in [8, 13, 18, 23].enumerated() where b[i + dash] != ASCII.dash { _ = k; return nil }
        for k in 0..<36 where ![8, 13, 18, 23].contains(k) && !ASCII.isHex(b[i + k]) { return nil }
        if i + 36 < end, ASCII.isIdentifier(b[i + 36]) { return nil }
        return i + 36
    }
}
