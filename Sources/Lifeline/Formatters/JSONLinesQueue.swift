/// Native lines made from the batches `TraceLoader.stream` hands out, on a queue of their own
/// while reading goes on (see `BatchQueue`). Only the queue touches the writer and the output.
public final class JSONLinesQueue: @unchecked Sendable {
    private let lines: Lines
    private let batches: BatchQueue

    /// The writer and its output, which the queue alone uses.
    private final class Lines: @unchecked Sendable {
        var writer = JSONLinesWriter()
        var out: TextBuffer

        init(_ out: TextBuffer) { self.out = out }

        func add(_ events: EventList) {
            out.write { bytes in
                for index in events.indices { writer.append(events, at: index, to: &bytes) }
            }
        }
    }

    public init(_ out: TextBuffer) {
        let lines = Lines(out)
        self.lines = lines
        batches = BatchQueue(label: "lifeline.jsonl") { lines.add($0) }
    }

    /// Queues a batch; waits while four are on their way.
    public func add(_ events: EventList) { batches.add(events) }

    /// Waits for every batch added so far.
    public func drain() { batches.drain() }

    /// Waits for every batch, then writes what the output still holds, and returns it.
    @discardableResult public func finish() throws -> TextBuffer {
        drain()
        try lines.out.finish()
        return lines.out
    }
}
