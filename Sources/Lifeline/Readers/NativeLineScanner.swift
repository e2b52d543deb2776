/// Reads one native JSONL line straight into the event store, without building JSON values or
/// strings: each string value is interned from its bytes, and each distinct `args` or `state`
/// text is parsed once. Lines it does not expect (escapes in strings, repeated keys, numbers in
/// exponent form, a numeric thread...) are declined, and the full JSON parser reads them.
struct NativeLineScanner {
    /// `args`/`state` texts seen before → their dictionary ids in the store.
    private var valueTexts = SymbolTable()
    private var dictionaryIDs: [UInt32] = [0]
    /// Where each key's value is in the line being read; kept to spare an allocation a line.
    private var fields = [Range<Int>?](repeating: nil, count: 13)
    private var inner = [Range<Int>?](repeating: nil, count: 13)

    private enum Key: Int {
        case seq, object, event, className, address, time, thread, args, state, note, source, file, line
    }

    /// The row for `line`, or nil to let the full parser read it.
    mutating func row(_ b: Bytes, events: inout EventList) -> EventRow? {
        for k in fields.indices { fields[k] = nil }
        var i = b.skipSpaces(from: 0, to: b.count)
        guard NativeLineScanner.scanObject(b, &i, into: &fields, nested: false) else { return nil }
        guard b.skipSpaces(from: i, to: b.count) == b.count else { return nil }
        guard let seq = fields[Key.seq.rawValue], isInteger(b, seq),
            let object = fields[Key.object.rawValue], let event = fields[Key.event.rawValue]
        else { return nil }
        var time = Double.nan
        if let t = fields[Key.time.rawValue] {
            guard let parsed = NativeLineScanner.decimal(b, t) else { return nil }
            time = parsed
        }
        var line = 0
        var file: SymbolTable.ID = 0
        if let source = fields[Key.source.rawValue] {
            for k in inner.indices { inner[k] = nil }
            var j = source.lowerBound
            guard NativeLineScanner.scanObject(b, &j, into: &inner, nested: true), let f = inner[Key.file.rawValue],
                let l = inner[Key.line.rawValue], isInteger(b, l), l.count < 10, b[l.lowerBound] != ASCII.dash
            else { return nil }
            file = events.symbol(bytes: text(b, f))
            line = l.reduce(0) { $0 * 10 + Int(b[$1] &- 0x30) }
            guard line > 0 else { return nil }
        }
        guard let args = dictionary(b, fields[Key.args.rawValue], &events),
            let state = dictionary(b, fields[Key.state.rawValue], &events)
        else { return nil }
        let detail = EventDetail(
            className: symbol(b, fields[Key.className.rawValue], &events),
            address: symbol(b, fields[Key.address.rawValue], &events),
            thread: symbol(b, fields[Key.thread.rawValue], &events), file: file)
        let extras = EventExtras(args: args, state: state, note: symbol(b, fields[Key.note.rawValue], &events))
        return EventRow(
            time: time, seq: 0, object: events.symbol(bytes: text(b, object)),
            event: events.eventSymbol(bytes: text(b, event)),
            detail: detail == EventDetail() ? 0 : events.detailID(detail),
            extras: extras == EventExtras() ? 0 : events.extrasID(extras), line: UInt32(clamping: line))
    }

    // MARK: Scanning

    /// Reads `{"key": value, ...}` from `i`, noting where each known key's value is (inside the
    /// quotes for strings). Unknown keys are skipped; a repeated key declines the line.
    private static func scanObject(_ b: Bytes, _ i: inout Int, into fields: inout [Range<Int>?], nested: Bool) -> Bool {
        guard i < b.count, b[i] == 0x7B else { return false }
        i = b.skipSpaces(from: i + 1, to: b.count)
        if i < b.count, b[i] == 0x7D {
            i += 1
            return true
        }
        while true {
            let key: Key?
            if let known = knownKey(b, &i, nested: nested) {
                // The usual `"key":`, matched in one or two compares.
                key = known
                i = b.skipSpaces(from: i, to: b.count)
            } else {
                guard let keyRange = stringBody(b, &i) else { return false }
                i = b.skipSpaces(from: i, to: b.count)
                guard i < b.count, b[i] == ASCII.colon else { return false }
                i = b.skipSpaces(from: i + 1, to: b.count)
                key = NativeLineScanner.key(b, keyRange, nested: nested)
            }
            guard i < b.count else { return false }
            let value: Range<Int>
            let isString = b[i] == ASCII.quote, isObject = b[i] == 0x7B
            if isString {
                guard let body = stringBody(b, &i) else { return false }
                value = body
            } else if isObject {
                guard let end = objectEnd(b, from: i) else { return false }
                value = i..<end
                i = end
            } else {
                let start = i
                while i < b.count, b[i] != ASCII.comma, b[i] != 0x7D, !ASCII.isSpace(b[i]) { i += 1 }
                guard i > start else { return false }
                value = start..<i
            }
            if let key {
                // Strings must be strings and objects objects; anything else is the full parser's.
                switch key {
                case .object, .event, .className, .address, .thread, .note, .file: guard isString else { return false }
                case .args, .state, .source: guard isObject else { return false }
                case .seq, .time, .line: guard !isString, !isObject else { return false }
                }
                guard fields[key.rawValue] == nil else { return false }
                fields[key.rawValue] = value
            }
            i = b.skipSpaces(from: i, to: b.count)
            guard i < b.count else { return false }
            if b[i] == ASCII.comma {
                i = b.skipSpaces(from: i + 1, to: b.count)
                continue
            }
            guard b[i] == 0x7D else { return false }
            i += 1
            return true
        }
    }

    /// The bytes between the quotes of a string with no escapes or control characters; `i`
    /// moves past the closing quote.
    private static func stringBody(_ b: Bytes, _ i: inout Int) -> Range<Int>? {
        guard i < b.count, b[i] == ASCII.quote else { return nil }
        let start = i + 1
        var j = start
        // Eight bytes at a time while none of them is a quote, a backslash or a control.
        let raw = UnsafeRawBufferPointer(b)
        while j + 8 <= b.count {
            let found = NativeLineScanner.specialBytes(raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
            if found != 0 {
                // The lowest flagged byte is exact: step straight to it.
                j += found.trailingZeroBitCount >> 3
                break
            }
            j += 8
        }
        while j < b.count {
            let c = b[j]
            if c == ASCII.quote { break }
            if c == 0x5C || c < 0x20 { return nil }
            j += 1
        }
        guard j < b.count else { return nil }
        i = j + 1
        return start..<j
    }

    /// The high bit set in each of eight bytes (little-endian) that may be `"`, `\\` or below
    /// 0x20: zero when none is, and the lowest set bit always marks a real one.
    @inline(__always) private static func specialBytes(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
        func hasZero(_ x: UInt64) -> UInt64 { (x &- ones) & ~x & highs }
        let quote = hasZero(word ^ (ones &* 0x22))
        let backslash = hasZero(word ^ (ones &* 0x5C))
        let control = (word &- ones &* 0x20) & ~word & highs
        return quote | backslash | control
    }

    /// The index after the `}` that closes the object at `start`.
    private static func objectEnd(_ b: Bytes, from start: Int) -> Int? {
        var depth = 0
        var j = start
        while j < b.count {
            switch b[j] {
            case 0x7B: depth += 1
            case 0x7D:
                depth -= 1
                if depth == 0 { return j + 1 }
            case ASCII.quote:
                j += 1
                let raw = UnsafeRawBufferPointer(b)
                while j < b.count, b[j] != ASCII.quote {
                    if b[j] == 0x5C {
                        j += 2
                        continue
                    }
                    // Plain text: eight bytes at a time up to the next quote, backslash or control.
                    if j + 8 <= b.count {
                        let found = NativeLineScanner.specialBytes(
                            raw.loadUnaligned(fromByteOffset: j, as: UInt64.self))
                        j += found == 0 ? 8 : found.trailingZeroBitCount >> 3
                        if found != 0, b[j] < 0x20 { j += 1 }
                        continue
                    }
                    j += 1
                }
            default: break
            }
            j += 1
        }
        return nil
    }

    /// `"key":` at `i` for a known key written without spaces, read as two words; `i` moves
    /// past the colon. Nil (and `i` unmoved) for anything else.
    @inline(__always) private static func knownKey(_ b: Bytes, _ i: inout Int, nested: Bool) -> Key? {
        guard i + 16 <= b.count else { return nil }
        let raw = UnsafeRawBufferPointer(b)
        let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
        for (pattern, length, key) in nested ? nestedKeyPatterns : keyPatterns {
            let mask: UInt64 = length >= 8 ? ~0 : (1 << UInt64(length * 8)) - 1
            guard word & mask == pattern.0 else { continue }
            if length > 8 {
                let rest = raw.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self)
                guard rest & ((1 << UInt64((length - 8) * 8)) - 1) == pattern.1 else { continue }
            }
            i += length
            return key
        }
        return nil
    }

    /// `"seq":` and the other keys as little-endian words and their lengths.
    private static let keyPatterns: [((UInt64, UInt64), Int, Key)] = [
        ("seq", Key.seq), ("object", .object), ("event", .event), ("class", .className), ("address", .address),
        ("time", .time), ("thread", .thread), ("args", .args), ("state", .state), ("note", .note), ("source", .source),
    ].map { pattern($0.0, $0.1) }
    private static let nestedKeyPatterns: [((UInt64, UInt64), Int, Key)] = [("file", Key.file), ("line", .line)].map {
        pattern($0.0, $0.1)
    }

    private static func pattern(_ name: String, _ key: Key) -> ((UInt64, UInt64), Int, Key) {
        let bytes = Array("\"\(name)\":".utf8)
        var words: (UInt64, UInt64) = (0, 0)
        for (k, byte) in bytes.enumerated() {
            if k < 8 {
                words.0 |= UInt64(byte) << UInt64(k * 8)
            } else {
                words.1 |= UInt64(byte) << UInt64((k - 8) * 8)
            }
        }
        return (words, bytes.count, key)
    }

    private static func key(_ b: Bytes, _ r: Range<Int>, nested: Bool) -> Key? {
        func equals(_ word: StaticString) -> Bool {
            r.count == word.utf8CodeUnitCount && memcmp(b.baseAddress! + r.lowerBound, word.utf8Start, r.count) == 0
        }
        guard !r.isEmpty else { return nil }
        if nested { return equals("file") ? .file : equals("line") ? .line : nil }
        switch b[r.lowerBound] {
        case 0x73: return equals("seq") ? .seq : equals("state") ? .state : equals("source") ? .source : nil
        case 0x6F: return equals("object") ? .object : nil
        case 0x65: return equals("event") ? .event : nil
        case 0x63: return equals("class") ? .className : nil
        case 0x61: return equals("address") ? .address : equals("args") ? .args : nil
        case 0x74: return equals("time") ? .time : equals("thread") ? .thread : nil
        case 0x6E: return equals("note") ? .note : nil
        default: return nil
        }
    }

    // MARK: Values

    private func text(_ b: Bytes, _ r: Range<Int>) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(b)[r])
    }

    private func symbol(_ b: Bytes, _ r: Range<Int>?, _ events: inout EventList) -> SymbolTable.ID {
        guard let r else { return 0 }
        return events.symbol(bytes: text(b, r))
    }

    private func isInteger(_ b: Bytes, _ r: Range<Int>) -> Bool {
        var j = r.lowerBound
        if j < r.upperBound, b[j] == ASCII.dash { j += 1 }
        guard j < r.upperBound, r.upperBound - j <= 18 else { return false }
        while j < r.upperBound {
            guard ASCII.isDigit(b[j]) else { return false }
            j += 1
        }
        return true
    }

    /// `-?digits(.digits)?` with at most 18 digits, as the nearest Double (what a full parser
    /// gives: both parts are exact, and one division rounds once).
    static func decimal(_ b: Bytes, _ r: Range<Int>) -> Double? {
        var j = r.lowerBound
        let negative = j < r.upperBound && b[j] == ASCII.dash
        if negative { j += 1 }
        var units: Int64 = 0
        var digits = 0, fraction = 0
        var seenDot = false
        guard j < r.upperBound, ASCII.isDigit(b[j]) else { return nil }
        while j < r.upperBound {
            let c = b[j]
            if ASCII.isDigit(c) {
                digits += 1
                guard digits <= 15 else { return nil }
                units = units * 10 + Int64(c - 0x30)
                if seenDot { fraction += 1 }
            } else if c == ASCII.dot, !seenDot, j + 1 < r.upperBound {
                seenDot = true
            } else {
                return nil
            }
            j += 1
        }
        let value = Double(units) / Decimal10.powers[fraction]
        return negative ? -value : value
    }

    /// The dictionary id of an `args` or `state` object text, parsed once per distinct text;
    /// nil when it is not an object of scalars.
    private mutating func dictionary(_ b: Bytes, _ r: Range<Int>?, _ events: inout EventList) -> UInt32? {
        guard let r else { return 0 }
        let key = valueTexts.id(text(b, r))
        if Int(key) < dictionaryIDs.count { return dictionaryIDs[Int(key)] }
        guard let value = try? JSONParser.parse(UnsafeBufferPointer(rebasing: b[r])),
            let scalars = try? NativeJSONLinesReader.scalars(value, "args")
        else {
            valueTexts = SymbolTable()
            dictionaryIDs = [0]
            return nil
        }
        let id = events.dictionaryID(scalars)
        dictionaryIDs.append(id)
        return id
    }
}

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
