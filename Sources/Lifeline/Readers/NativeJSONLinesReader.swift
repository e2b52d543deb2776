/// The native format (JSON Lines v1). Each line is one event; `seq`, `object` and `event`
/// are required.
public struct NativeJSONLinesReader: TraceReader {
    public var options: ReadOptions
    public init(options: ReadOptions) { self.options = options }

    public func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        var lines = 0
        try read(input, into: &builder, lineCount: &lines)
    }

    /// Reads every line, and tells how many lines there were.
    func read(_ input: ByteInput, into builder: inout TraceBuilder, lineCount: inout Int) throws {
        var scanner = NativeLineScanner()
        var memo = NativeLineMemo()
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            lineCount = number
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else { return }
            if builder.addRow({ memo.row(line, events: &$0, scanner: &scanner) }) { return }
            let end = line.trimTrailingSpaces(from: 0, to: line.count)
            guard line.skipSpaces(from: 0, to: end) < end else { return }
            do {
                let value = try JSONParser.parse(UnsafeBufferPointer(rebasing: line[0..<end]))
                builder.add(resolved: try NativeJSONLinesReader.event(from: value))
            } catch {
                builder.warn("invalid-jsonl", "not a native event: \(error)", line: number)
            }
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
