/// `lifeline convert` without keeping the calls: batches are made into native lines on two
/// more threads while reading goes on, and the lines go to the output on another.
package enum StreamedConvert {
    /// Writes the native lines of the input at `path` (or `-`) to `stream` as they are read,
    /// and returns the rest of the trace (its diagnostics). The stream is neither committed nor
    /// discarded here.
    package static func write(path: String, options: ReadOptions, to stream: OutputFile.Stream) throws -> Trace {
        try write(to: stream) { lines in try TraceLoader.stream(path: path, options: options) { lines.add($0) } }
    }

    /// Writes the native lines of a trace already read.
    package static func write(_ trace: Trace, to stream: OutputFile.Stream) throws {
        _ = try write(to: stream) { lines in
            lines.add(trace.events)
            return trace
        }
    }

    private static func write(to stream: OutputFile.Stream, _ feed: (JSONLinesQueue) throws -> Trace) throws -> Trace {
        // Three chunks on their way, so a slow write does not hold the lines up (the trace is
        // not held, so the room is there).
        let lines = JSONLinesQueue(TextBuffer(writingTo: ChunkWriter(stream, depth: 3)))
        do {
            let trace = try feed(lines)
            try lines.finish()
            return trace
        } catch {
            lines.drain()
            throw error
        }
    }
}
