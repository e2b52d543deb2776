/// Who contained whom, over time (brief §5). Built from containment calls, navigation stacks,
/// tab roots, presentations and `args.parent`.
public struct Hierarchy: Sendable {
    public enum Relation: String, Sendable {
        /// `addChild` / `didMove(toParent:)` / `transition(from:to:)`.
        case child
        /// A tab's root controller: the tab bar delegate's argument.
        case tab
        /// A navigation stack entry (`push`, `willShow`).
        case stack
        /// A modal presentation.
        case presents
    }

    public struct Edge: Sendable, Hashable {
        public var parent: String
        public var child: String
        public var relation: Relation
        /// Steps (`seq`) at which the child was added to, and removed from, the parent.
        public var added: [Int]
        public var removed: [Int]

        /// Whether the edge exists after step `seq`.
        public func isAlive(at seq: Int) -> Bool {
            let lastAdd = added.last { $0 <= seq } ?? 0
            let lastRemove = removed.last { $0 <= seq } ?? 0
            return lastAdd > 0 && lastAdd > lastRemove
        }
    }

    /// Edges in order of first appearance.
    public private(set) var edges: [Edge] = []
    /// Every object the hierarchy mentions, in order of first appearance.
    public private(set) var nodes: [String] = []

    public init(_ trace: Trace) {
        var index: [String: Int] = [:]  // "parent\tchild" → edges index
        var parentOf: [String: Int] = [:]  // child → live edge index
        var seenNodes = Set<String>()
        var stacks: [String: [String]] = [:]
        var pendingPop: [String: (nav: String, seq: Int)] = [:]  // controller popping off → its nav
        var pendingDismiss: [String: Int] = [:]
        var firstSeen: [String: Int] = [:]

        func note(_ id: String) {
            if seenNodes.insert(id).inserted { nodes.append(id) }
        }
        func add(_ parent: String, _ child: String, _ relation: Relation, _ seq: Int) {
            guard parent != child, parent != IdentityResolver.unknownObject, child != IdentityResolver.unknownObject else { return }
            note(parent)
            note(child)
            if let live = parentOf[child], edges[live].parent == parent { return }
            if let live = parentOf[child] { edges[live].removed.append(seq) }
            let key = parent + "\t" + child
            if let i = index[key] {
                edges[i].added.append(seq)
                parentOf[child] = i
            } else {
                index[key] = edges.count
                parentOf[child] = edges.count
                edges.append(Edge(parent: parent, child: child, relation: relation, added: [seq], removed: []))
            }
        }
        func remove(_ child: String, _ seq: Int) {
            guard let live = parentOf[child] else { return }
            edges[live].removed.append(seq)
            parentOf[child] = nil
        }
        func object(_ value: ArgValue?) -> String? {
            if case .string(let s)? = value, DisplayNames.isInstanceId(s) { return s }
            return nil
        }

        let events = trace.events
        var met = [Bool](repeating: false, count: events.symbols.count)
        for i in events.indices {
            let seq = events.seq(at: i)
            let symbol = Int(events.objectSymbol(at: i))
            let canonical = events.canonical(at: i)
            let event = EventView(object: events.symbols[SymbolTable.ID(symbol)], canonical: canonical, args: events.args(at: i))
            if !met[symbol] {
                met[symbol] = true
                note(event.object)
                if firstSeen[event.object] == nil { firstSeen[event.object] = seq }
            }
            switch canonical {
            case .addChild?:
                if let child = object(event.args["child"]) { add(event.object, child, .child, seq) }
            case .willMoveToParent?, .didMoveToParent?:
                if let parent = object(event.args["parent"]) {
                    add(parent, event.object, .child, seq)
                } else if event.args["parent"] == .null, event.canonical == .didMoveToParent {
                    remove(event.object, seq)
                }
            case .removeFromParent?:
                remove(object(event.args["child"]) ?? event.object, seq)
            case .transition?:
                if let to = object(event.args["to"]) { add(event.object, to, .child, seq) }
            case .shouldSelect?, .didSelect?, .setSelected?:
                for key in ["from", "to", StateDeriver.selectedViewController] {
                    if let root = object(event.args[key]), parentOf[root] == nil { add(event.object, root, .tab, seq) }
                }
            case .push?:
                if let to = object(event.args["to"]) {
                    add(event.object, to, .stack, seq)
                    stacks[event.object, default: []].append(to)
                }
            case .willShow?:
                guard let to = object(event.args["to"]) else { break }
                var stack = stacks[event.object, default: []]
                if !stack.contains(to), let first = firstSeen[to], first < seq {
                    // Showing a controller the log met before, but never saw pushed: it is the
                    // root under the stack, there since before the trace began.
                    add(event.object, to, .stack, first)
                    stack.insert(to, at: 0)
                }
                if let position = stack.firstIndex(of: to) {
                    // Showing a controller already on the stack pops the ones above it once they
                    // have disappeared (an interactive pop may still be cancelled).
                    for above in stack[(position + 1)...] { pendingPop[above] = (event.object, seq) }
                } else {
                    add(event.object, to, .stack, seq)
                    stack.append(to)
                }
                stacks[event.object] = stack
            case .pop?:
                if let top = stacks[event.object]?.popLast() { remove(top, seq) }
            case .present?:
                if let to = object(event.args["to"]) { add(event.object, to, .presents, seq) }
            case .dismiss?:
                let presentedHere = edges.indices.last { parentOf[edges[$0].child] == $0 && edges[$0].parent == event.object && edges[$0].relation == .presents }.map { edges[$0].child }
                let presented = object(event.args["from"]) ?? presentedHere
                    ?? (parentOf[event.object].map { edges[$0].relation == .presents } == true ? event.object : nil)
                if let presented { pendingDismiss[presented] = seq }
            case .viewDidDisappear?:
                // (Most disappearances end no pop or dismissal: no lookup when none is pending.)
                if !pendingPop.isEmpty, let pop = pendingPop.removeValue(forKey: event.object) {
                    remove(event.object, seq)
                    stacks[pop.nav]?.removeAll { $0 == event.object }
                }
                if !pendingDismiss.isEmpty, pendingDismiss.removeValue(forKey: event.object) != nil { remove(event.object, seq) }
            case .viewWillAppear?:
                // A cancelled pop: the controller comes back, so it stays on the stack.
                if !pendingPop.isEmpty { pendingPop[event.object] = nil }
            case .deinit?:
                remove(event.object, seq)
            default:
                if let parent = object(event.args["parent"]) { add(parent, event.object, .child, seq) }
            }
        }
    }

    /// What the walk reads of an event: no more than it needs.
    private struct EventView {
        var object: String
        var canonical: CanonicalEvent?
        var args: [String: ArgValue]
    }

    /// The edges alive after step `seq`.
    public func edges(at seq: Int) -> [Edge] { edges.filter { $0.isAlive(at: seq) } }

    /// Nodes with no parent edge: the roots of the union graph.
    public var roots: [String] {
        let children = Set(edges.map(\.child))
        return nodes.filter { !children.contains($0) }
    }
}
