/// The appearance states each controller actually passed through, as text or DOT.
/// Legal moves are grey; moves the state machine forbids are red and name the broken rule.
package struct StatesFormatter {
    /// The most controllers the graph draws: Graphviz lays out hundreds of lanes in seconds, and
    /// thousands in minutes and gigabytes. The text lists every controller.
    package var maxLanes: Int

    package init(maxLanes: Int = 200) { self.maxLanes = maxLanes }

    package func text(_ trace: Trace, ascii: Bool = false) -> String {
        let names = DisplayNames(trace)
        let machine = AppearanceStateMachine(trace)
        var out = ""
        for object in machine.controllers {
            out +=
                TextEscaper.line(names[object]) + ": " + (machine.steps[object]?.first?.from ?? .disappeared).rawValue
            for step in machine.steps[object, default: []] {
                let mark = step.violation.map { ascii ? " !! \($0)" : " ⚠ \($0)" } ?? ""
                out += ascii ? " -\(step.event)@\(step.seq)-> " : " —\(step.event)@\(step.seq)→ "
                out += step.to.rawValue + mark
            }
            out += "\n"
        }
        return out.isEmpty ? "no appearance calls\n" : out
    }

    package func dot(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let symbols = trace.events.symbols
        // Per controller, in the order of their first appearance call: the states it passed
        // through and its edges, gathered as the steps go by.
        var lanes: [Lane] = []
        var laneOf = [Int](repeating: -1, count: symbols.count)
        AppearanceStateMachine.forEachStep(in: trace) { object, step in
            if laneOf[Int(object)] < 0 {
                laneOf[Int(object)] = lanes.count
                lanes.append(Lane(object: symbols[object], used: [step.from]))
            }
            lanes[laneOf[Int(object)]].add(step)
        }
        var out = "digraph \"states\" {\n"
        out += "  graph [rankdir=LR, fontname=\"Helvetica\", fontsize=11, nodesep=0.3];\n"
        out += "  node [shape=ellipse, style=filled, fontname=\"Helvetica\", fontsize=10, color=\"#555555\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#777777\"];\n"
        if lanes.count > maxLanes {
            let note =
                "The first \(maxLanes) of \(lanes.count) controllers; lifeline states --format text lists them all."
            out += "  graph [label=\(DOTEscaper.quoted(note)), labelloc=t, labeljust=l];\n"
        }
        for (c, lane) in lanes.prefix(maxLanes).enumerated() {
            let object = lane.object
            out += "  subgraph \"cluster_\(c + 1)\" {\n"
            // The name under the lane: above it, Graphviz lets a long label of the edge back to
            // the first state run over the name.
            out +=
                "    graph [label=\(DOTEscaper.quoted(names[object])), labelloc=b, style=rounded, color=\"#888888\"];\n"
            for state in AppearanceState.allCases where lane.used.contains(state) {
                out +=
                    "    \(DOTEscaper.quoted("\(object)/\(state.rawValue)")) [label=\(DOTEscaper.quoted(state.rawValue)), fillcolor=\"\(HierarchyDOTFormatter.fill(state))\"];\n"
            }
            // One edge per (from, to, legality), labelled with the steps that took it: all of
            // them when there are a few, else the first ones, how many more, and the last.
            for key in lane.order {
                let edge = lane.edges[key]!
                let step = edge.first
                var label = edge.label
                var style = ""
                if let violation = step.violation {
                    label += "\n" + violation
                    style = ", color=\"#c0392b\", fontcolor=\"#c0392b\", penwidth=2"
                }
                out +=
                    "    \(DOTEscaper.quoted("\(object)/\(step.from.rawValue)")) -> \(DOTEscaper.quoted("\(object)/\(step.to.rawValue)")) [label=\(DOTEscaper.quoted(label))\(style)];\n"
            }
            out += "  }\n"
        }
        out += "}\n"
        return out
    }

    /// One controller's part of the state graph.
    private struct Lane {
        let object: String
        /// The states it was in, the first one first.
        var used: [AppearanceState]
        var order: [String] = []
        var edges: [String: EdgeSteps] = [:]

        init(object: String, used: [AppearanceState]) {
            self.object = object
            self.used = used
        }

        mutating func add(_ step: StateStep) {
            if !used.contains(step.to) { used.append(step.to) }
            let key = "\(step.from.rawValue)>\(step.to.rawValue)>\(step.violation ?? "")"
            if edges[key] == nil { order.append(key) }
            edges[key, default: EdgeSteps(first: step)].add(step)
        }
    }

    /// The steps that took one edge of a state graph, as its label shows them: a long trace
    /// takes the same edge thousands of times, and a label that long is no use in a picture.
    private struct EdgeSteps {
        let first: StateStep
        private var shown: [String] = []
        /// The last two steps past the first ones: a label never says "… 1 more" where the
        /// one step would take the same line.
        private var beforeLast = "", last = ""
        private var count = 0
        private static let shownAtMost = 4

        init(first: StateStep) { self.first = first }

        mutating func add(_ step: StateStep) {
            let text = "\(step.event) @\(step.seq)"
            if shown.count < EdgeSteps.shownAtMost { shown.append(text) } else { (beforeLast, last) = (last, text) }
            count += 1
        }

        var label: String {
            switch count - shown.count {
            case 0: return shown.joined(separator: "\n")
            case 1: return (shown + [last]).joined(separator: "\n")
            case 2: return (shown + [beforeLast, last]).joined(separator: "\n")
            case let more: return (shown + ["… \(more - 1) more", last]).joined(separator: "\n")
            }
        }
    }
}
