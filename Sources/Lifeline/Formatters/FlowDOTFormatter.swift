/// The flow chart as DOT, for short traces: one box per phase, a cluster per transition, and
/// arrows in order. Layout cost grows faster than the graph, so a graph over `maxPhases`
/// boxes is refused (``TooBig``).
public struct FlowDOTFormatter: TraceFormatter {
    package var maxPhases: Int

    /// Thrown for a trace whose flow chart has too many boxes to lay out quickly.
    public struct TooBig: Error, CustomStringConvertible {
        /// The boxes the chart would have.
        public var phases: Int
        /// The most boxes the formatter takes.
        public var limit: Int
        /// The trace's transitions, any of which may be drawn alone.
        public var transitions: Int
        /// What to do instead.
        public var description: String {
            "the flow chart has \(phases) boxes, over the \(limit) that lay out in about a second; "
                + "draw a part with --transition N (1–\(transitions)) or --range A-B, or use --format text"
        }
    }

    /// Calls listed in one box; the rest of a longer phase are counted in its last line.
    package static let maxCallsPerBox = 40

    /// A transition's title in lines of about `width` characters, broken between words.
    static func wrapped(_ title: String, width: Int = 30) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in title.split(separator: " ", omittingEmptySubsequences: false) {
            if !line.isEmpty, line.count + 1 + word.count > width {
                lines.append(line)
                line = String(word)
            } else {
                line += line.isEmpty ? String(word) : " " + word
            }
        }
        lines.append(line)
        return lines
    }

    /// A formatter that refuses a graph of more than `maxPhases` boxes.
    public init(maxPhases: Int = 150) {
        self.maxPhases = maxPhases
    }

    /// Writes the flow chart to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) throws(TooBig) {
        output.write(try rendered(trace))
    }

    /// The flow chart as one string.
    package func rendered(_ trace: Trace) throws(TooBig) -> String {
        let names = DisplayNames(trace)
        let plan = FlowPlan(trace)
        guard plan.phaseCount <= maxPhases else {
            throw TooBig(
                phases: plan.phaseCount, limit: maxPhases,
                transitions: plan.sections.filter { $0.transition != nil }.count)
        }
        let violations = Set(AppearanceStateMachine(trace, keepingSteps: false).violations.map(\.step.seq))
        var out = "digraph \"flow\" {\n"
        out += "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=11, nodesep=0.3, ranksep=0.35];\n"
        out +=
            "  node [shape=box, style=\"rounded,filled\", fillcolor=\"#ffffff\", fontname=\"Helvetica\", fontsize=10, color=\"#555555\", height=0.3, margin=\"0.12,0.06\"];\n"
        out += "  edge [color=\"#555555\", arrowsize=0.7];\n"
        var previous: String? = nil
        var edges: [String] = []
        for (s, section) in plan.sections.enumerated() {
            let indent = section.transition == nil ? "  " : "    "
            if section.transition != nil {
                out += "  subgraph \"cluster_\(s + 1)\" {\n"
                out += "    graph [style=\"rounded,dashed\", color=\"#888888\"];\n"
            }
            for (p, phase) in section.phases.enumerated() {
                let first = trace.events[phase.events.lowerBound]
                let id = "step\(first.seq)"
                var lines: [String] = []
                var bad = false
                for index in phase.events {
                    let e = trace.events[index]
                    if index - phase.events.lowerBound == Self.maxCallsPerBox {
                        let last = trace.events[phase.events.upperBound - 1].seq
                        lines.append("… \(phase.events.upperBound - index) more calls (steps \(e.seq)–\(last))")
                        if phase.events[index...].contains(where: { violations.contains(trace.events[$0].seq) }) {
                            bad = true
                        }
                        break
                    }
                    lines.append("\(e.seq). [\(names[e.object])] \(CallTexts.call(e, names: names))")
                    for key in e.state.keys.sorted() { lines.append("→ \(key) == \(names.show(e.state[key]!))") }
                    if violations.contains(e.seq) { bad = true }
                }
                let color = bad ? ", color=\"#c0392b\", fontcolor=\"#c0392b\", penwidth=2" : ""
                out +=
                    "\(indent)\(DOTEscaper.quoted(id)) [label=\(DOTEscaper.label(lines, leftAligned: true))\(color)];\n"
                if p == 0, let transition = section.transition {
                    // The title beside the group's first box, not above it where the arrow
                    // into the group would strike through it.
                    let title = DOTEscaper.quoted("title\(first.seq)")
                    let text =
                        Self.wrapped(transition.title(names)) + ["(steps \(transition.firstSeq)–\(transition.lastSeq))"]
                    out +=
                        "\(indent)\(title) [shape=plain, label=\(DOTEscaper.label(text, leftAligned: true)), fontcolor=\"#455a64\"];\n"
                    out += "\(indent){ rank=same; \(title); \(DOTEscaper.quoted(id)); }\n"
                    out += "\(indent)\(title) -> \(DOTEscaper.quoted(id)) [style=invis];\n"
                }
                if let previous { edges.append("  \(DOTEscaper.quoted(previous)) -> \(DOTEscaper.quoted(id));\n") }
                previous = id
            }
            if section.transition != nil { out += "  }\n" }
        }
        out += edges.joined()
        out += "}\n"
        return out
    }
}
