/// The Xcode/NSLog prefix in front of a console message:
/// `2013-06-18 21:30:00.447 App[123:4567] `, `2021-02-20 16:48:20.967536+0800 App[123:4567] `,
/// `App[123:4567] `, or nothing.
struct LogPrefix {
    /// Seconds since 1970 (in the zone the line gives, UTC when none).
    var time: Double?
    /// Where the thread id is in the line.
    var threadRange: Range<Int>?
    var messageStart: Int
    /// Where the process's name and id are in the line (`App[1105`), when it has them.
    var processRange: Range<Int>? = nil
    /// Whether the process part (`App[1105:4567]`) has the bytes of the line before's.
    var processRepeated = false

    /// Where a console line's text starts: after its leading spaces (a byte order mark among
    /// them) and the quote markers of a log quoted in Markdown or an email (`> `, `> > `).
    static func lineStart(_ b: Bytes, from start: Int = 0, to end: Int) -> Int {
        var i = b.skipSpaces(from: start, to: end)
        while i < end, b[i] == ASCII.greater, i + 1 == end || ASCII.isSpace(b[i + 1]) {
            i = b.skipSpaces(from: i + 1, to: end)
        }
        return i
    }

    /// The end of the location `grep` writes before a line it found in a log file (read before
    /// the NSLog prefix, which it hides, and passed over when there is none): the file
    /// (its name ending in `.log`, `.txt`, `.out` or `.text`) and a colon, with the line number
    /// and a colon after it for `grep -n`, or a dash, the number and a dash for a line of context:
    /// `Logs/app.log:2021-02-20 …`, `app.log:1234:2021-02-20 …`, `app.log-1235-2021-02-20 …`.
    /// A number alone (`grep -n` of one file) counts only before an NSLog date:
    /// `1234:2021-02-20 16:48:20.967 App[123:4567] …`.
    static func grepLocationEnd(_ b: Bytes, from start: Int, to end: Int) -> Int? {
        var i = start
        while i < end, ASCII.isDigit(b[i]) { i += 1 }
        // A line that opens with a number (a date, a time, a count) has no file before it.
        if i > start {
            guard i - start <= 9, i < end, b[i] == ASCII.colon || b[i] == ASCII.dash, isYear(b, at: i + 1, end: end)
            else { return nil }
            return i + 1
        }
        while i < end, !ASCII.isSpace(b[i]), b[i] != ASCII.colon, b[i] != ASCII.dash || !isLogFileEnd(b, i, start) {
            i += 1
        }
        guard i < end, b[i] == ASCII.colon || b[i] == ASCII.dash, isLogFileEnd(b, i, start) else { return nil }
        let mark = b[i]
        var j = i + 1
        while j < end, ASCII.isDigit(b[j]) { j += 1 }
        if j > i + 1, j < end, b[j] == mark { return j + 1 }
        return mark == ASCII.colon ? i + 1 : nil
    }

    /// Whether the file name before `i` ends in an extension a log is saved with: `.log`,
    /// `.txt`, `.out` or `.text`, in any case.
    @inline(__always)
    private static func isLogFileEnd(_ b: Bytes, _ i: Int, _ start: Int) -> Bool {
        guard i - start > 4 else { return false }
        let (c1, c2, c3) = (b[i - 3] | 0x20, b[i - 2] | 0x20, b[i - 1] | 0x20)
        if b[i - 4] == ASCII.dot {
            return (c1 == 0x6C && c2 == 0x6F && c3 == 0x67) || (c1 == 0x74 && c2 == 0x78 && c3 == 0x74)
                || (c1 == 0x6F && c2 == 0x75 && c3 == 0x74)  // log, txt, out
        }
        return i - start > 5 && b[i - 5] == ASCII.dot && b[i - 4] | 0x20 == 0x74 && c1 == 0x65 && c2 == 0x78
            && c3 == 0x74  // text
    }

    /// Whether four digits and a dash start at `i` (the year of an NSLog date).
    private static func isYear(_ b: Bytes, at i: Int, end: Int) -> Bool {
        i + 4 < end && digits(b, i, 4, end) != nil && b[i + 4] == ASCII.dash
    }

    static func parse(_ b: Bytes, from start: Int, to end: Int) -> LogPrefix {
        var cache = PrefixCache()
        return parse(b, from: start, to: end, cache: &cache)
    }

    /// Parses a prefix; `cache` remembers the last date and minute and the last process part
    /// seen, which most lines of a log share with the line before.
    @inline(__always)
    static func parse(_ b: Bytes, from start: Int, to end: Int, cache: inout PrefixCache) -> LogPrefix {
        let prefix = parseStamp(b, from: start, to: end, cache: &cache)
        // Only a line with no prefix of its own looks for grep's location before one.
        guard prefix.time == nil, prefix.threadRange == nil, prefix.messageStart == start,
            let after = grepLocationEnd(b, from: start, to: end)
        else { return prefix }
        return parseStamp(b, from: b.skipSpaces(from: after, to: end), to: end, cache: &cache)
    }

    /// The NSLog prefix at `start`, without looking for grep's location.
    @inline(__always)
    private static func parseStamp(_ b: Bytes, from start: Int, to end: Int, cache: inout PrefixCache) -> LogPrefix {
        var prefix = LogPrefix(time: nil, threadRange: nil, messageStart: start)
        var i = start
        var dated = false
        if let (time, next) = cache.parseTimestamp(b, from: i, to: end) {
            prefix.time = time.isNaN ? nil : time
            dated = true
            i = b.skipSpaces(from: next, to: end)
            prefix.messageStart = i
        }
        if let (thread, next) = cache.parseProcess(b, from: i, to: end, afterDate: dated) {
            prefix.threadRange = thread
            prefix.processRange = i..<(thread.lowerBound - 1)
            prefix.processRepeated = cache.repeated
            prefix.messageStart = b.skipSpaces(from: next, to: end)
        }
        return prefix
    }

    /// The value of `count` ASCII digits at `i`, nil when one is not a digit or they pass `end`.
    @inline(__always) static func digits(_ b: Bytes, _ i: Int, _ count: Int, _ end: Int) -> Int? {
        guard i + count <= end else { return nil }
        var value = 0
        for k in i..<(i + count) {
            let digit = b[k] &- 0x30
            guard digit < 10 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return value
    }

    /// The last `YYYY-MM-DD HH:MM` (16 bytes) read and its seconds since 1970, the layout of
    /// the seconds after it, and the last `Name[pid:tid]` read: most lines of a log share all
    /// three with the line before.
    struct PrefixCache {
        /// Whether times are worked out; without, a timestamp is still read past, and its
        /// time is NaN.
        var readsTimes = true
        private var low: UInt64 = 0, high: UInt64 = 0
        private var seconds = -1
        private var shape = SecondsShape()
        /// The process part's bytes up to the one after `]`, with where its thread id and
        /// message start are, relative to its start.
        private var process: [UInt8] = []
        private var processAfterDate = false
        private var thread = 0..<0
        private var next = 0
        /// Whether the last process part read had the bytes of the one before.
        private(set) var repeated = false

        init(readsTimes: Bool = true) { self.readsTimes = readsTimes }

        /// `parseTimestamp`, skipping the date and minute when they are the last ones read.
        mutating func parseTimestamp(_ b: Bytes, from i: Int, to end: Int) -> (Double, Int)? {
            guard i + 19 <= end else { return nil }
            let raw = UnsafeRawBufferPointer(b)
            let low = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            let high = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
            if seconds < 0 || low != self.low || high != self.high {
                guard let minute = LogPrefix.parseMinute(b, from: i, to: end) else { return nil }
                (self.low, self.high, seconds) = (low, high, minute)
            }
            if let known = shape.read(raw, at: i + 16, end: end, minute: seconds, value: readsTimes) { return known }
            guard let part = SecondsPart.parse(b, from: i + 16, to: end, readsFraction: readsTimes) else { return nil }
            shape.learn(raw, at: i + 16, end: end, part)
            return (readsTimes ? part.value(minute: seconds) : .nan, part.end)
        }

        /// `LogPrefix.parseProcess`, reusing the last result when the same bytes come again
        /// (the parse reads nothing past the byte after `]`).
        mutating func parseProcess(_ b: Bytes, from i: Int, to end: Int, afterDate: Bool) -> (Range<Int>, Int)? {
            let n = process.count
            if n > 0, afterDate == processAfterDate, i + n <= end,
                process.withUnsafeBytes({ sameBytes($0.baseAddress!, b.baseAddress! + i, n) })
            {
                repeated = true
                return ((thread.lowerBound + i)..<(thread.upperBound + i), next + i)
            }
            repeated = false
            guard let (range, after) = LogPrefix.parseProcess(b, from: i, to: end, afterDate: afterDate) else {
                return nil
            }
            let last = range.upperBound + 1  // the byte after `]`
            if last < end {
                process = Array(UnsafeBufferPointer(rebasing: b[i...last]))
                processAfterDate = afterDate
                thread = (range.lowerBound - i)..<(range.upperBound - i)
                next = after - i
            }
            return (range, after)
        }
    }

    /// `YYYY-MM-DD HH:MM:SS[.fraction][+zzzz|+zz:zz|Z]`
    static func parseTimestamp(_ b: Bytes, from i: Int, to end: Int) -> (Double, Int)? {
        guard let minute = parseMinute(b, from: i, to: end) else { return nil }
        return parseSeconds(b, from: i + 16, to: end, minute: minute)
    }

    /// `YYYY-MM-DD HH:MM` as seconds since 1970, in the zone the line gives.
    private static func parseMinute(_ b: Bytes, from i: Int, to end: Int) -> Int? {
        guard let year = digits(b, i, 4, end), i + 19 <= end, b[i + 4] == ASCII.dash,
            let month = digits(b, i + 5, 2, end), b[i + 7] == ASCII.dash,
            let day = digits(b, i + 8, 2, end), b[i + 10] == ASCII.space || b[i + 10] == 0x54,
            let hour = digits(b, i + 11, 2, end), b[i + 13] == ASCII.colon,
            let minute = digits(b, i + 14, 2, end)
        else { return nil }
        return daysFromCivil(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
    }

    /// `:SS[.fraction][+zzzz|+zz:zz|Z]` at `i`, after a minute worth `minute` seconds.
    /// With `value` false, only reads past it (the time is NaN).
    private static func parseSeconds(_ b: Bytes, from i: Int, to end: Int, minute: Int, value: Bool = true) -> (
        Double, Int
    )? {
        guard let seconds = SecondsPart.parse(b, from: i, to: end, readsFraction: value) else { return nil }
        return (value ? seconds.value(minute: minute) : .nan, seconds.end)
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date.
    static func daysFromCivil(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// `Name[pid:tid]` followed by a space or a colon. Returns the thread id.
    static func parseProcess(_ b: Bytes, from start: Int, to end: Int, afterDate: Bool) -> (Range<Int>, Int)? {
        let limit = min(end, start + 128)
        var i = start
        while i < limit {
            let c = b[i]
            if c == ASCII.lbracket { break }
            if c == ASCII.less || c == ASCII.lparen || c == ASCII.rbracket || c == ASCII.colon { return nil }
            if c == ASCII.space && !afterDate { return nil }
            i += 1
        }
        guard i < limit, i > start, b[i] == ASCII.lbracket else { return nil }
        var j = i + 1
        let pidStart = j
        while j < end, ASCII.isDigit(b[j]) { j += 1 }
        guard j > pidStart, j < end, b[j] == ASCII.colon else { return nil }
        j += 1
        let tidStart = j
        while j < end, ASCII.isHex(b[j]) || b[j] == 0x78 { j += 1 }
        guard j > tidStart, j < end, b[j] == ASCII.rbracket else { return nil }
        let thread = tidStart..<j
        j += 1
        guard j == end || b[j] == ASCII.space || b[j] == ASCII.colon || b[j] == ASCII.tab else { return nil }
        if j < end, b[j] == ASCII.colon { j += 1 }
        return (thread, j)
    }
}
