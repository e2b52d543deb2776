import Foundation

/// Any other line format, described by a regular expression with named groups: `object` and
/// `event` (required), and optionally `time`, `thread` and `class`. Lines that do not match
/// are reported, as with every reader.
public struct PatternReader: TraceReader {
    public var options: ReadOptions
    private let regex: NSRegularExpression
    private let groups: Set<String>

    public init(pattern: String, options: ReadOptions) throws {
        self.options = options
        do {
            regex = try NSRegularExpression(pattern: pattern)
        } catch {
            throw InputError("--pattern: not a valid regular expression: \(pattern)")
        }
        let names = ["object", "event", "time", "thread", "class"].filter { pattern.contains("(?<\($0)>") }
        groups = Set(names)
        guard groups.contains("event"), groups.contains("object") || groups.contains("class") else {
            throw InputError("--pattern needs named groups (?<object>...) and (?<event>...)")
        }
    }

    public func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else { return }
            let text = line.string(0..<line.trimTrailingSpaces(from: 0, to: line.count))
            guard !text.isEmpty else { return }
            let range = NSRange(text.startIndex..., in: text)
            guard let match = regex.firstMatch(in: text, range: range) else {
                builder.warn("unparsed-line", "does not match --pattern: \(String(text.prefix(80)).debugDescription)", line: number)
                return
            }
            func group(_ name: String) -> String? {
                guard groups.contains(name) else { return nil }
                let r = match.range(withName: name)
                guard r.location != NSNotFound, let swiftRange = Range(r, in: text) else { return nil }
                return String(text[swiftRange])
            }
            guard let event = group("event"), !event.isEmpty else {
                builder.warn("unparsed-line", "--pattern matched but captured no event", line: number)
                return
            }
            var object: ObjectRef? = nil
            if let raw = group("object") {
                let bytes = Array(raw.utf8)
                object = bytes.withUnsafeBufferPointer { MessageParser.objectLiteral($0, at: 0, end: $0.count)?.0 }
                    ?? ObjectRef(name: raw)
            }
            if let cls = group("class") {
                let address = object.flatMap { $0.name.hasPrefix("0x") ? $0.name : $0.address }
                object = ObjectRef(name: cls, address: address)
            }
            var call = RawCall(object: object, method: event, thread: group("thread"))
            if let t = group("time") {
                call.time = Double(t) ?? Array(t.utf8).withUnsafeBufferPointer { LogPrefix.parseTimestamp($0, from: 0, to: $0.count)?.0 }
            }
            builder.add(call, line: number)
        }
    }
}
