/// Calls per object and per event, in order of first sight, and the objects' display names,
/// counted in a whole trace or batch by batch as a trace is streamed (`add(batch:)`), which is
/// how `lifeline stats` counts. Not `Sendable`: it counts on one thread at a time, and is read
/// once counting is over.
package final class CallTally {
    private(set) var perObject: [Int] = [], perEvent: [Int] = []
    private(set) var objectOrder: [SymbolTable.ID] = [], eventOrder: [SymbolTable.ID] = []
    private var names = DisplayNames.Collector()
    /// The calls counted.
    package private(set) var calls = 0

    package init() {}

    /// Counts the calls of a whole trace.
    package func add(_ trace: Trace) { add(trace.events, trace.events.indices) }

    /// Counts every call of `batch`, the calls after those counted (see `TraceLoader.stream`).
    package func add(batch: EventList) { add(batch, batch.indices) }

    private func add(_ events: EventList, _ range: Range<Int>) {
        var perObject = self.perObject, perEvent = self.perEvent
        var objectOrder = self.objectOrder, eventOrder = self.eventOrder
        // Taken out while they grow, so each is the only reference to its array.
        (self.perObject, self.perEvent, self.objectOrder, self.eventOrder) = ([], [], [], [])
        if perObject.count < events.symbols.count {
            let more = events.symbols.count - perObject.count
            perObject += repeatElement(0, count: more)
            perEvent += repeatElement(0, count: more)
        }
        for i in range {
            let object = events.objectSymbol(at: i), event = events.eventSymbol(at: i)
            if perObject[Int(object)] == 0 { objectOrder.append(object) }
            perObject[Int(object)] += 1
            if perEvent[Int(event)] == 0 { eventOrder.append(event) }
            perEvent[Int(event)] += 1
        }
        names.note(events, range)
        (self.perObject, self.perEvent, self.objectOrder, self.eventOrder) = (
            perObject, perEvent, objectOrder, eventOrder
        )
        calls += range.count
    }

    /// The display names of the objects counted.
    package var shownNames: ShownNames { names.shownNames() }
}
