/// `lifeline stats` without keeping the calls: the transitions are walked on a queue of their
/// own while reading goes on, batch by batch, and each batch is counted where it is read.
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
        // Counting is a few increments a call, less than handing the batch to another queue
        // costs, so it stays on the reading thread while the batch's rows are in its cache.
        // The walk runs on the other core, and its batches are big: its work per call is
        // small, so waking it less often saves more than a longer last batch costs.
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
