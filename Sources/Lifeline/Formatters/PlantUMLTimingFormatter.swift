/// A PlantUML timing diagram: one `robust` line per controller moving between its appearance
/// states, on an axis of milliseconds when every time is a whole millisecond (as NSLog's
/// timestamps are), else microseconds (or steps when the trace has no times). The state before
/// a controller's first call is shown from 0; several changes of one controller at the same
/// tick show the last.
public struct PlantUMLTimingFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        func micro(_ t: Double) -> Int { Int(clamping: (t * 1_000_000).rounded()) }
        let starts = timeline.lanes.flatMap { $0.intervals.map(\.start) }
        let inMilliseconds = timeline.usesTime && starts.allSatisfy { micro($0) % 1000 == 0 }
        func tick(_ t: Double) -> Int {
            guard timeline.usesTime else { return Int(clamping: t) }
            return inMilliseconds ? micro(t) / 1000 : micro(t)
        }
        var out = "@startuml\n"
        out += "title Appearance states over \(timeline.usesTime ? (inMilliseconds ? "time (ms)" : "time (µs)") : "steps")\n"
        for (i, lane) in timeline.lanes.enumerated() {
            out += "robust \"\(PlantUMLEscaper.text(names[lane.object]))\" as c\(i + 1)\n"
            out += "c\(i + 1) has " + AppearanceState.allCases.map(\.rawValue).joined(separator: ",") + "\n"
        }
        // About 1000 pixels across whatever the span, far under PlantUML's 4096-pixel limit.
        let span = max(1, tick(timeline.end))
        // The axis is marked every `scale` units: a round number (1, 2 or 5 times a power of ten).
        out += "scale \(PlantUMLTimingFormatter.roundStep(max(1, span / 10))) as 100 pixels\n"
        // Changes grouped by tick, in time order.
        var changes: [(Int, Int, AppearanceState)] = []
        for (i, lane) in timeline.lanes.enumerated() {
            for (k, interval) in lane.intervals.enumerated() { changes.append((k == 0 ? 0 : tick(interval.start), i, interval.state)) }
        }
        changes.sort { ($0.0, $0.1) < ($1.0, $1.1) }
        // Keep the last state of each controller at each tick.
        changes = changes.enumerated().filter { index, change in
            index + 1 == changes.count || (changes[index + 1].0, changes[index + 1].1) != (change.0, change.1)
        }.map(\.element)
        var current: Int? = nil
        var lastState: [Int: AppearanceState] = [:]
        for (t, lane, state) in changes {
            if lastState[lane] == state { continue }
            if current != t {
                out += "@\(t)\n"
                current = t
            }
            out += "c\(lane + 1) is \(state.rawValue)\n"
            lastState[lane] = state
        }
        out += "@enduml\n"
        return out
    }

    /// The smallest of 1, 2 or 5 times a power of ten that is at least `value`.
    static func roundStep(_ value: Int) -> Int {
        var power = 1
        while power * 10 <= value { power *= 10 }
        for factor in [1, 2, 5, 10] where power * factor >= value { return power * factor }
        return power * 10
    }
}
