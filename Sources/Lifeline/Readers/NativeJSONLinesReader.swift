#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The native format (JSON Lines v1). Each line is one event; `seq`, `object` and `event`
/// are required.
package struct NativeJSONLinesReader: TraceReader {
    package var options: ReadOptions
    package init(options: ReadOptions) { self.options = options }

    package func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        var lines = 0
        try read(input, into: &builder, lineCount: &lines)
    }

    /// Reads every line, and tells how many lines there were.
    func read(_ input: ByteInput, into builder: inout TraceBuilder, lineCount: inout Int) throws {
        var scanner = NativeLineScanner()
        var memo = NativeLineMemo()
        var order = SeqOrder()
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            lineCount = number
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else {
                return
            }
            order.check(line, number: number, builder: &builder)
            if builder.addRow({ memo.row(line, events: &$0, scanner: &scanner) }) { return }
            let end = line.trimTrailingSpaces(from: 0, to: line.count)
            guard line.skipSpaces(from: 0, to: end) < end else { return }
            do {
                let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: line[0..<end]))
                NativeJSONLinesReader.add(value, line: number, into: &builder)
            } catch {
                builder.warn("invalid-jsonl", "not a native event: \(error)", line: number)
            }
        }
    }

    /// Adds the native event a parsed JSON object holds, or warns why it is not one. A time that
    /// is not a finite number is dropped with a warning; the call is kept.
    static func add(_ value: JSONValue, line number: Int, into builder: inout TraceBuilder) {
        do {
            var event = try NativeJSONLinesReader.event(from: value)
            if let time = event.time, !time.isFinite {
                builder.warn(
                    "invalid-time", "\"time\" is not a finite number; the call is kept without a time", line: number)
                event.time = nil
            }
            builder.add(resolved: event)
        } catch {
            builder.warn("invalid-jsonl", "not a native event: \(error)", line: number)
        }
    }

    struct FieldError: Error, CustomStringConvertible { var description: String }

    static func event(from value: JSONValue) throws -> TraceEvent {
        guard case .object = value else { throw FieldError(description: "a line must be a JSON object") }
        guard case .int(let seq)? = value["seq"] else { throw FieldError(description: "missing integer \"seq\"") }
        guard let object = value["object"]?.string else { throw FieldError(description: "missing string \"object\"") }
        guard let event = value["event"]?.string else { throw FieldError(description: "missing string \"event\"") }
        var e = TraceEvent(seq: seq, object: object, event: event)
        e.className = value["class"]?.string
        e.address = value["address"]?.string
        e.time = value["time"]?.number
        e.thread = value["thread"]?.string ?? value["thread"]?.number.map { NumberFormat.decimal($0) }
        e.args = try scalars(value["args"], "args")
        e.state = try scalars(value["state"], "state")
        e.note = value["note"]?.string
        if let source = value["source"], let file = source["file"]?.string, case .int(let line)? = source["line"] {
            e.source = TraceLocation(file: file, line: line)
        }
        return e
    }

    static func scalars(_ value: JSONValue?, _ name: String) throws -> [String: ArgValue] {
        guard let value else { return [:] }
        guard case .object(let members) = value else { throw FieldError(description: "\"\(name)\" must be an object") }
        var out: [String: ArgValue] = [:]
        for (key, v) in members {
            switch v {
            case .string(let s): out[key] = .string(s)
            case .int(let i): out[key] = .int(i)
            case .double(let d): out[key] = .double(d)
            case .bool(let b): out[key] = .bool(b)
            case .null: out[key] = .null
            default: throw FieldError(description: "\"\(name).\(key)\" must be a scalar")
            }
        }
        return out
    }
}

/// Notices the first `seq` that does not follow the one before it (a repeat, a step back, a
/// negative number). Calls are always numbered in file order, so such a file is read in file
/// order; the warning says so once, naming the line.
struct SeqOrder {
    private var last: Int? = nil
    private var warned = false

    mutating func check(_ b: Bytes, number: Int, builder: inout TraceBuilder) {
        guard !warned, let seq = SeqOrder.leadingSeq(b) else { return }
        defer { last = seq }
        guard let last, seq <= last else {
            if last == nil && seq < 0 { warn(seq, after: nil, number, &builder) }
            return
        }
        warn(seq, after: last, number, &builder)
    }

    private mutating func warn(_ seq: Int, after last: Int?, _ number: Int, _ builder: inout TraceBuilder) {
        warned = true
        let what = last.map { "seq \(seq) does not follow seq \($0)" } ?? "seq \(seq) is negative"
        builder.warn("seq-order", "\(what); calls are numbered in file order (said once per file)", line: number)
    }

    /// The integer after the first `"seq":` of a line (at its start in files Lifeline
    /// writes), or nil.
    static func leadingSeq(_ b: Bytes) -> Int? {
        let key: StaticString = #""seq":"#
        let k = key.utf8CodeUnitCount
        guard let base = b.baseAddress, b.count > k else { return nil }
        var at = 0
        while memcmp(base + at, key.utf8Start, k) != 0 {
            at += 1
            guard at + k < b.count else { return nil }
        }
        var i = b.skipSpaces(from: at + k, to: b.count)
        let negative = i < b.count && b[i] == ASCII.dash
        if negative { i += 1 }
        var value = 0
        let start = i
        while i < b.count, ASCII.isDigit(b[i]), i - start < 18 {
            value = value * 10 + Int(b[i] &- 0x30)
            i += 1
        }
        guard i > start else { return nil }
        return negative ? -value : value
    }
}
