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
        let timed = !trace.events.isEmpty && trace.events.allSatisfy { $0.time != nil }
        usesTime = timed
        end = 0
        func at(_ e: TraceEvent) -> Double { timed ? max(0, e.time!) : Double(e.seq) }
        var index: [String: Int] = [:]
        var firstAt: [String: Double] = [:]
        var running = 0.0
        for event in trace.events {
            running = max(running, at(event))
            if firstAt[event.object] == nil { firstAt[event.object] = running }
        }
        var lastAt = 0.0
        for event in trace.events {
            let t = max(lastAt, at(event))  // keep the axis monotonic even if the log is not
            lastAt = t
            let target = AppearanceStateMachine.target(of: event.canonical)
            let isDeinit = event.canonical == .`deinit`
            guard target != nil || isDeinit || index[event.object] != nil || event.canonical?.kind == .load else { continue }
            if index[event.object] == nil {
                index[event.object] = lanes.count
                lanes.append(Lane(object: event.object, intervals: [], born: firstAt[event.object] ?? t, died: nil))
            }
            let lane = index[event.object]!
            if isDeinit { lanes[lane].died = t }
            guard let target else { continue }
            if let last = lanes[lane].intervals.indices.last { lanes[lane].intervals[last].end = t }
            if lanes[lane].intervals.isEmpty {
                let before = AppearanceStateMachine.predecessor(of: target)
                lanes[lane].intervals.append(Interval(state: before, start: lanes[lane].born, end: t, startSeq: event.seq))
            }
            lanes[lane].intervals.append(Interval(state: target, start: t, end: nil, startSeq: event.seq))
        }
        // A little room after the last call, so the final states stay visible.
        end = timed ? lastAt * 1.05 + 0.001 : lastAt + 1
    }
}
