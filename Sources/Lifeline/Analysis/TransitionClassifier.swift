/// A transition with its controllers as symbols of the trace's store; `Transition` names them.
struct TransitionSpan {
    var kind: Transition.Kind
    var range: ClosedRange<Int>
    var disappearing: [SymbolTable.ID]
    var appearing: [SymbolTable.ID]
}

/// The transitions of a trace walked in steps as its calls come in, each handed out as a span.
struct TransitionSpans {
    private var walk = TransitionDetector.Walk()
    private var classifier: TransitionClassifier? = nil

    /// Walks the calls added since the last step (see `TransitionDetector.Walk.advance`).
    mutating func advance(_ events: EventList, final: Bool, _ body: (TransitionSpan) -> Void) {
        var classifier = self.classifier ?? TransitionClassifier(events)
        self.classifier = nil  // so the one in hand is not shared
        classifier.use(events)
        walk.advance(events, final: final) { range, seen in body(classifier.classify(range, seenBefore: seen)) }
        self.classifier = classifier
    }
}

/// Names the kind of a run of calls and the controllers that disappeared and appeared in it.
/// Per-controller scratch lives in arrays indexed by symbol and is reset after each run, so a
/// long trace costs no hashing per call, and a long run stays linear.
struct TransitionClassifier {
    private var events: EventList
    /// Per symbol: the last appearance target in the run (`AppearanceState` + 1), 0 for none.
    private var lastTarget: [UInt8]
    /// Per symbol: 1 when listed as disappearing, 2 as appearing.
    private var listed: [UInt8]
    private var touched: [SymbolTable.ID] = []
    private var willShows: [Int] = []
    /// Reused for every run: a span handed out shares them until the next run, so a run that
    /// is not kept costs no allocation.
    private var disappearing: [SymbolTable.ID] = [], appearing: [SymbolTable.ID] = []

    init(_ events: EventList) {
        self.events = events
        lastTarget = [UInt8](repeating: 0, count: events.symbols.count)
        listed = lastTarget
    }

    /// Classifies the runs of `events` from now on: the same calls and more.
    mutating func use(_ events: EventList) {
        self.events = events
        let added = events.symbols.count - lastTarget.count
        if added > 0 {
            lastTarget.append(contentsOf: repeatElement(0, count: added))
            listed.append(contentsOf: repeatElement(0, count: added))
        }
    }

    private static let states = AppearanceState.allCases

    @inline(__always) private static func code(_ state: AppearanceState) -> UInt8 {
        switch state {
        case .disappeared: return 1
        case .appearing: return 2
        case .appeared: return 3
        case .disappearing: return 4
        }
    }

    @inline(__always) private func target(_ object: SymbolTable.ID) -> AppearanceState? {
        let code = lastTarget[Int(object)]
        return code == 0 ? nil : TransitionClassifier.states[Int(code) - 1]
    }

    mutating func classify(_ range: ClosedRange<Int>, seenBefore: [Bool]) -> TransitionSpan {
        var kinds = CanonicalEvent.Set()
        disappearing.removeAll(keepingCapacity: true)
        appearing.removeAll(keepingCapacity: true)
        var cancelled = false
        var lastShouldSelect: Int? = nil
        willShows.removeAll(keepingCapacity: true)
        for i in range {
            let row = events.row(at: i)
            guard let c = events.canonical(ofSymbol: row.event) else { continue }
            kinds.insert(c)
            if c == .willShow { willShows.append(i) }
            if c == .shouldSelect { lastShouldSelect = i }
            if let target = AppearanceStateMachine.target(of: c) {
                let object = row.object
                if let previous = self.target(object) {
                    if (previous == .appearing && target == .disappearing) || (previous == .disappearing && target == .appearing) {
                        cancelled = true
                    }
                } else {
                    touched.append(object)
                }
                lastTarget[Int(object)] = TransitionClassifier.code(target)
            }
        }
        for i in range {
            let row = events.row(at: i)
            let c = events.canonical(ofSymbol: row.event)
            let isDisappearing = c == .viewDidDisappear || (c == .viewWillDisappear && !cancelled)
            let isAppearing = c == .viewDidAppear || c == .viewWillAppear
            guard isDisappearing || isAppearing else { continue }
            let object = row.object
            let flag: UInt8 = isDisappearing ? 1 : 2
            guard listed[Int(object)] & flag == 0, target(object) == (isDisappearing ? .disappeared : .appeared) else { continue }
            listed[Int(object)] |= flag
            if isDisappearing { disappearing.append(object) } else { appearing.append(object) }
        }
        let hasAppearance = !touched.isEmpty
        for object in touched {
            lastTarget[Int(object)] = 0
            listed[Int(object)] = 0
        }
        touched.removeAll(keepingCapacity: true)
        let kind = self.kind(kinds, cancelled: cancelled, hasAppearance: hasAppearance, shouldSelect: lastShouldSelect, seenBefore: seenBefore)
        return TransitionSpan(kind: kind, range: range, disappearing: disappearing, appearing: appearing)
    }

    private func kind(
        _ kinds: CanonicalEvent.Set, cancelled: Bool, hasAppearance: Bool, shouldSelect: Int?, seenBefore: [Bool]
    ) -> Transition.Kind {
        if cancelled && !kinds.contains(.shouldSelect) { return .cancelledInteractivePop }
        if kinds.contains(.shouldSelect) || kinds.contains(.didSelect) || kinds.contains(.setSelected) {
            guard !hasAppearance, let i = shouldSelect else { return .tabSwitch }
            let args = events.args(at: i)
            return args["from"] != nil && args["from"] == args["to"] ? .tabReselect : .tabSwitch
        }
        if kinds.contains(.present) { return .present }
        if kinds.contains(.dismiss) { return .dismiss }
        if kinds.contains(.push) { return .push }
        if kinds.contains(.pop) { return .pop }
        // The last `willShow` that names its controller: shown before means a pop.
        for i in willShows.reversed() {
            guard case .string(let target)? = events.args(at: i)["to"] else { continue }
            return events.symbols.existing(target).map { seenBefore[Int($0)] } ?? false ? .pop : .push
        }
        if kinds.contains(.transition) { return .childTransition }
        if kinds.contains(.beginAppearanceTransition) { return .appearanceTransition }
        if [.addChild, .removeFromParent, .willMoveToParent, .didMoveToParent, .addSubview].contains(where: kinds.contains) {
            return .containmentChange
        }
        return .appearanceChange
    }
}
