/// Hands a streamed trace's events to a sink in batches, in order, with their derived state:
/// each batch is a store whose rows are the batch and whose tables hold every id so far, so the
/// builder keeps only the tables, and memory stays flat however long the input while the ids
/// repeat. A log that adds a new id on most calls is handed on in fewer, longer batches (at
/// worst one, at the end).
struct EventBatcher {
    let sink: (EventList) -> Void
    /// Whether an event's state is derived as it is added.
    let derivesState: Bool
    /// The events a batch holds; nil for at least `leastBatch` and twice as many as the
    /// symbol table (tests make batches of a few events).
    let batchSize: Int?
    let leastBatch: Int
    private var deriver = StateDeriver()
    /// The ids in the tables when the batch being filled began: its size is set by them, so a
    /// log that adds ids as it goes does not keep lengthening the batch it is filling.
    private var symbolsAtStart = 0

    init(sink: @escaping (EventList) -> Void, derivesState: Bool, batchSize: Int?, leastBatch: Int) {
        self.sink = sink
        self.derivesState = derivesState
        self.batchSize = batchSize
        self.leastBatch = leastBatch
    }

    /// Derives the newest event's state and, when the batch is full, hands it on. A batch is
    /// longer than the symbol table, so the copies of the tables that a kept batch may cost
    /// stay linear in the input.
    mutating func added(to events: inout EventList) {
        if derivesState { deriver.apply(to: &events, at: events.count - 1) }
        if events.count >= limit(symbols: symbolsAtStart) {
            sink(events)
            events.removeAllRows()
            symbolsAtStart = events.symbols.count
        }
    }

    /// Hands on the events from `start`, added at once, in batches, their state derived first.
    mutating func appended(to events: inout EventList, from start: Int) {
        if derivesState {
            for i in start..<events.count { deriver.apply(to: &events, at: i) }
        }
        let all = events
        events.removeAllRows()
        let size = limit(symbols: all.symbols.count)
        for first in stride(from: 0, to: all.count, by: size) {
            sink(all.batch(first..<min(all.count, first + size)))
        }
        symbolsAtStart = all.symbols.count
    }

    /// Hands on the last batch; the trace then keeps no events.
    func finish(_ events: inout EventList) {
        if !events.isEmpty { sink(events) }
        events.removeAllRows()
    }

    /// The events a batch holds, with `symbols` ids in the tables as it began: two calls per
    /// symbol. A batch shares the tables, so the first id added after it is handed on copies
    /// them; a log whose screens are new instances adds ids all along, and each copy is then
    /// paid for by twice as many calls as the tables held when the batch began (and half as
    /// many copies are held by batches still on their way).
    private func limit(symbols: Int) -> Int { batchSize ?? max(leastBatch, 2 * symbols) }
}
