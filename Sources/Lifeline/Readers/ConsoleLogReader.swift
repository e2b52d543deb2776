/// Free-form console logs: Xcode/NSLog prefixes of both eras or none, and every message shape
/// `MessageParser` knows. Streams line by line over bytes.
public struct ConsoleLogReader: TraceReader {
    public var options: ReadOptions
    public init(options: ReadOptions) { self.options = options }

    public func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else { return }
            ConsoleLogReader.readLine(line, number: number, into: &builder)
        }
    }

    static func readLine(_ line: Bytes, number: Int, into builder: inout TraceBuilder) {
        var start = 0
        if line.count >= 3, line[0] == 0xEF, line[1] == 0xBB, line[2] == 0xBF { start = 3 }  // BOM
        start = line.skipSpaces(from: start, to: line.count)
        let prefix = LogPrefix.parse(line, from: start, to: line.count)
        readMessage(line, from: prefix.messageStart, to: line.count, time: prefix.time, thread: prefix.thread, number: number, into: &builder)
    }

    static func readMessage(_ b: Bytes, from start: Int, to end: Int, time: Double?, thread: String?, number: Int, into builder: inout TraceBuilder) {
        switch MessageParser.parse(b, from: start, to: end) {
        case .call(var call):
            call.time = time
            call.thread = thread
            builder.add(call, line: number)
        case .uikitWarning(let text):
            builder.uikitWarning(text, line: number)
        case .ignorable:
            break
        case .unparsed:
            let text = b.string(start..<min(end, start + 80))
            builder.warn("unparsed-line", "not a lifecycle call: \(text.debugDescription)", line: number)
        }
    }
}
