/// A PlantUML timing diagram: one `robust` line per controller moving between its appearance
/// states, on an axis of milliseconds (changes placed to the microsecond, `@161.133`), or of
/// microseconds when the whole diagram spans under 10 ms (PlantUML's scale takes only whole
/// units), or of steps when the trace has no times. The state before
/// a controller's first call is shown from 0; several changes of one controller at the same
/// tick show the last.
///
/// Each line takes about 100 px down: a trace of many controllers is drawn as several
/// diagrams of at most 30 lines (`title … (part 2 of 3)`), each under PlantUML's 4096-pixel
/// limit, and names keep 40 characters (the rest marked `…#hash…`).
package struct PlantUMLTimingFormatter: TraceFormatter {
    static let lanesPerPart = 30, labelLimit = 40

    /// A formatter for PlantUML timing diagrams.
    package init() {}

    /// Writes the timing diagrams to `output`.
    package func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(rendered(trace))
    }

    /// The timing diagrams as one string.
    package func rendered(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        // Ticks are whole microseconds (or steps) from the first call drawn, so a part of a trace
        // (`--transition`, `--range`) fills the axis; written as milliseconds unless the span is short.
        let origin = timeline.usesTime ? timeline.start : 0
        func tick(_ t: Double) -> Int {
            guard timeline.usesTime else { return Int(clamping: t) }
            return Int(clamping: (max(0, t - origin) * 1_000_000).rounded())
        }
        let from = origin > 0 ? ", from \(SVGTimelineFormatter.timeLabel(origin, span: max(1, origin)))" : ""
        let inMilliseconds = timeline.usesTime && tick(timeline.end) >= 10_000
        let parts = stride(from: 0, to: max(1, timeline.lanes.count), by: Self.lanesPerPart).map {
            $0..<min(timeline.lanes.count, $0 + Self.lanesPerPart)
        }
        var out = ""
        for (number, lanes) in parts.enumerated() {
            if number > 0 { out += "\n" }
            let part = parts.count > 1 ? " (part \(number + 1) of \(parts.count))" : ""
            out += "@startuml\n"
            out +=
                "title Appearance states over \(timeline.usesTime ? (inMilliseconds ? "time (ms)" : "time (µs)") : "steps")\(from)\(part)\n"
            diagram(timeline, lanes, names, tick, perUnit: inMilliseconds ? 1000 : 1, into: &out)
        }
        return out
    }

    /// The lines of `lanes` and their changes, up to `@enduml`; `perUnit` ticks make one unit
    /// of the axis.
    private func diagram(
        _ timeline: AppearanceTimeline, _ lanes: Range<Int>, _ names: DisplayNames, _ tick: (Double) -> Int,
        perUnit: Int,
        into out: inout String
    ) {
        for i in lanes {
            let name = StableHash.fitted(names[timeline.lanes[i].object], Self.labelLimit)
            out += "robust \"\(PlantUMLEscaper.text(name))\" as c\(i + 1)\n"
            out += "c\(i + 1) has " + AppearanceState.allCases.map(\.rawValue).joined(separator: ",") + "\n"
        }
        // About 1000 pixels across whatever the span, far under PlantUML's 4096-pixel limit.
        let span = max(1, tick(timeline.end) / perUnit)
        // The axis is marked every `scale` units: a round number (1, 2 or 5 times a power of ten).
        out += "scale \(PlantUMLTimingFormatter.roundStep(max(1, span / 10))) as 100 pixels\n"
        // Changes grouped by tick, in time order.
        var changes: [(Int, Int, AppearanceState)] = []
        for i in lanes {
            for (k, interval) in timeline.lanes[i].intervals.enumerated() {
                changes.append((k == 0 ? 0 : tick(interval.start), i, interval.state))
            }
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
                out += "@\(perUnit == 1 ? String(t) : NumberFormat.decimal(Double(t) / Double(perUnit)))\n"
                current = t
            }
            out += "c\(lane + 1) is \(state.rawValue)\n"
            lastState[lane] = state
        }
        out += "@enduml\n"
    }

    /// The smallest of 1, 2 or 5 times a power of ten that is at least `value`.
    static func roundStep(_ value: Int) -> Int {
        var power = 1
        while power * 10 <= value { power *= 10 }
        for factor in [1, 2, 5, 10] where power * factor >= value { return power * factor }
        return power * 10
    }
}
