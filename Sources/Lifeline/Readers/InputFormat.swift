/// The input formats Lifeline reads. Unless one is named, it is detected from the input's
/// first bytes.
public enum InputFormat: String, Sendable, CaseIterable {
    /// Native JSON Lines v1, written by `lifeline convert`.
    case jsonl
    /// Free-form console output: Xcode, NSLog, `print`.
    case console
    /// `log show --style json`.
    case oslogJSON = "oslog-json"
    /// `log show --style ndjson` or `log stream --style ndjson`.
    case oslogNDJSON = "oslog-ndjson"

    package func reader(options: ReadOptions) -> TraceReader {
        switch self {
        case .jsonl: return NativeJSONLinesReader(options: options)
        case .console: return ConsoleLogReader(options: options)
        case .oslogJSON: return UnifiedLogReader(style: .jsonArray, options: options)
        case .oslogNDJSON: return UnifiedLogReader(style: .ndjson, options: options)
        }
    }

    /// Looks at the first bytes of an input: a JSON array of log entries, JSON objects per line
    /// (native events or log entries), or anything else, which is a console log.
    package static func detect(_ head: ArraySlice<UInt8>) -> InputFormat {
        let bytes = Array(head)
        return bytes.withUnsafeBufferPointer { b -> InputFormat in
            var i = 0
            if b.count >= 3, b[0] == 0xEF, b[1] == 0xBB, b[2] == 0xBF { i = 3 }
            func skipWhite(_ k: Int) -> Int {
                var k = k
                while k < b.count, b[k] == ASCII.space || b[k] == ASCII.tab || b[k] == ASCII.cr || b[k] == ASCII.lf {
                    k += 1
                }
                return k
            }
            i = skipWhite(i)
            guard i < b.count else { return .console }
            // Header lines a log tool prints before JSON entries (`Filtering the log data …`).
            var headers = 0
            while i < b.count, b[i] != 0x7B, b[i] != ASCII.lbracket, headers < 3 {
                var lineEnd = i
                while lineEnd < b.count, b[lineEnd] != ASCII.lf { lineEnd += 1 }
                guard LineFurniture.isToolHeader(b, from: i, to: lineEnd) else { break }
                i = skipWhite(lineEnd)
                headers += 1
            }
            guard i < b.count else { return .console }
            if b[i] == ASCII.lbracket {
                let j = skipWhite(i + 1)
                return j < b.count && (b[j] == 0x7B || b[j] == ASCII.rbracket) ? .oslogJSON : .console
            }
            guard b[i] == 0x7B else { return .console }
            var lineEnd = i
            while lineEnd < b.count, b[lineEnd] != ASCII.lf { lineEnd += 1 }
            let line = UnsafeBufferPointer(rebasing: b[i..<lineEnd])
            if line.find("\"eventMessage\"", from: 0, end: line.count) != nil { return .oslogNDJSON }
            if line.find("\"seq\"", from: 0, end: line.count) != nil { return .jsonl }
            return .oslogNDJSON
        }
    }
}

/// Reads a whole trace from a path (or `-`), detecting the format, and derives its state.
package enum TraceLoader {
    /// What is known of an input in which no call was read; thrown as a `TraceReadError`.
    package struct EmptyTrace: CustomStringConvertible {
        package var source: String
        package var format: InputFormat?
        /// Why the input is not a log, when it looks like source code or documentation.
        package var notALog: String? = nil
        /// The first lines that could not be read, with their numbers.
        package var unread: [(line: Int, text: String)] = []
        /// The reading warnings other than unread lines (binary bytes, overlong lines, wrong
        /// JSON types), which often say why nothing was read; shown before this error.
        package var warnings: [Diagnostic] = []

        package var description: String {
            var text = "\(source): no lifecycle calls found" + (format.map { " (read as \($0.rawValue))" } ?? "")
            if let notALog { text += "; it looks like \(notALog), not a log (--from console reads it anyway)" }
            guard !unread.isEmpty else { return text }
            text += "\nlines that could not be read:"
            for (line, content) in unread { text += "\n  \(source):\(line): \(content)" }
            // Binary junk (shown with replacement characters and escapes) gets no suggestion.
            let junk = unread[0].text.contains("\u{FFFD}") || unread[0].text.contains("\\u{")
            if !junk, let pattern = PatternSuggestion.pattern(for: unread[0].text) {
                text += "\nto read lines like the first, try:\n  --pattern '\(pattern)'"
            }
            return text
        }
    }

    package static func load(path: String, options: ReadOptions = ReadOptions()) throws(TraceReadError) -> Trace {
        var trace = try readingErrors {
            try read(ByteInput(path: path, progress: options.progress), options: options, sink: nil)
        }
        if options.derivesState { StateDeriver.apply(to: &trace) }
        ChunkPool.shared.release()
        return trace
    }

    package static func load(_ input: ByteInput, options: ReadOptions = ReadOptions()) throws(TraceReadError) -> Trace {
        var trace = try readingErrors { try read(input, options: options, sink: nil) }
        if options.derivesState { StateDeriver.apply(to: &trace) }
        return trace
    }

    /// Reads two traces at once, one on each of two threads.
    package static func loadPair(_ first: String, _ second: String, options: ReadOptions = ReadOptions())
        throws(TraceReadError) -> (
            Trace, Trace
        )
    {
        // Each trace has a core. Splitting a file as well only pays when the other is much
        // smaller: four threads on two cores measured slower, and each split costs a join.
        var options = options
        let sizes = [first, second].map { ByteInput.regularFileSize($0) ?? 0 }
        options.readsInParts = sizes.min()! < sizes.max()! / 2
        return try readingErrors {
            try Parallel.run(
                { try load(path: first, options: options) }, alongside: { try load(path: second, options: options) })
        }
    }

    /// Reads without keeping the events: they go to `sink` in batches of a few thousand, in
    /// order and with their derived state (unless `options.derivesState` is off), as they are
    /// read (a batch's rows are its events; read them with `indices`). Returns the trace's
    /// diagnostics and findings, and the tables that name its ids (its `events` have no rows).
    package static func stream(
        path: String, options: ReadOptions = ReadOptions(), sink: @escaping (EventList) -> Void
    ) throws(TraceReadError) -> Trace {
        try readingErrors { try read(ByteInput(path: path, progress: options.progress), options: options, sink: sink) }
    }

    /// Runs `body`, turning whatever it throws into a `TraceReadError`.
    private static func readingErrors<T>(_ body: () throws -> T) throws(TraceReadError) -> T {
        do { return try body() } catch { throw TraceReadError(error) }
    }

    private static func read(_ input: ByteInput, options: ReadOptions, sink: ((EventList) -> Void)?) throws -> Trace {
        var options = options
        // A followed input hands on each call as it is read, and is read in one part.
        if options.follows {
            input.follows = true
            options.readsInParts = false
        }
        var builder = TraceBuilder(
            source: input.name, sink: sink, derivingState: options.derivesState, batchSize: options.follows ? 1 : nil,
            leastBatch: options.streamBatch)
        let reader: TraceReader
        var format: InputFormat? = nil
        // Reading in parts reads the file again by byte ranges: only plain UTF-8 can be split.
        if try input.normalizeEncoding() != nil { options.readsInParts = false }
        if let pattern = options.pattern {
            reader = try PatternReader(pattern: pattern, options: options)
        } else {
            let head = try input.peek(64 * 1024)
            let chosen = options.format ?? InputFormat.detect(head)
            format = chosen
            if chosen == .console {
                let judgement = LogJudgement.judge(head)
                if options.format == nil, let verdict = judgement.verdict {
                    throw TraceReadError(
                        EmptyTrace(source: input.name, format: chosen, notALog: "\(verdict) (\(judgement.summary))"))
                }
                options.readsLocalizedWords = judgement.readsLocalizedWords
            }
            reader = chosen.reader(options: options)
            if chosen == .console || chosen == .jsonl, options.readsInParts, let size = input.size,
                size >= parallelThreshold
            {
                if chosen == .console {
                    try readConsoleInParts(path: input.name, size: size, options: options, into: &builder)
                } else {
                    try readNativeInParts(path: input.name, size: size, options: options, into: &builder)
                }
                guard builder.eventCount > 0 else {
                    throw TraceReadError(
                        EmptyTrace(
                            source: input.name, format: format, unread: unreadLines(builder),
                            warnings: otherWarnings(builder)))
                }
                return builder.finish()
            }
        }
        try reader.read(input, into: &builder)
        guard builder.eventCount > 0 else {
            throw TraceReadError(
                EmptyTrace(
                    source: input.name, format: format, unread: unreadLines(builder), warnings: otherWarnings(builder)))
        }
        return builder.finish()
    }
}

/// A builder's warnings other than the lines it could not read.
private func otherWarnings(_ builder: TraceBuilder) -> [Diagnostic] {
    builder.trace.diagnostics.filter { $0.rule != "unparsed-line" && $0.rule != "not-a-call" }
}

/// The first three lines a builder warned it could not read, with their text.
private func unreadLines(_ builder: TraceBuilder) -> [(line: Int, text: String)] {
    builder.trace.diagnostics.lazy.filter { $0.rule == "unparsed-line" || $0.rule == "not-a-call" }.prefix(3).compactMap
    { d in
        guard let line = d.location?.line, let text = d.quoted else { return nil }
        return (line, text)
    }
}
