import Foundation

/// Native lines made from the batches `TraceLoader.stream` hands out, on a queue of their own
/// while reading goes on; the reader runs at most four batches ahead, so memory stays flat.
/// Only the queue touches the writer and the output.
public final class JSONLinesQueue: @unchecked Sendable {
    private let queue = DispatchQueue(label: "lifeline.jsonl")
    private let room = DispatchSemaphore(value: 4)
    private var writer = JSONLinesWriter()
    private var out: TextBuffer

    public init(_ out: TextBuffer) { self.out = out }

    /// Queues a batch; waits while four are on their way.
    public func add(_ events: EventList) {
        room.wait()
        queue.async { [self] in
            out.write { bytes in
                for index in events.indices { writer.append(events, at: index, to: &bytes) }
            }
            room.signal()
        }
    }

    /// Waits for every batch added so far.
    public func drain() { queue.sync {} }

    /// Waits for every batch, then writes what the output still holds, and returns it.
    @discardableResult public func finish() throws -> TextBuffer {
        drain()
        try out.finish()
        return out
    }
}
