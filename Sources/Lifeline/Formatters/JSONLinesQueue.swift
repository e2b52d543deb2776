import Dispatch

/// Native lines made from the batches `TraceLoader.stream` hands out while reading goes on, on
/// two `BatchQueue`s that take the batches in turn: each makes a batch's lines in a buffer of
/// its own, then waits for its turn to hand them to the output, so the lines leave in order.
/// Two make lines at once when reading has ended and the reader's core is free. Not
/// `Sendable`: one thread adds the batches and finishes; only its lanes cross to other threads.
package final class JSONLinesQueue {
    private let output: Output
    private let lanes: [BatchQueue<EventList>]
    /// Batches added so far; only the thread that adds them touches it.
    private var added = 0

    /// The output.
    /// Unchecked `Sendable`: only the lane whose turn it is touches it; the turns order them.
    private final class Output: @unchecked Sendable {
        var out: TextBuffer
        init(_ out: TextBuffer) { self.out = out }
    }

    /// A lane's writer (a cache of texts, so each lane keeps its own) and its buffer.
    /// Unchecked `Sendable`: only the lane's queue touches it, one batch at a time.
    private final class Lines: @unchecked Sendable {
        var writer = JSONLinesWriter()
        var buffer = TextBuffer()
    }

    package init(_ out: TextBuffer) {
        let output = Output(out)
        // Lane k's turn to hand over its lines. Made at 0 and signalled: a semaphore freed
        // below the value it was made with stops the process, and the turn ends on either lane.
        let turns = [DispatchSemaphore(value: 0), DispatchSemaphore(value: 0)]
        turns[0].signal()
        lanes = (0..<2).map { k in
            let lines = Lines()
            return BatchQueue(label: "lifeline.jsonl.\(k)") { events in
                lines.buffer.write { bytes in
                    for index in events.indices { lines.writer.append(events, at: index, to: &bytes) }
                }
                turns[k].wait()
                output.out.append(taking: &lines.buffer)
                turns[1 - k].signal()
            }
        }
        self.output = output
    }

    /// Queues a batch, on each lane in turn; waits while four are on their way on that lane.
    package func add(_ events: EventList) {
        lanes[added % 2].add(events)
        added += 1
    }

    /// Waits for every batch added so far.
    package func drain() { for lane in lanes { lane.drain() } }

    /// Waits for every batch, then writes what the output still holds, and returns it.
    @discardableResult package func finish() throws -> TextBuffer {
        drain()
        try output.out.finish()
        return output.out
    }
}
