/// The appearance states each controller actually passed through (brief §5), as text or DOT.
/// Legal moves are grey; moves the state machine forbids are red and name the broken rule.
public struct StatesFormatter {
    public init() {}

    public func text(_ trace: Trace, ascii: Bool = false) -> String {
        let names = DisplayNames(trace)
        let machine = AppearanceStateMachine(trace)
        var out = ""
        for object in machine.controllers {
            out += TextEscaper.line(names[object]) + ": " + (machine.steps[object]?.first?.from ?? .disappeared).rawValue
            for step in machine.steps[object, default: []] {
                let mark = step.violation.map { ascii ? " !! \($0)" : " ⚠ \($0)" } ?? ""
                out += ascii ? " -\(step.event)@\(step.seq)-> " : " —\(step.event)@\(step.seq)→ "
                out += step.to.rawValue + mark
            }
            out += "\n"
        }
        return out.isEmpty ? "no appearance calls\n" : out
    }

    public func dot(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let machine = AppearanceStateMachine(trace)
        var out = "digraph \"states\" {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, nodesep=0.3];\n"
        out += "  node [shape=ellipse, style=filled, fontname=\"Helvetica\", fontsize=10, color=\"#555555\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#777777\"];\n"
        for (c, object) in machine.controllers.enumerated() {
            let steps = machine.steps[object, default: []]
            out += "  subgraph \"cluster_\(c + 1)\" {\n"
            out += "    graph [label=\(DOTEscaper.quoted(names[object])), style=rounded, color=\"#888888\"];\n"
            var used: [AppearanceState] = steps.first.map { [$0.from] } ?? []
            for step in steps where !used.contains(step.to) { used.append(step.to) }
            for state in AppearanceState.allCases where used.contains(state) {
                out += "    \(DOTEscaper.quoted("\(object)/\(state.rawValue)")) [label=\(DOTEscaper.quoted(state.rawValue)), fillcolor=\"\(HierarchyDOTFormatter.fill(state))\"];\n"
            }
            // One edge per (from, to, legality), labelled with every step that took it.
            var order: [String] = []
            var labels: [String: [String]] = [:]
            var info: [String: StateStep] = [:]
            for step in steps {
                let key = "\(step.from.rawValue)>\(step.to.rawValue)>\(step.violation ?? "")"
                if labels[key] == nil { order.append(key); info[key] = step }
                labels[key, default: []].append("\(step.event) @\(step.seq)")
            }
            for key in order {
                let step = info[key]!
                var label = labels[key]!.joined(separator: "\n")
                var style = ""
                if let violation = step.violation {
                    label += "\n" + violation
                    style = ", color=\"#c0392b\", fontcolor=\"#c0392b\", penwidth=2"
                }
                out += "    \(DOTEscaper.quoted("\(object)/\(step.from.rawValue)")) -> \(DOTEscaper.quoted("\(object)/\(step.to.rawValue)")) [label=\(DOTEscaper.quoted(label))\(style)];\n"
            }
            out += "  }\n"
        }
        out += "}\n"
        return out
    }
}
