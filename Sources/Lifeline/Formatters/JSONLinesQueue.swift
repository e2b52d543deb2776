import Dispatch

/// Native lines made from the batches `TraceLoader.stream` hands out while reading goes on, on
/// two queues that take the batches in turn: each makes a batch's lines in a buffer of its
/// own, then waits for its turn to hand them to the output, so the lines leave in order. Two
/// make lines at once when reading has ended and the reader's core is free. At most four
/// batches are on their way, so memory stays flat.
public final class JSONLinesQueue: @unchecked Sendable {
    private let output: Output
    private let lanes: [Lane]
    private let room = DispatchSemaphore(value: 4)
    /// Batches added so far; only the thread that adds them touches it.
    private var added = 0

    /// The output, touched only by the lane whose turn it is.
    private final class Output: @unchecked Sendable {
        var out: TextBuffer
        init(_ out: TextBuffer) { self.out = out }
    }

    /// A queue, its writer (a cache of texts, so each lane keeps its own) and its buffer.
    private final class Lane: @unchecked Sendable {
        let queue: DispatchQueue
        var writer = JSONLinesWriter()
        var lines = TextBuffer()
        /// Signalled when this lane's next batch may go to the output.
        let turn: DispatchSemaphore

        init(label: String, first: Bool) {
            queue = DispatchQueue(label: label)
            // Made at 0 and signalled: a semaphore freed below the value it was made with
            // stops the process, and the turn ends on either lane.
            turn = DispatchSemaphore(value: 0)
            if first { turn.signal() }
        }
    }

    public init(_ out: TextBuffer) {
        output = Output(out)
        lanes = [Lane(label: "lifeline.jsonl.0", first: true), Lane(label: "lifeline.jsonl.1", first: false)]
    }

    /// Queues a batch; waits while four are on their way.
    public func add(_ events: EventList) {
        room.wait()
        let lane = lanes[added % 2], next = lanes[(added + 1) % 2]
        added += 1
        lane.queue.async { [output, room] in
            lane.lines.write { bytes in
                for index in events.indices { lane.writer.append(events, at: index, to: &bytes) }
            }
            lane.turn.wait()
            output.out.append(taking: &lane.lines)
            next.turn.signal()
            room.signal()
        }
    }

    /// Waits for every batch added so far.
    public func drain() {
        for lane in lanes { lane.queue.sync {} }
    }

    /// Waits for every batch, then writes what the output still holds, and returns it.
    @discardableResult public func finish() throws -> TextBuffer {
        drain()
        try output.out.finish()
        return output.out
    }
}
