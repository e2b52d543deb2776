/// Each controller's appearance states as intervals on one axis: seconds when the trace has
/// times, steps otherwise. Shared by the timeline outputs.
///
/// A lane keeps only the calls that change its state (four bytes each); an interval's times,
/// step and state are read from the trace when it is asked for, so a timeline of a million
/// calls is a few megabytes beside the trace.
package struct AppearanceTimeline: Sendable {
    package struct Interval: Sendable {
        package var state: AppearanceState
        package var start: Double
        /// Nil while the interval is still open at the end of the trace.
        package var end: Double?
        package var startSeq: Int
    }

    package struct Lane: Sendable {
        package var object: String
        /// First and last call of the controller, for lifetime markers.
        package var born: Double
        package var died: Double?
        /// When the app was launched again after the controller's calls: its process, and so
        /// its last state, ended there.
        package var ended: Double?
        /// The calls that change the controller's state, as indices into the trace.
        fileprivate var changes: [UInt32]
        fileprivate let axis: Axis
        /// Where the trace's first call is on the axis, and its step.
        fileprivate let traceStart: Double
        fileprivate let traceStartSeq: Int

        /// The state the controller is taken to be in before its first change (the one that
        /// change naturally follows), then one interval per change. That first state starts at
        /// the controller's first call when it is `Disappeared` (a new controller), else at the
        /// trace's start: a controller whose first call is `viewWillDisappear` was on screen
        /// before the log began.
        package var intervals: Intervals {
            Intervals(
                changes: changes, born: born, ended: ended, traceStart: traceStart, traceStartSeq: traceStartSeq,
                axis: axis)
        }
    }

    /// A lane's intervals, made from its changes as they are read.
    package struct Intervals: RandomAccessCollection, Sendable {
        fileprivate let changes: [UInt32]
        fileprivate let born: Double
        fileprivate let ended: Double?
        fileprivate let traceStart: Double
        fileprivate let traceStartSeq: Int
        fileprivate let axis: Axis

        package var startIndex: Int { 0 }
        package var endIndex: Int { changes.isEmpty ? 0 : changes.count + 1 }

        package subscript(k: Int) -> Interval {
            let call = Int(changes[Swift.max(0, k - 1)])
            let target = AppearanceStateMachine.target(of: axis.events.canonical(at: call))!
            let seq = axis.events.seq(at: call)
            if k == 0 {
                let state = AppearanceStateMachine.predecessor(of: target)
                let new = state == .disappeared
                return Interval(
                    state: state, start: new ? born : traceStart, end: axis.time(call),
                    startSeq: new ? seq : traceStartSeq)
            }
            return Interval(
                state: target, start: axis.time(call), end: k < changes.count ? axis.time(Int(changes[k])) : ended,
                startSeq: seq)
        }
    }

    /// The trace's calls placed on the axis.
    fileprivate final class Axis: Sendable {
        let events: EventList
        let usesTime: Bool
        /// Calls that change a state earlier than a call before them, at the time they are
        /// moved to so the axis stays monotonic. Rare: most logs are in time order.
        let raised: [UInt32: Double]

        init(events: EventList, usesTime: Bool, raised: [UInt32: Double]) {
            self.events = events
            self.usesTime = usesTime
            self.raised = raised
        }

        /// The call's own place on the axis.
        @inline(__always) func at(_ i: Int) -> Double {
            usesTime ? max(0, events.time(at: i)!) : Double(events.seq(at: i))
        }

        func time(_ i: Int) -> Double { raised[UInt32(i)] ?? at(i) }
    }

    package var lanes: [Lane] = []
    package var usesTime: Bool
    /// Where the calls start and (with a little room) end on the axis: 0 for a whole timed
    /// trace, later for a part of one.
    package var start: Double
    package var end: Double
    /// Where the last call is on the axis.
    package var last: Double

    package init(_ trace: Trace) {
        let events = trace.events
        let timed = !events.isEmpty && events.indices.allSatisfy { events.time(at: $0) != nil }
        usesTime = timed
        let plain = Axis(events: events, usesTime: timed, raised: [:])
        let symbolCount = events.symbols.count
        // First pass: when each controller is first seen, and how many changes it has.
        var firstAt = [Double?](repeating: nil, count: symbolCount)
        var changeCount = [Int32](repeating: 0, count: symbolCount)
        var running = 0.0
        for i in events.indices {
            running = max(running, plain.at(i))
            let object = Int(events.objectSymbol(at: i))
            if firstAt[object] == nil { firstAt[object] = running }
            if AppearanceStateMachine.target(of: events.canonical(at: i)) != nil { changeCount[object] += 1 }
        }
        var index = [Int](repeating: -1, count: symbolCount)
        var changes: [[UInt32]] = [], born: [Double] = [], died: [Double?] = [], objects: [SymbolTable.ID] = []
        var raised: [UInt32: Double] = [:]
        var lastAt = 0.0
        var ended: [Double?] = []
        // The lanes not ended, so that a relaunch ends each once rather than looking at all.
        var open: [Int] = []
        var launchNotes: [SymbolTable.ID: Bool] = [:]
        func isLaunch(_ note: SymbolTable.ID) -> Bool {
            if let known = launchNotes[note] { return known }
            let launch = Transition.isLaunch(note: note, events.symbols)
            launchNotes[note] = launch
            return launch
        }
        for i in events.indices {
            let own = plain.at(i)
            let t = max(lastAt, own)  // keep the axis monotonic even if the log is not
            lastAt = t
            // The app launched again: every controller of the run before has ended.
            if case let extras = events.extrasID(at: i), extras != 0, case let note = events.extras(extras).note,
                note != 0, isLaunch(note)
            {
                for lane in open { ended[lane] = t }
                open.removeAll(keepingCapacity: true)
            }
            let canonical = events.canonical(at: i)
            let object = Int(events.objectSymbol(at: i))
            let isTarget = AppearanceStateMachine.target(of: canonical) != nil
            let isDeinit = canonical == .`deinit`
            guard isTarget || isDeinit || index[object] >= 0 || canonical?.kind == .load else { continue }
            if index[object] < 0 {
                index[object] = changes.count
                changes.append([])
                changes[changes.count - 1].reserveCapacity(Int(changeCount[object]))
                born.append(firstAt[object] ?? t)
                died.append(nil)
                ended.append(nil)
                open.append(changes.count - 1)
                objects.append(SymbolTable.ID(object))
            }
            let lane = index[object]
            if isDeinit { died[lane] = t }
            guard isTarget else { continue }
            // Calls after a relaunch on a lane of the run before (`?`, which every run shares):
            // it goes on.
            if ended[lane] != nil {
                ended[lane] = nil
                open.append(lane)
            }
            changes[lane].append(UInt32(i))
            if t != own { raised[UInt32(i)] = t }
        }
        let axis = Axis(events: events, usesTime: timed, raised: raised)
        lanes = objects.indices.map {
            Lane(
                object: events.symbols[objects[$0]], born: born[$0], died: died[$0], ended: ended[$0],
                changes: changes[$0], axis: axis,
                traceStart: events.isEmpty ? 0 : plain.at(0), traceStartSeq: events.isEmpty ? 0 : events.seq(at: 0))
        }
        start = events.isEmpty ? 0 : plain.at(0)
        last = lastAt
        // A little room after the last call, so the final states stay visible.
        end = timed ? lastAt + (lastAt - start) * 0.05 + 0.001 : lastAt + 1
    }
}
