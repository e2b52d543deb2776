/// What the trace viewer's page embeds, as one JSON object: the steps (a row of numbers and
/// indices each, texts kept once), the containment edges with the steps they were added and
/// removed at (the page builds the tree at any step from them), each controller's appearance
/// changes, the transitions and the findings; with a second trace, its steps and the rows that
/// align the two as `diff` does.
///
/// ```
/// {"source":"tab.log","objects":["UITabBarController","A","B"],"texts":["shouldSelect(to: B)",…],
///  "states":["","selectedViewController = A"],"steps":[[1,0.0,0,0,1,-1],…],"edges":[[0,1,"tab",[1],[]]],
///  "lanes":[[1,[[1,2],[5,1]]]],"transitions":[[1,6,"tab switch: A → B"]],"findings":[[3,"double-appear","…"]]}
/// ```
/// A step is `[seq, time or null, object, text, state, selected]`: indices into `objects`,
/// `texts` and `states`, and the controller `selectedViewController` names then (-1 for none).
/// A lane change is `[seq, state]` with states numbered as `stateNames`.
struct ViewerData {
    private var objects: [String] = []
    private var objectIndex: [String: Int] = [:]
    private var texts: [String] = []
    private var textIndex: [String: Int] = [:]
    private var states: [String] = [""]
    private var stateIndex: [String: Int] = ["": 0]
    private let names: DisplayNames

    init(names: DisplayNames) { self.names = names }

    /// The page's data for `trace`, and for `other` aligned by `diff` when comparing.
    static func json(_ trace: Trace, compare other: Trace? = nil, diff: TraceDiff? = nil) -> String {
        var data = ViewerData(names: DisplayNames(trace))
        var out = "{" + data.members(of: trace)
        if let other, let diff {
            var second = ViewerData(names: DisplayNames(other))
            out += ",\"other\":{" + second.members(of: other) + "}"
            out += ",\"align\":[" + align(diff).joined(separator: ",") + "]"
        }
        return out + "}"
    }

    /// `diff`'s rows as `[a, b, kind]`: step indices in each trace (-1 for none).
    private static func align(_ diff: TraceDiff) -> [String] {
        diff.rows.compactMap { row in
            switch row {
            case .same(let a, let b): return "[\(a),\(b),\"same\"]"
            case .changed(let a, let b, _): return "[\(a),\(b),\"changed\"]"
            case .missing(let a): return "[\(a),-1,\"missing\"]"
            case .extra(let b): return "[-1,\(b),\"extra\"]"
            case .movedFrom(let a, _): return "[\(a),-1,\"moved\"]"
            case .movedTo(_, let b, _): return "[-1,\(b),\"moved\"]"
            }
        }
    }

    private mutating func object(_ id: String) -> Int {
        if let k = objectIndex[id] { return k }
        objectIndex[id] = objects.count
        objects.append(names[id])
        return objects.count - 1
    }

    private mutating func text(_ s: String) -> Int {
        if let k = textIndex[s] { return k }
        textIndex[s] = texts.count
        texts.append(s)
        return texts.count - 1
    }

    private mutating func state(_ s: String) -> Int {
        if let k = stateIndex[s] { return k }
        stateIndex[s] = states.count
        states.append(s)
        return states.count - 1
    }

    private static func list(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }

    /// The members of one trace's object, without braces.
    private mutating func members(of trace: Trace) -> String {
        let events = trace.events
        var calls = CallTexts(names)
        var carried: [String: ArgValue] = [:]
        var steps: [String] = []
        steps.reserveCapacity(events.count)
        for i in events.indices {
            for (key, value) in events.state(at: i) { carried[key] = value }
            let stateText = carried.keys.sorted().map { "\($0) = \(names.show(carried[$0]!))" }.joined(separator: ", ")
            let selected = carried["selectedViewController"]?.stringValue.map { object($0) } ?? -1
            let time = events.time(at: i).map { NumberFormat.decimal($0) } ?? "null"
            let o = object(
                events.objectSymbol(at: i) == 0
                    ? IdentityResolver.unknownObject : events.symbols[events.objectSymbol(at: i)])
            steps.append(
                "[\(events.seq(at: i)),\(time),\(o),\(text(calls.text(events, at: i))),\(state(stateText)),\(selected)]"
            )
        }
        let hierarchy = Hierarchy(trace)
        let edges = hierarchy.edges.map { e in
            "[\(object(e.parent)),\(object(e.child)),\"\(e.relation.rawValue)\",\(Self.list(e.added.map(String.init))),\(Self.list(e.removed.map(String.init)))]"
        }
        let lanes = AppearanceTimeline(trace).lanes.map { lane -> String in
            let changes = lane.intervals.map { interval in
                "[\(interval.startSeq),\(AppearanceState.allCases.firstIndex(of: interval.state)!)]"
            }
            return "[\(object(lane.object)),\(Self.list(changes))]"
        }
        let transitions = TransitionDetector.detect(trace).map { t in
            "[\(t.firstSeq),\(t.lastSeq),\(JSONEscaper.quoted(t.title(names)))]"
        }
        let findings = Linter().run(trace).map { f in
            "[\(f.seq),\(JSONEscaper.quoted(f.rule)),\(JSONEscaper.quoted(f.message))]"
        }
        var members = "\"source\":\(JSONEscaper.quoted(trace.source))"
        members += ",\"stateNames\":" + Self.list(AppearanceState.allCases.map { JSONEscaper.quoted($0.rawValue) })
        members += ",\"steps\":" + Self.list(steps)
        members += ",\"edges\":" + Self.list(edges)
        members += ",\"lanes\":" + Self.list(lanes)
        members += ",\"transitions\":" + Self.list(transitions)
        members += ",\"findings\":" + Self.list(findings)
        members += ",\"objects\":" + Self.list(objects.map(JSONEscaper.quoted))
        members += ",\"texts\":" + Self.list(texts.map(JSONEscaper.quoted))
        members += ",\"states\":" + Self.list(states.map(JSONEscaper.quoted))
        return members
    }
}
