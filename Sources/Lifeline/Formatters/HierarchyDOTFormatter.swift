/// The hierarchy graph as DOT: one node per controller (class, instance, appearance state) and
/// one edge per parent → child relation, labelled with the steps it was added (+) and removed
/// (−). The union over the whole trace by default, or the tree after one step.
public struct HierarchyDOTFormatter: TraceFormatter {
    /// Show the tree after this step; nil for the union over the whole trace.
    package var step: Int?

    /// A formatter for the tree after `step`, or for the union over the whole trace when
    /// `step` is nil.
    public init(step: Int? = nil) {
        self.step = step
    }

    /// Writes the hierarchy graph to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(format(trace, placed: false).dot)
    }

    /// How many times more objects a forest may have than a graph Graphviz lays out, since only
    /// its drawing is left to Graphviz. Drawing costs 80–180 µs an object (Pango measures every
    /// label): a forest of twice 1500 objects is drawn in about 0.6 s.
    package static let placedForestFactor = 2

    /// The graph for rendering: when it is a forest, with every node placed by `TreeLayout`
    /// and straight edges, for Graphviz's `nop2` engine (drawing only, no layout); otherwise
    /// as `format` gives it, for `dot`.
    package func formatForRendering(_ trace: Trace) -> (dot: String, engine: String) {
        let placed = format(trace, placed: true)
        return (placed.dot, placed.placed ? "nop2" : "dot")
    }

    /// How many controllers the graph shows: all of the trace's, or at `step` those in the
    /// tree then and those that had a call by then.
    package func nodeCount(_ trace: Trace) -> Int {
        shown(trace, Hierarchy(trace)).nodes.count
    }

    private func shown(_ trace: Trace, _ hierarchy: Hierarchy) -> (
        nodes: [String], edges: [Hierarchy.Edge], upTo: Trace
    ) {
        let upTo = step.map { s in Trace(events: EventList(trace.events.prefix(s)), source: trace.source) } ?? trace
        let edges = step.map { hierarchy.edges(at: $0) } ?? hierarchy.edges
        var nodes = hierarchy.nodes
        if step != nil {
            let alive = Set(edges.flatMap { [$0.parent, $0.child] })
            let acted = Set(upTo.events.map(\.object))
            nodes = nodes.filter { alive.contains($0) || acted.contains($0) }
        }
        return (nodes, edges, upTo)
    }

    private func format(_ trace: Trace, placed: Bool) -> (dot: String, placed: Bool) {
        let hierarchy = Hierarchy(trace)
        let (nodes, edges, upTo) = shown(trace, hierarchy)
        let machine = AppearanceStateMachine(upTo, keepingSteps: false)
        let title = step.map { "Hierarchy after step \($0)" } ?? "Hierarchy over steps 1–\(trace.events.count)"
        var out = "digraph \"hierarchy\" {\n"
        out +=
            "  graph [rankdir=TB, fontname=\"Helvetica\", fontsize=12, labelloc=t, label=\(DOTEscaper.quoted(title)), nodesep=0.5, ranksep=0.7];\n"
        out +=
            "  node [shape=box, style=\"rounded,filled\", fontname=\"Helvetica\", fontsize=11, fillcolor=\"#ffffff\", color=\"#555555\"];\n"
        out += "  edge [fontname=\"Helvetica\", fontsize=9, color=\"#555555\", fontcolor=\"#333333\"];\n"
        let tabRoots = Set(hierarchy.edges.filter { $0.relation == .tab }.map(\.child))
        let inTab = Set(hierarchy.edges.filter { tabRoots.contains($0.parent) }.map(\.child))
        // At a step, a controller with no call yet that the trace shows on screen before it
        // (its first appearance call is `viewWillDisappear`) is in the state its first call
        // follows.
        var before: [String: AppearanceState] = [:]
        if step != nil {
            for event in trace.events where before[event.object] == nil {
                guard let target = AppearanceStateMachine.target(of: event.canonical) else { continue }
                before[event.object] = AppearanceStateMachine.predecessor(of: target)
            }
        }
        func state(of id: String) -> AppearanceState? {
            machine.finalState[id] ?? before[id].flatMap { $0 == .disappeared ? nil : $0 }
        }
        func lines(_ id: String) -> [String] {
            let state = state(of: id)
            var lines = [DisplayNames.className(of: id)]
            let instance =
                id.hasPrefix(DisplayNames.className(of: id))
                ? String(id.dropFirst(DisplayNames.className(of: id).count)) : ""
            lines.append(
                [instance, state?.rawValue ?? "no appearance calls"].filter { !$0.isEmpty }.joined(separator: " · "))
            // With a navigation controller in a tab, the delegate sees the tab root; the lifecycle goes to the controller in it.
            if tabRoots.contains(id) { lines.append("tab root (delegate argument)") }
            if inTab.contains(id), state != nil { lines.append("in tab: receives lifecycle calls") }
            return lines
        }
        let positions =
            placed
            ? TreeLayout.positions(nodes: nodes, edges: edges.map { ($0.parent, $0.child) }) { id in
                // Helvetica 11 pt is about 6.5 pt a character; Graphviz adds its own margins.
                let text = lines(id)
                return TreeLayout.Size(
                    width: Double(text.map(\.count).max() ?? 1) * 6.5 + 24, height: Double(text.count) * 14 + 14)
            } : nil
        if positions != nil { out += "  graph [splines=line];\n" }
        for id in nodes {
            let state = state(of: id)
            let place = positions?[id].map { ", pos=\"\(Int($0.x)),\(Int($0.y))!\"" } ?? ""
            out +=
                "  \(DOTEscaper.quoted(id)) [label=\(DOTEscaper.label(lines(id))), fillcolor=\"\(HierarchyDOTFormatter.fill(state))\"\(place)];\n"
        }
        for edge in edges {
            var parts = [edge.relation.rawValue]
            parts += edge.added.map { "+\($0)" }
            if step == nil { parts += edge.removed.map { "−\($0)" } }
            var style: String
            switch edge.relation {
            case .child: style = "solid"
            case .tab: style = "bold"
            case .stack: style = "solid"
            case .presents: style = "dashed"
            }
            // Over the whole trace, a child removed by its end (and not added again) is drawn
            // dotted and grey: it no longer holds.
            if step == nil, edge.isGoneAtEnd {
                style = "dotted, color=\"#999999\", fontcolor=\"#777777\""
            }
            // Placed trees have straight edges: the label goes beside the arrow head, clear of
            // the line; dot places an external label itself.
            let text = DOTEscaper.quoted(parts.joined(separator: " "))
            let label = positions == nil ? "xlabel=\(text)" : "headlabel=\(text), labeldistance=3.2, labelangle=-30"
            out +=
                "  \(DOTEscaper.quoted(edge.parent)) -> \(DOTEscaper.quoted(edge.child)) [\(label), style=\(style)];\n"
        }
        out += "}\n"
        return (out, positions != nil)
    }

    static func fill(_ state: AppearanceState?) -> String {
        switch state {
        case .appeared?: return "#d4edda"
        case .appearing?: return "#fff3cd"
        case .disappearing?: return "#f8d7da"
        case .disappeared?: return "#e2e3e5"
        case nil: return "#ffffff"
        }
    }
}
