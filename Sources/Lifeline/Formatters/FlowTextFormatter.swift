/// Seed 000's flow chart as text: each transition under a heading, one call per line, `↓`
/// between phases, and `→ key == value` under each step that sets a state value. Illegal
/// appearance moves are flagged on their line. `ascii` draws with plain ASCII.
public struct FlowTextFormatter {
    public var ascii: Bool

    public init(ascii: Bool = false) {
        self.ascii = ascii
    }

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let plan = FlowPlan(trace)
        let violations = Dictionary(
            AppearanceStateMachine(trace).violations.map { ($0.step.seq, $0.step.violation!) }, uniquingKeysWith: { a, _ in a })
        let arrow = ascii ? "->" : "→"
        let down = ascii ? "        |\n        v\n" : "        ↓\n"
        let rule = ascii ? "--" : "──"
        var out = ""
        for (s, section) in plan.sections.enumerated() {
            if s > 0 { out += "\n" }
            if let transition = section.transition {
                let title = TextEscaper.line(transition.title(names)).replacingOccurrences(of: "→", with: arrow)
                let dash = ascii ? "-" : "–"
                out += "\(rule) \(title) (steps \(transition.firstSeq)\(dash)\(transition.lastSeq)) \(rule)\n"
            }
            for (p, phase) in section.phases.enumerated() {
                if p > 0 { out += down }
                for index in phase.events {
                    let event = trace.events[index]
                    let call = TextEscaper.line(CallTexts.call(event, names: names))
                    out += "\(event.seq). [\(TextEscaper.line(names[event.object]))] \(call)"
                    if let violation = violations[event.seq] { out += ascii ? "  !! \(violation)" : "  ⚠ \(violation)" }
                    out += "\n"
                    for key in event.state.keys.sorted() {
                        out += "    \(arrow) \(TextEscaper.line(key)) == \(TextEscaper.line(names.show(event.state[key]!)))\n"
                    }
                }
            }
        }
        if ascii { out = FlowTextFormatter.asciiOnly(out) }
        return out
    }

    /// Replaces the few non-ASCII marks the chart itself uses, and escapes anything else.
    static func asciiOnly(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                out += "\\u{\(String(scalar.value, radix: 16))}"
            }
        }
        return out
    }
}
