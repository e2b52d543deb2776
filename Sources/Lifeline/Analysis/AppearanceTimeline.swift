/// Each controller's appearance states as intervals on one axis: seconds when the trace has
/// times, steps otherwise. Shared by the timeline outputs.
public struct AppearanceTimeline: Sendable {
    public struct Interval: Sendable {
        public var state: AppearanceState
        public var start: Double
        /// Nil while the interval is still open at the end of the trace.
        public var end: Double?
        public var startSeq: Int
    }

    public struct Lane: Sendable {
        public var object: String
        public var intervals: [Interval]
        /// First and last call of the controller, for lifetime markers.
        public var born: Double
        public var died: Double?
    }

    public var lanes: [Lane] = []
    public var usesTime: Bool
    public var end: Double

    public init(_ trace: Trace) {
        let events = trace.events
        let timed = !events.isEmpty && events.indices.allSatisfy { events.time(at: $0) != nil }
        usesTime = timed
        end = 0
        func at(_ i: Int) -> Double { timed ? max(0, events.time(at: i)!) : Double(events.seq(at: i)) }
        let symbolCount = events.symbols.count
        var index = [Int](repeating: -1, count: symbolCount)
        var firstAt = [Double?](repeating: nil, count: symbolCount)
        var running = 0.0
        for i in events.indices {
            running = max(running, at(i))
            let object = Int(events.objectSymbol(at: i))
            if firstAt[object] == nil { firstAt[object] = running }
        }
        var lastAt = 0.0
        for i in events.indices {
            let t = max(lastAt, at(i))  // keep the axis monotonic even if the log is not
            lastAt = t
            let canonical = events.canonical(at: i)
            let object = Int(events.objectSymbol(at: i))
            let target = AppearanceStateMachine.target(of: canonical)
            let isDeinit = canonical == .`deinit`
            guard target != nil || isDeinit || index[object] >= 0 || canonical?.kind == .load else { continue }
            if index[object] < 0 {
                index[object] = lanes.count
                lanes.append(
                    Lane(object: events.symbols[SymbolTable.ID(object)], intervals: [], born: firstAt[object] ?? t, died: nil))
            }
            let lane = index[object]
            if isDeinit { lanes[lane].died = t }
            guard let target else { continue }
            let seq = events.seq(at: i)
            if let last = lanes[lane].intervals.indices.last { lanes[lane].intervals[last].end = t }
            if lanes[lane].intervals.isEmpty {
                let before = AppearanceStateMachine.predecessor(of: target)
                lanes[lane].intervals.append(Interval(state: before, start: lanes[lane].born, end: t, startSeq: seq))
            }
            lanes[lane].intervals.append(Interval(state: target, start: t, end: nil, startSeq: seq))
        }
        // A little room after the last call, so the final states stay visible.
        end = timed ? lastAt * 1.05 + 0.001 : lastAt + 1
    }
}
