/// A PlantUML timing diagram: one `robust` line per controller moving between its appearance
/// states, on an axis of microseconds (or steps when the trace has no times). The state before
/// a controller's first call is shown from 0; several changes of one controller at the same
/// tick show the last.
public struct PlantUMLTimingFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        func tick(_ t: Double) -> Int { timeline.usesTime ? Int(clamping: t * 1_000_000) : Int(clamping: t) }
        var out = "@startuml\n"
        out += "title Appearance states over \(timeline.usesTime ? "time (µs)" : "steps")\n"
        for (i, lane) in timeline.lanes.enumerated() {
            out += "robust \"\(PlantUMLEscaper.text(names[lane.object]))\" as c\(i + 1)\n"
            out += "c\(i + 1) has " + AppearanceState.allCases.map(\.rawValue).joined(separator: ",") + "\n"
        }
        // About 1000 pixels across whatever the span, far under PlantUML's 4096-pixel limit.
        let span = max(1, tick(timeline.end))
        out += "scale \(max(1, span / 10)) as 100 pixels\n"
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
}
