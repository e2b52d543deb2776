/// The walk that builds a `Hierarchy`, on dense node numbers instead of names: each object and
/// each argument naming one is numbered once, and the controllers an event's arguments name are
/// worked out once per distinct set of arguments, so a long trace costs no string hashing per
/// call.
struct HierarchyWalk {
    struct Edge {
        var parent: Int32, child: Int32
        var relation: Hierarchy.Relation
        var added: [Int], removed: [Int]
    }

    /// The controllers one set of arguments names (-1 for none), and whether `parent` is null.
    private struct Refs {
        var child: Int32 = -1, parent: Int32 = -1, to: Int32 = -1, from: Int32 = -1, selected: Int32 = -1
        var parentIsNull = false
    }

    private let events: EventList
    /// Each node's name, by number; 0 is the unknown object.
    private(set) var names: [String] = [IdentityResolver.unknownObject]
    /// Each name's node is its id here less one: the unknown object is the first.
    private var numbers: SymbolTable = {
        var table = SymbolTable(keepingStrings: false)
        _ = table.id(IdentityResolver.unknownObject)
        return table
    }()
    private(set) var edges: [Edge] = []
    /// Every node the hierarchy mentions, in order of first appearance.
    private(set) var nodes: [Int32] = []
    private var noted: [Bool] = [false]
    /// Per node: the edge that holds it now, -1 for none.
    private var parentOf: [Int32] = [-1]
    /// Per node: the step it was first met at as an object, -1 for not yet.
    private var firstSeen: [Int] = [-1]
    /// Per node: the first step that shows it was on screen (a `viewDidAppear`, or a
    /// disappearance), -1 for not yet.
    private var onScreenAt: [Int] = [-1]
    /// Edges by parent and child.
    private var index = IdMap()
    private var stacks: [Int32: [Int32]] = [:]
    private var pendingPop: [Int32: (nav: Int32, seq: Int)] = [:]  // controller popping off → its nav
    private var pendingDismiss: [Int32: Int] = [:]
    /// Per object symbol: its node, -1 until met.
    private var nodeOfSymbol: [Int32]
    /// Per extras id: what its arguments name, nil until worked out.
    private var refsOfExtras: [Refs?] = []
    private static let unknown: Int32 = 0

    init(_ events: EventList) {
        self.events = events
        nodeOfSymbol = [Int32](repeating: -1, count: events.symbols.count)
    }

    private mutating func number(_ name: String) -> Int32 {
        let n = Int32(numbers.id(name)) - 1
        if n < names.count { return n }
        names.append(name)
        noted.append(false)
        parentOf.append(-1)
        onScreenAt.append(-1)
        firstSeen.append(-1)
        return n
    }

    private mutating func refs(_ extras: UInt32) -> Refs {
        let id = Int(extras)
        if id >= refsOfExtras.count {
            refsOfExtras.append(contentsOf: repeatElement(nil, count: id + 1 - refsOfExtras.count))
        }
        if let known = refsOfExtras[id] { return known }
        // One pass over the arguments (most calls have one or none), then numbered in a fixed
        // order, which is the order nodes are first seen in.
        var child: String?, parent: String?, to: String?, from: String?, selected: String?
        var refs = Refs()
        for (key, value) in events.dictionary(events.extras(extras).args) {
            guard case .string(let s) = value else {
                if key == "parent", value == .null { refs.parentIsNull = true }
                continue
            }
            switch key {
            case "child": child = s
            case "parent": parent = s
            case "to": to = s
            case "from": from = s
            case StateDeriver.selectedViewController: selected = s
            default: break
            }
        }
        func object(_ s: String?) -> Int32 {
            if let s, DisplayNames.isInstanceId(s) { return number(s) }
            return -1
        }
        refs.child = object(child)
        refs.parent = object(parent)
        refs.to = object(to)
        refs.from = object(from)
        refs.selected = object(selected)
        refsOfExtras[id] = refs
        return refs
    }

    private mutating func note(_ node: Int32) {
        if !noted[Int(node)] {
            noted[Int(node)] = true
            nodes.append(node)
        }
    }

    private mutating func add(_ parent: Int32, _ child: Int32, _ relation: Hierarchy.Relation, _ seq: Int) {
        guard parent >= 0, child >= 0, parent != child, parent != Self.unknown, child != Self.unknown else { return }
        note(parent)
        note(child)
        let live = parentOf[Int(child)]
        if live >= 0, edges[Int(live)].parent == parent { return }
        if live >= 0 { edges[Int(live)].removed.append(seq) }
        let key = UInt64(UInt32(parent)) << 32 | UInt64(UInt32(child))
        if let i = index[key] {
            edges[Int(i)].added.append(seq)
            parentOf[Int(child)] = i
        } else {
            index.insert(key, Int32(edges.count))
            parentOf[Int(child)] = Int32(edges.count)
            edges.append(Edge(parent: parent, child: child, relation: relation, added: [seq], removed: []))
        }
    }

    private mutating func remove(_ child: Int32, _ seq: Int) {
        let live = parentOf[Int(child)]
        guard live >= 0 else { return }
        edges[Int(live)].removed.append(seq)
        parentOf[Int(child)] = -1
    }

    mutating func run() {
        for i in events.indices {
            let seq = events.seq(at: i)
            let symbol = Int(events.objectSymbol(at: i))
            let canonical = events.canonical(at: i)
            var object = nodeOfSymbol[symbol]
            if object < 0 {
                object = number(events.symbols[SymbolTable.ID(symbol)])
                nodeOfSymbol[symbol] = object
                note(object)
                if firstSeen[Int(object)] < 0 { firstSeen[Int(object)] = seq }
            }
            if canonical == .viewDidAppear || canonical == .viewWillDisappear || canonical == .viewDidDisappear,
                onScreenAt[Int(object)] < 0
            {
                onScreenAt[Int(object)] = seq
            }
            let extras = events.extrasID(at: i)
            let args = extras == 0 ? Refs() : refs(extras)
            step(canonical, object, args, seq)
        }
    }

    private mutating func step(_ canonical: CanonicalEvent?, _ object: Int32, _ args: Refs, _ seq: Int) {
        switch canonical {
        case .addChild?:
            add(object, args.child, .child, seq)
        case .willMoveToParent?, .didMoveToParent?:
            if args.parent >= 0 {
                add(args.parent, object, .child, seq)
            } else if args.parentIsNull, canonical == .didMoveToParent {
                remove(object, seq)
            }
        case .removeFromParent?:
            remove(args.child >= 0 ? args.child : object, seq)
        case .transition?:
            add(object, args.to, .child, seq)
        case .shouldSelect?, .didSelect?, .setSelected?:
            for root in [args.from, args.to, args.selected] where root >= 0 && parentOf[Int(root)] < 0 {
                add(object, root, .tab, seq)
            }
        case .push?:
            if args.to >= 0 {
                add(object, args.to, .stack, seq)
                stacks[object, default: []].append(args.to)
            }
        case .willShow?:
            let to = args.to
            guard to >= 0 else { break }
            var stack = stacks[object, default: []]
            let onScreen = onScreenAt[Int(to)]
            if !stack.contains(to), onScreen >= 0, onScreen < seq {
                // Showing a controller that was on screen before (it appeared, or it left the
                // screen), but never seen pushed: it is the root under the stack, there since
                // before the trace began, so from its first step on (the tree at any step has
                // it under the controllers pushed on it). A controller being pushed may load
                // and start appearing before the delegate hears of it, but it has not appeared.
                add(object, to, .stack, events.seq(at: events.startIndex))
                stack.insert(to, at: 0)
            }
            if let position = stack.firstIndex(of: to) {
                // Showing a controller already on the stack pops the ones above it once they
                // have disappeared (an interactive pop may still be cancelled).
                for above in stack[(position + 1)...] { pendingPop[above] = (object, seq) }
            } else {
                // Pushed: UIKit put it on the stack before loading it, so it is there from its
                // first call (a root's `viewDidLoad` and `viewWillAppear` come before the
                // delegate's `willShow`, and are the stack's).
                let first = firstSeen[Int(to)]
                let joined = first >= 0 && onScreen < 0 && parentOf[Int(to)] < 0 ? first : seq
                add(object, to, .stack, joined)
                stack.append(to)
            }
            stacks[object] = stack
        case .pop?:
            if let top = stacks[object]?.popLast() { remove(top, seq) }
        case .present?:
            add(object, args.to, .presents, seq)
        case .dismiss?:
            let presentedHere = edges.indices.last {
                parentOf[Int(edges[$0].child)] == Int32($0) && edges[$0].parent == object
                    && edges[$0].relation == .presents
            }.map { edges[$0].child }
            let live = parentOf[Int(object)]
            let presented =
                args.from >= 0
                ? args.from : presentedHere ?? (live >= 0 && edges[Int(live)].relation == .presents ? object : nil)
            if let presented { pendingDismiss[presented] = seq }
        case .viewDidDisappear?:
            // (Most disappearances end no pop or dismissal: no lookup when none is pending.)
            if !pendingPop.isEmpty, let pop = pendingPop.removeValue(forKey: object) {
                remove(object, seq)
                stacks[pop.nav]?.removeAll { $0 == object }
            }
            if !pendingDismiss.isEmpty, pendingDismiss.removeValue(forKey: object) != nil { remove(object, seq) }
        case .viewWillAppear?:
            // A cancelled pop: the controller comes back, so it stays on the stack.
            if !pendingPop.isEmpty { pendingPop[object] = nil }
        case .deinit?:
            remove(object, seq)
        default:
            if args.parent >= 0 { add(args.parent, object, .child, seq) }
        }
    }
}
