/// Apple unified logging: `log show --style ndjson` / `log stream --style ndjson` (one object a
/// line) and `log show --style json` (one array). The message is `eventMessage`, the time
/// `timestamp`, the thread `threadID`.
package struct UnifiedLogReader: TraceReader {
    package enum Style: Sendable { case ndjson, jsonArray }
    package var style: Style
    package var options: ReadOptions

    package init(style: Style, options: ReadOptions) {
        self.style = style
        self.options = options
    }

    package func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        switch style {
        case .ndjson: try readLines(input, into: &builder)
        case .jsonArray: try readArray(input, into: &builder)
        }
    }

    private func readLines(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        var memo = MessageMemo()
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else {
                return
            }
            let end = line.trimTrailingSpaces(from: 0, to: line.count)
            let start = line.skipSpaces(from: 0, to: end)
            guard start < end else { return }
            // `log stream --style ndjson` prints a header line before its entries.
            if line[start] != 0x7B, LineFurniture.isToolHeader(line, from: start, to: end) { return }
            do {
                let entry = try JSONParser.parse(UnsafeBufferPointer(rebasing: line[0..<end]))
                UnifiedLogReader.readEntry(entry, number: number, memo: &memo, into: &builder)
            } catch {
                builder.warn("invalid-json", "not a log entry: \(error)", line: number)
            }
        }
    }

    private func readArray(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        let all = try input.readAll()
        var memo = MessageMemo()
        all.withUnsafeBufferPointer { b in
            var parser = JSONParser(b: b, i: 0, end: b.count)
            var line = 1
            var counted = 0
            func lineAt(_ offset: Int) -> Int {
                while counted < offset {
                    if b[counted] == ASCII.lf { line += 1 }
                    counted += 1
                }
                return line
            }
            parser.skipWhitespace()
            if parser.i + 3 <= b.count, b[parser.i] == 0xEF { parser.i += 3 }
            guard parser.i < b.count, b[parser.i] == ASCII.lbracket else {
                builder.warn(
                    "invalid-json", "expected a JSON array from `log show --style json`", line: lineAt(parser.i))
                return
            }
            parser.i += 1
            while true {
                parser.skipWhitespace()
                guard parser.i < b.count else {
                    builder.warn(
                        "truncated-json", "the JSON array ends early; entries before this point were read",
                        line: lineAt(parser.i))
                    return
                }
                if b[parser.i] == ASCII.rbracket { return }
                let number = lineAt(parser.i)
                do {
                    let entry = try parser.value(depth: 1)
                    UnifiedLogReader.readEntry(entry, number: number, memo: &memo, into: &builder)
                } catch {
                    builder.warn(
                        "invalid-json", "unreadable log entry: \(error); the rest of the array is skipped",
                        line: lineAt(min(parser.i, b.count)))
                    return
                }
                parser.skipWhitespace()
                if parser.i < b.count, b[parser.i] == ASCII.comma { parser.i += 1 }
            }
        }
    }

    static func readEntry(_ entry: JSONValue, number: Int, memo: inout MessageMemo, into builder: inout TraceBuilder) {
        var time: Double? = nil
        let message: String
        if let logged = entry["eventMessage"]?.string {
            message = logged
            if readNativeMessage(message, number: number, into: &builder) { return }
            if let stamp = entry["timestamp"]?.string { time = timestamp(stamp) }
        } else if let record = appRecord(entry) {
            (message, time) = record
        } else {
            builder.warn("invalid-json", "log entry has no \"eventMessage\"", line: number)
            return
        }
        var thread = entry["threadID"]?.number.map { String(Int(clamping: $0)) } ?? entry["threadID"]?.string
        var bytes = Array(message.utf8)
        // A multi-line message is read as its first line.
        if let nl = bytes.firstIndex(of: ASCII.lf) { bytes.removeSubrange(nl...) }
        bytes.withUnsafeBufferPointer { message in
            func read(_ thread: UnsafeRawBufferPointer?) {
                memo.read(
                    message, from: 0, to: message.count, time: time, thread: thread, number: number, into: &builder)
            }
            if thread == nil { read(nil) } else { thread!.withUTF8 { read(UnsafeRawBufferPointer($0)) } }
        }
    }

    private static func timestamp(_ stamp: String) -> Double? {
        let bytes = Array(stamp.utf8)
        return bytes.withUnsafeBufferPointer { LogPrefix.parseTimestamp($0, from: 0, to: $0.count)?.0 }
    }

    /// Keys only Apple's unified log writes: an entry with one of them is a log entry, even
    /// without a message.
    private static let unifiedLogKeys: Set<String> = [
        "eventType", "subsystem", "processImagePath", "senderImagePath", "machTimestamp", "formatString",
        "traceID", "activityIdentifier",
    ]

    /// An app's own JSON record (`{"screen": "Home", "event": "viewDidLoad"}`): its text values
    /// in order, read as one message (`Home viewDidLoad`), and its time from a value that is a
    /// timestamp. Nil for a unified log entry or an object with no text values.
    static func appRecord(_ entry: JSONValue) -> (message: String, time: Double?)? {
        guard case .object(let members) = entry, !members.contains(where: { unifiedLogKeys.contains($0.0) })
        else { return nil }
        var words: [String] = []
        var time: Double? = nil
        for (_, value) in members {
            guard let text = value.string, !text.isEmpty, !text.contains("\n") else { continue }
            if time == nil, let stamp = timestamp(text) {
                time = stamp
                continue
            }
            words.append(text)
        }
        return words.isEmpty ? nil : (words.joined(separator: " "), time)
    }
}
