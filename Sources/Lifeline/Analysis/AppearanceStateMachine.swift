/// A controller's appearance state.
package enum AppearanceState: String, Sendable, CaseIterable {
    case disappeared = "Disappeared"
    case appearing = "Appearing"
    case appeared = "Appeared"
    case disappearing = "Disappearing"

    package var isSettled: Bool { self == .disappeared || self == .appeared }

    /// The state as a small number, for per-controller scratch kept as bytes: 1 Disappeared,
    /// 2 Appearing, 3 Appeared, 4 Disappearing (0 stands for none).
    @inline(__always) var code: UInt8 {
        switch self {
        case .disappeared: return 1
        case .appearing: return 2
        case .appeared: return 3
        case .disappearing: return 4
        }
    }

    /// The state of a `code`; nil for 0.
    @inline(__always) init?(code: UInt8) {
        switch code {
        case 1: self = .disappeared
        case 2: self = .appearing
        case 3: self = .appeared
        case 4: self = .disappearing
        default: return nil
        }
    }
}

/// One move of a controller's appearance state, legal or not.
package struct StateStep: Sendable, Hashable {
    package var seq: Int
    package var event: String
    package var from: AppearanceState
    package var to: AppearanceState
    /// Nil when the move is legal; otherwise the rule it breaks.
    package var violation: String?
}

/// Runs every controller through the appearance state machine:
/// Disappeared →wA→ Appearing →dA→ Appeared →wD→ Disappearing →dD→ Disappeared, plus the two
/// cancel edges Appearing →wD→ Disappearing and Disappearing →wA→ Appearing (a cancelled
/// interactive pop). A controller's first call is taken as legal, since a log may begin in
/// the middle of a session. Anything else is recorded as a violation and the controller takes the
/// state the call implies, so one bad call does not hide the next.
package struct AppearanceStateMachine: Sendable {
    /// Each controller's moves, in trace order. Controllers in order of first appearance call.
    package private(set) var steps: [String: [StateStep]] = [:]
    package private(set) var controllers: [String] = []
    /// Each controller's state after the whole trace.
    package private(set) var finalState: [String: AppearanceState] = [:]

    /// What came before a step that broke the machine, from its controller's steps: the last
    /// one (its `seq` and the state it led to), and the last into `appeared` and into
    /// `disappeared`. Numbers only, so a trace that breaks the machine on every call keeps
    /// little per call.
    package struct Before: Sendable {
        package var lastSeq: Int?
        package var lastState: AppearanceState?
        package var appearedSeq: Int?
        package var disappearedSeq: Int?
    }

    /// For each step that broke the machine, by its `seq`: what came before it. Kept whether
    /// or not every step is.
    package private(set) var before: [Int: Before] = [:]

    /// With `keepingSteps` false, only the steps that break the machine are kept (enough for
    /// `violations`, `before` and `finalState`), which spares memory on long traces.
    package init(_ trace: Trace, keepingSteps: Bool = true) {
        let events = trace.events
        var stepsBySymbol: [[StateStep]] = []
        var recent: [Before] = []
        var slot = [Int](repeating: -1, count: events.symbols.count)
        var order: [SymbolTable.ID] = []
        var final = [AppearanceState?](repeating: nil, count: events.symbols.count)
        var before: [Int: Before] = [:]
        AppearanceStateMachine.forEachStep(in: trace) { object, step in
            if slot[Int(object)] < 0 {
                slot[Int(object)] = stepsBySymbol.count
                stepsBySymbol.append([])
                recent.append(Before())
                order.append(object)
            }
            let k = slot[Int(object)]
            if step.violation != nil { before[step.seq] = recent[k] }
            if keepingSteps || step.violation != nil { stepsBySymbol[k].append(step) }
            (recent[k].lastSeq, recent[k].lastState) = (step.seq, step.to)
            if step.to == .appeared { recent[k].appearedSeq = step.seq }
            if step.to == .disappeared { recent[k].disappearedSeq = step.seq }
            final[Int(object)] = step.to
        }
        self.before = before
        for object in order {
            let name = events.symbols[object]
            controllers.append(name)
            steps[name] = stepsBySymbol[slot[Int(object)]]
            finalState[name] = final[Int(object)]
        }
    }

    /// Hands each appearance call's step to `body` with its controller's symbol, in trace
    /// order, keeping none: for long traces.
    package static func forEachStep(in trace: Trace, _ body: (SymbolTable.ID, StateStep) -> Void) {
        let events = trace.events
        var current = [AppearanceState?](repeating: nil, count: events.symbols.count)
        // Calls on an object the log does not name (`?`) may be several controllers', so their
        // moves break nothing.
        let unknown = events.symbols.existing(IdentityResolver.unknownObject)
        for i in events.indices {
            let canonical = events.canonical(at: i)
            guard let target = AppearanceStateMachine.target(of: canonical) else { continue }
            let object = events.objectSymbol(at: i)
            // A trace may start mid-session: before its first call a controller is taken to be
            // in the state that call naturally follows.
            let from = current[Int(object)] ?? AppearanceStateMachine.predecessor(of: target)
            let violation = object == unknown ? nil : AppearanceStateMachine.violation(from: from, event: canonical!)
            body(
                object,
                StateStep(
                    seq: events.seq(at: i), event: canonical!.rawValue, from: from, to: target, violation: violation))
            current[Int(object)] = target
        }
    }

    static func target(of event: CanonicalEvent?) -> AppearanceState? {
        switch event {
        case .viewWillAppear?: return .appearing
        case .viewDidAppear?: return .appeared
        case .viewWillDisappear?: return .disappearing
        case .viewDidDisappear?: return .disappeared
        default: return nil
        }
    }

    /// The appearance call that moves a controller to `target`, as `target(of:)` reads it.
    static func event(reaching target: AppearanceState) -> CanonicalEvent {
        switch target {
        case .appearing: return .viewWillAppear
        case .appeared: return .viewDidAppear
        case .disappearing: return .viewWillDisappear
        case .disappeared: return .viewDidDisappear
        }
    }

    static func predecessor(of target: AppearanceState) -> AppearanceState {
        switch target {
        case .appearing: return .disappeared
        case .appeared: return .appearing
        case .disappearing: return .appeared
        case .disappeared: return .disappearing
        }
    }

    /// The rule a call breaks in a state, or nil when the move is legal.
    static func violation(from state: AppearanceState, event: CanonicalEvent) -> String? {
        switch (state, event) {
        case (.disappeared, .viewWillAppear), (.appearing, .viewDidAppear), (.appeared, .viewWillDisappear),
            (.disappearing, .viewDidDisappear), (.appearing, .viewWillDisappear), (.disappearing, .viewWillAppear):
            return nil
        case (.appeared, .viewDidAppear): return "double-appear"
        case (.disappeared, .viewDidDisappear): return "double-disappear"
        case (.appearing, .viewWillAppear), (.disappearing, .viewWillDisappear): return "repeated-will"
        case (.disappeared, .viewDidAppear), (.appeared, .viewDidDisappear), (.disappearing, .viewDidAppear),
            (.appearing, .viewDidDisappear):
            return "did-without-will"
        case (.disappeared, .viewWillDisappear): return "disappear-without-appear"
        case (.appeared, .viewWillAppear): return "appear-while-appeared"
        default: return nil
        }
    }

    /// The steps that broke the machine, in trace order.
    package var violations: [(object: String, step: StateStep)] {
        controllers.flatMap { object in steps[object, default: []].filter { $0.violation != nil }.map { (object, $0) } }
            .sorted { $0.step.seq < $1.step.seq }
    }
}
