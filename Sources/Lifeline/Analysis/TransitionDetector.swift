/// One user-visible change: a run of calls from its trigger (a tap, a push, a present...) until
/// every controller involved is settled again (brief §5).
public struct Transition: Sendable, Hashable {
    public enum Kind: String, Sendable, CaseIterable {
        case tabSwitch = "tab switch"
        case tabReselect = "tab re-tap"
        case push, pop, present, dismiss
        case cancelledInteractivePop = "cancelled interactive pop"
        case childTransition = "child transition"
        case containmentChange = "containment change"
        case appearanceTransition = "appearance transition"
        case appearanceChange = "appearance change"
    }

    public var kind: Kind
    /// Index of the first and last event in `trace.events`.
    public var range: ClosedRange<Int>
    /// Controllers that disappeared and appeared in it, in order.
    public var disappearing: [String]
    public var appearing: [String]

    public var firstSeq: Int { range.lowerBound + 1 }
    public var lastSeq: Int { range.upperBound + 1 }

    /// `tab switch: A → B`
    public func title(_ names: DisplayNames) -> String {
        let from = disappearing.map { names[$0] }.joined(separator: ", ")
        let to = appearing.map { names[$0] }.joined(separator: ", ")
        switch (from.isEmpty, to.isEmpty) {
        case (false, false): return "\(kind.rawValue): \(from) → \(to)"
        case (true, false): return "\(kind.rawValue): → \(to)"
        case (false, true): return "\(kind.rawValue): \(from) →"
        case (true, true): return kind.rawValue
        }
    }
}

/// Splits a trace into transitions. A transition opens at a trigger (`shouldSelect`,
/// `setSelected`, `push`, `pop`, `willShow`, `present`, `dismiss`, `transition`,
/// `beginAppearanceTransition`, a containment call) or at the first appearance call that
/// unsettles a controller. It closes once every controller is settled and every
/// `beginAppearanceTransition` has its end, taking in a directly following `didSelect` or
/// `didShow`. A run of containment calls alone is one transition. Load, layout and custom calls
/// inside join it; outside, they belong to no transition.
public enum TransitionDetector {
    public static func detect(_ trace: Trace) -> [Transition] {
        var result: [Transition] = []
        forEach(in: trace) { result.append($0) }
        return result
    }

    /// Hands each transition to `body` as soon as it closes, keeping none: for long traces.
    public static func forEach(in trace: Trace, _ body: (Transition) -> Void) {
        let symbols = trace.events.symbols
        forEachSpan(in: trace) { body(Transition($0, symbols)) }
    }

    /// The transitions with their controllers as symbols: what the long outputs use.
    static func spans(in trace: Trace) -> [TransitionSpan] {
        var result: [TransitionSpan] = []
        forEachSpan(in: trace) { result.append($0) }
        return result
    }

    /// Hands each transition to `body` as soon as it closes, with its controllers as symbols.
    static func forEachSpan(in trace: Trace, _ body: (TransitionSpan) -> Void) {
        var classifier = TransitionClassifier(trace.events)
        walk(trace) { range, seen in body(classifier.classify(range, seenBefore: seen)) }
    }

    /// Finds the transitions; `close` gets each one's calls and the objects seen before it.
    private static func walk(_ trace: Trace, _ closeTransition: (ClosedRange<Int>, [Bool]) -> Void) {
        let events = trace.events
        var closed = 0
        var state = [AppearanceState?](repeating: nil, count: events.symbols.count)
        var unsettled = 0  // controllers Appearing or Disappearing
        var seen = [Bool](repeating: false, count: events.symbols.count)
        var openStart: Int? = nil
        var awaitingAppearance = false
        var containmentOnly = true
        var hasContainment = false
        // Objects involved in the open transition: those stamped with its number.
        var involvedIn = [Int](repeating: -1, count: events.symbols.count)
        var pendingAppearance = Set<SymbolTable.ID>()
        var related = RelatedObjects()

        func close(at end: Int) {
            guard let start = openStart else { return }
            closeTransition(start...end, seen)
            closed += 1
            for i in start...end { seen[Int(events.objectSymbol(at: i))] = true }
            openStart = nil
            awaitingAppearance = false
            containmentOnly = true
            hasContainment = false
        }

        for i in events.indices {
            let row = events.row(at: i)
            let canonical = events.canonical(ofSymbol: row.event)
            let object = row.object
            let containment = isContainment(canonical)
            let trigger = containment || isTrigger(canonical)
            let settled = unsettled == 0 && pendingAppearance.isEmpty
            if trigger, !containment, openStart != nil, awaitingAppearance, settled,
                canonical != .beginAppearanceTransition
            {
                // A trigger that led to nothing (a re-tap) ends before the next one starts.
                close(at: i - 1)
            }
            if let target = AppearanceStateMachine.target(of: canonical) {
                if openStart == nil { openStart = i }
                let before = state[Int(object)]
                state[Int(object)] = target
                if before.map({ !$0.isSettled }) ?? false { unsettled -= 1 }
                if !target.isSettled { unsettled += 1 }
                awaitingAppearance = false
                containmentOnly = false
            } else if trigger {
                if openStart == nil { openStart = i }
                if !containment {
                    containmentOnly = false
                    awaitingAppearance = canonical != .didSelect
                }
            }
            if canonical == .beginAppearanceTransition { pendingAppearance.insert(object) }
            if canonical == .endAppearanceTransition { pendingAppearance.remove(object) }
            if openStart == nil {
                seen[Int(object)] = true
            } else {
                involvedIn[Int(object)] = closed
                related.forEach(events, extras: row.extras) { involvedIn[Int($0)] = closed }
                if containment || canonical == .transition { hasContainment = true }
            }
            let nowSettled = unsettled == 0 && pendingAppearance.isEmpty
            guard openStart != nil, nowSettled, !awaitingAppearance else { continue }
            let next = i + 1 < events.count ? events.canonical(at: i + 1) : nil
            if next == .didSelect || next == .didShow || next == .endAppearanceTransition { continue }
            if next == .viewDidAppear || next == .viewDidDisappear { continue }
            if containmentOnly, i + 1 < events.count, isContainment(next) || isNeutral(next) { continue }
            // A containment change and the appearance calls it causes on the same controllers
            // are one change: a child added and shown, or hidden and removed.
            let startsNewChange = !containmentOnly && (next == .addChild || next == .willMoveToParent)
            if hasContainment, !startsNewChange, i + 1 < events.count, involvedIn[Int(events.objectSymbol(at: i + 1))] == closed,
                isContainment(next) || next == .transition || AppearanceStateMachine.target(of: next) != nil
            {
                continue
            }
            close(at: i)
        }
        if openStart != nil { close(at: events.count - 1) }
    }

    /// The objects an event's `child`, `parent`, `from` and `to` arguments name, worked out once
    /// per distinct extras (arguments, state and note) and kept in flat arrays indexed by the
    /// extras id.
    private struct RelatedObjects {
        /// Per extras id: where its objects start in `found` and how many there are; -1 when
        /// not worked out yet.
        private var start: [Int32] = []
        private var count: [UInt8] = []
        private var found: [SymbolTable.ID] = []

        mutating func forEach(_ events: EventList, extras id: UInt32, _ body: (SymbolTable.ID) -> Void) {
            let id = Int(id)
            if id == 0 { return }
            if id >= start.count {
                start.append(contentsOf: repeatElement(-1, count: id + 1 - start.count))
                count.append(contentsOf: repeatElement(0, count: id + 1 - count.count))
            }
            if start[id] < 0 {
                let args = events.dictionary(events.extras(UInt32(id)).args)
                start[id] = Int32(found.count)
                for key in ["child", "parent", "from", "to"] {
                    guard case .string(let other)? = args[key], let symbol = events.symbols.existing(other) else { continue }
                    found.append(symbol)
                    count[id] += 1
                }
            }
            let first = Int(start[id])
            for k in first..<(first + Int(count[id])) { body(found[k]) }
        }
    }

    static func isTrigger(_ event: CanonicalEvent?) -> Bool {
        switch event {
        case .shouldSelect?, .setSelected?, .didSelect?, .push?, .pop?, .willShow?, .present?, .dismiss?, .transition?,
            .beginAppearanceTransition?:
            return true
        default: return false
        }
    }

    static func isContainment(_ event: CanonicalEvent?) -> Bool {
        switch event {
        case .addChild?, .willMoveToParent?, .didMoveToParent?, .removeFromParent?, .addSubview?, .removeFromSuperview?:
            return true
        default: return false
        }
    }

    /// Load, layout and custom calls: they join a transition but never start or end one.
    static func isNeutral(_ event: CanonicalEvent?) -> Bool {
        guard let event else { return true }
        return event.kind == .load || event.kind == .layout || event == .viewIsAppearing
    }
}
