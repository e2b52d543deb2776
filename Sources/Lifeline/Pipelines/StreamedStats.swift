/// `lifeline stats` without keeping the calls: the transitions are walked and the calls counted
/// on a queue of their own while reading goes on, batch by batch.
package struct StreamedStats {
    /// The trace's diagnostics, findings and name tables; its `events` have no rows.
    package let trace: Trace
    let transitions: TransitionSteps
    let counts: CallTally

    /// Reads the input at `path` (or `-`) as a stream. Neither state nor times are read:
    /// the summary shows neither.
    package static func read(path: String, options: ReadOptions) throws(TraceReadError) -> StreamedStats {
        var options = options
        options.derivesState = false
        options.readsTimes = false
        // The walk and the count run on the other core, and their batches are big: their work
        // per call is small, so waking the queue less often saves more than a longer last
        // batch costs. Counting there keeps noting a long session's new objects (a hash of
        // each id) off the reading thread.
        options.streamBatch = 16384
        let transitions = TransitionSteps(), counts = CallTally()
        // Counted on the walk's queue, the only place the tally is touched until it drains.
        nonisolated(unsafe) let tally = counts
        let walk = BatchQueue<EventList>(label: "lifeline.stats.walk") {
            transitions.advance(batch: $0, final: false)
            tally.add(batch: $0)
        }
        let trace: Trace
        do {
            trace = try TraceLoader.stream(path: path, options: options) { batch in walk.add(batch) }
        } catch {
            walk.drain()
            throw error
        }
        walk.drain()
        transitions.advance(batch: trace.events, final: true)  // its tables, with no rows
        return StreamedStats(trace: trace, transitions: transitions, counts: counts)
    }

    /// The summary, as `StatsFormatter` writes it for the whole trace.
    package func text(into out: TextBuffer) -> TextBuffer {
        StatsFormatter().text(trace, walked: transitions, counted: counts, into: out)
    }
}
