import Dispatch

/// Hands batches (such as the calls `TraceLoader.stream` reads) to `consume`, on a queue of its
/// own while reading goes on. The reader runs at most four batches ahead, so memory stays
/// flat; only the queue runs `consume`, one batch at a time and in order.
package final class BatchQueue<Batch: Sendable>: Sendable {
    private let queue: DispatchQueue
    private let room = DispatchSemaphore(value: 4)
    private let consume: @Sendable (Batch) -> Void

    package init(label: String, _ consume: @escaping @Sendable (Batch) -> Void) {
        queue = DispatchQueue(label: label)
        self.consume = consume
    }

    /// Queues a batch; waits while four are on their way.
    package func add(_ batch: Batch) {
        room.wait()
        queue.async { [self] in
            consume(batch)
            room.signal()
        }
    }

    /// Waits until every batch added so far is consumed.
    package func drain() { queue.sync {} }
}
