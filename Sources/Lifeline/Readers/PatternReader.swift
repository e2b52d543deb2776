import Foundation

/// Any other line format, described by a regular expression with named groups: `object` and
/// `event` (required), and optionally `time`, `thread` and `class`. Lines that do not match
/// are reported, as with every reader.
///
/// Matching is bounded: a line that takes the expression longer than `lineBudget` (as a
/// nested repeat like `(a+)+` can, on a line it almost matches) is skipped with a warning,
/// and after `slowLineLimit` such lines the reading stops with an error. So does a pattern
/// slow on every line though under the budget on each: once matching has taken `totalBudget`
/// at over `averageBudget` a line (26 ms a line would read 100 000 lines in 45 minutes).
package struct PatternReader: TraceReader {
    static let lineBudget: UInt64 = 50_000_000
    static let slowLineLimit = 20
    static let totalBudget: UInt64 = 10_000_000_000
    static let averageBudget: UInt64 = 1_000_000
    package var options: ReadOptions
    private let regex: NSRegularExpression
    private let groups: Set<String>

    package init(pattern: String, options: ReadOptions) throws {
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

    package func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        var slowLines = 0
        var spent: UInt64 = 0, matched: UInt64 = 0
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            guard screenLine(line, number: number, fullLength: length, options: options, builder: &builder) else {
                return
            }
            let text = line.string(0..<line.trimTrailingSpaces(from: 0, to: line.count))
            guard !text.isEmpty else { return }
            let range = NSRange(text.startIndex..., in: text)
            let (found, timedOut, took) = firstMatch(in: text, range: range)
            spent += took
            matched += 1
            if spent > Self.totalBudget, spent / matched > Self.averageBudget {
                throw InputError(
                    "\(input.name):\(number): --pattern took \(spent / 1_000_000_000) s on \(matched) lines, "
                        + "\(spent / matched / 1_000_000) ms a line; "
                        + "make it less ambiguous (avoid nested repeats such as (a+)+)")
            }
            if timedOut {
                builder.warn(
                    "slow-pattern", "--pattern took over \(Self.lineBudget / 1_000_000) ms on this line; skipped",
                    line: number)
                slowLines += 1
                if slowLines >= Self.slowLineLimit {
                    throw InputError(
                        "\(input.name):\(number): --pattern took too long on \(slowLines) lines; "
                            + "make it less ambiguous (avoid nested repeats such as (a+)+)")
                }
                return
            }
            guard let match = found else {
                builder.warn(
                    "unparsed-line", "does not match --pattern: \(String(text.prefix(80)).debugQuoted)",
                    line: number)
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
                object =
                    bytes.withUnsafeBufferPointer { MessageParser.objectLiteral($0, at: 0, end: $0.count)?.0 }
                    ?? ObjectRef(name: raw)
            }
            if let cls = group("class") {
                let address = object.flatMap { $0.name.hasPrefix("0x") ? $0.name : $0.address }
                object = ObjectRef(name: cls, address: address)
            }
            var call = RawCall(object: object, method: event, thread: group("thread"))
            if let t = group("time") {
                call.time =
                    Double(t)
                    ?? Array(t.utf8).withUnsafeBufferPointer { LogPrefix.parseTimestamp($0, from: 0, to: $0.count)?.0 }
            }
            builder.add(call, line: number)
        }
    }

    /// The first match in `range`, or nil; whether matching ran out of time, and the
    /// nanoseconds it took.
    private func firstMatch(in text: String, range: NSRange) -> (NSTextCheckingResult?, timedOut: Bool, took: UInt64) {
        let start = DispatchTime.now().uptimeNanoseconds
        var found: NSTextCheckingResult? = nil
        var timedOut = false
        regex.enumerateMatches(in: text, options: [.reportProgress], range: range) { match, _, stop in
            if let match {
                found = match
                stop.pointee = true
            } else if DispatchTime.now().uptimeNanoseconds - start > Self.lineBudget {
                timedOut = true
                stop.pointee = true
            }
        }
        return (found, timedOut, DispatchTime.now().uptimeNanoseconds - start)
    }
}
