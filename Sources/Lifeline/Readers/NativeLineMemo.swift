#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads native lines that differ from an earlier line only in their numbers (`seq`, `time`
/// and the source `line`), as most lines of a long trace do: the rest of the line, cut around
/// those three numbers, is looked up, and a line seen before costs a search, a hash and a
/// compare instead of a parse. New shapes go to `NativeLineScanner`, which also decides every
/// field; the memo only reuses what it decided.
struct NativeLineMemo {
    private var keys = RepeatedKeys()
    private var rows: [EventRow?] = [nil]
    private var scratch: [UInt8] = []
    private let limit = 1 << 16
    /// The last `,"source":{"file":"NAME",` found before a source line: the next line most
    /// likely ends the same way, which one compare then confirms.
    private var lastSource: [UInt8] = []

    mutating func row(_ b: Bytes, events: inout EventList, scanner: inout NativeLineScanner) -> EventRow? {
        guard let cut = cut(b) else { return scanner.row(b, events: &events) }
        // The line without its numbers, copied into a buffer kept at least a line long.
        if scratch.count < b.count { scratch = [UInt8](repeating: 0, count: 2 * b.count) }
        let id = scratch.withUnsafeMutableBufferPointer { buffer -> SymbolTable.ID in
            let line = UnsafeRawBufferPointer(b)
            var w = ByteWriter(buffer.baseAddress!)
            var start = cut.seq.upperBound
            // (No array of the two numbers: one made per line measured costly.)
            if let time = cut.time {
                w.put(line, start..<time.lowerBound)
                start = time.upperBound
            }
            if let number = cut.line {
                w.put(line, start..<number.lowerBound)
                start = number.upperBound
            }
            w.put(line, start..<b.count)
            return keys.id(UnsafeRawBufferPointer(w.bytes))
        }
        if Int(id) == rows.count {
            // A new shape: the scanner reads the whole line.
            let row = scanner.row(b, events: &events)
            rows.append(row)
            if rows.count > limit {
                keys = RepeatedKeys()
                rows = [nil]
            }
            return row
        }
        // A number that was not cut out is part of the key, so the remembered row has it.
        guard var row = rows[Int(id)] else { return scanner.row(b, events: &events) }
        if let time = cut.time {
            guard let value = NativeLineScanner.decimal(b, time) else { return scanner.row(b, events: &events) }
            row.time = value
        }
        if let line = cut.line {
            let value = line.reduce(0) { $0 * 10 + Int(b[$1] &- 0x30) }
            guard value > 0 else { return scanner.row(b, events: &events) }
            row.line = UInt32(value)
        }
        return row
    }

    /// Where the three numbers are: `{"seq":N` at the start, `,"time":T` at the top level, and
    /// `"line":L}}` at the end. Nil for lines of another shape, or with a backslash anywhere.
    private mutating func cut(_ b: Bytes) -> (seq: Range<Int>, time: Range<Int>?, line: Range<Int>?)? {
        guard let base = b.baseAddress, b.count > 16, memchr(base, 0x5C, b.count) == nil else { return nil }
        let seqKey: StaticString = #"{"seq":"#
        guard memcmp(base, seqKey.utf8Start, seqKey.utf8CodeUnitCount) == 0 else { return nil }
        var i = seqKey.utf8CodeUnitCount
        while i < b.count, ASCII.isDigit(b[i]) { i += 1 }
        guard i > seqKey.utf8CodeUnitCount, i < b.count, b[i] == ASCII.comma else { return nil }
        let seq = seqKey.utf8CodeUnitCount..<i
        // The source line, anchored at the end: `"line":123}}`.
        var line: Range<Int>? = nil
        var end = b.count
        if b[end - 1] == 0x7D, b[end - 2] == 0x7D {
            var j = end - 2
            while j > i, ASCII.isDigit(b[j - 1]) { j -= 1 }
            let lineKey: StaticString = #""line":"#
            let n = lineKey.utf8CodeUnitCount
            if j < end - 2, end - 2 - j < 10, j - n > i, memcmp(base + j - n, lineKey.utf8Start, n) == 0,
                isSource(b, endingAt: j - n, after: i)
            {
                line = j..<(end - 2)
                end = j - n
            }
        }
        // The time, only where it is a key of the line itself: before any nested object. (With
        // no backslash in the line, no string can hold the quotes of `,"time":`.)
        var time: Range<Int>? = nil
        let timeKey: StaticString = #","time":"#
        if let at = NativeLineMemo.find8(b, timeKey, from: i, to: end), memchr(base + 1, 0x7B, at - 1) == nil {
            let from = at + timeKey.utf8CodeUnitCount
            var k = from
            while k < end, b[k] != ASCII.comma, b[k] != 0x7D { k += 1 }
            guard k > from else { return nil }
            time = from..<k
        }
        return (seq, time, line)
    }

    /// Whether `b[..<end]` ends with the top-level `,"source":{"file":"NAME",` (a name with no
    /// quote or brace), so the `"line":` after it is the source line, not an argument's. The
    /// last one found is kept: a line that ends with the same bytes (after `from`) needs one
    /// compare.
    private mutating func isSource(_ b: Bytes, endingAt end: Int, after from: Int) -> Bool {
        let n = lastSource.count
        if n > 0, end - n >= from,
            lastSource.withUnsafeBytes({ memcmp(b.baseAddress! + end - n, $0.baseAddress!, n) }) == 0
        {
            return true
        }
        guard let start = NativeLineMemo.sourceStart(b, endingAt: end), start >= from else { return false }
        lastSource = Array(b[start..<end])
        return true
    }

    /// Where `,"source":{"file":"NAME",` starts when `b[..<end]` ends with it (a name with no
    /// quote or brace).
    private static func sourceStart(_ b: Bytes, endingAt end: Int) -> Int? {
        guard end >= 2, b[end - 1] == ASCII.comma, b[end - 2] == ASCII.quote else { return nil }
        var p = end - 3
        while p >= 0, b[p] != ASCII.quote, b[p] != 0x7B, b[p] != 0x7D { p -= 1 }
        let key: StaticString = #","source":{"file":""#
        let n = key.utf8CodeUnitCount
        guard p + 1 >= n, b[p] == ASCII.quote, memcmp(b.baseAddress! + p + 1 - n, key.utf8Start, n) == 0 else {
            return nil
        }
        return p + 1 - n
    }

    /// The first place of the eight bytes `word` in `b[from..<to]`: each comma is tried with one
    /// compare of eight bytes.
    private static func find8(_ b: Bytes, _ word: StaticString, from: Int, to end: Int) -> Int? {
        let raw = UnsafeRawBufferPointer(b)
        let pattern = UnsafeRawPointer(word.utf8Start).loadUnaligned(as: UInt64.self)
        let first = word.utf8Start.pointee
        var j = from
        while j + 8 <= end, let hit = memchr(b.baseAddress! + j, Int32(first), end - 7 - j) {
            let at = b.baseAddress!.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if raw.loadUnaligned(fromByteOffset: at, as: UInt64.self) == pattern { return at }
            j = at + 1
        }
        return nil
    }
}
