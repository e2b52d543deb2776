/// One user-visible change: a run of calls from its trigger (a tap, a push, a present...) until
/// every controller involved is settled again (brief §5).
public struct Transition: Sendable, Hashable {
    public enum Kind: String, Sendable {
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
        var state: [String: AppearanceState] = [:]
        var unsettled = 0  // controllers Appearing or Disappearing
        var seen = Set<String>()
        var openStart: Int? = nil
        var awaitingAppearance = false
        var containmentOnly = true
        var hasContainment = false
        var involved = Set<String>()
        var pendingAppearance = Set<String>()
        let events = trace.events

        func close(at end: Int) {
            guard let start = openStart else { return }
            result.append(classify(events, start...end, seenBefore: seen))
            for i in start...end { seen.insert(events[i].object) }
            openStart = nil
            awaitingAppearance = false
            containmentOnly = true
            hasContainment = false
            involved = []
        }

        for (i, event) in events.enumerated() {
            let canonical = event.canonical
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
                let before = state.updateValue(target, forKey: event.object)
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
            if canonical == .beginAppearanceTransition { pendingAppearance.insert(event.object) }
            if canonical == .endAppearanceTransition { pendingAppearance.remove(event.object) }
            if openStart == nil {
                seen.insert(event.object)
            } else {
                involved.insert(event.object)
                for key in ["child", "parent", "from", "to"] {
                    if case .string(let other)? = event.args[key] { involved.insert(other) }
                }
                if containment || canonical == .transition { hasContainment = true }
            }
            let nowSettled = unsettled == 0 && pendingAppearance.isEmpty
            guard openStart != nil, nowSettled, !awaitingAppearance else { continue }
            let next = i + 1 < events.count ? events[i + 1].canonical : nil
            if next == .didSelect || next == .didShow || next == .endAppearanceTransition { continue }
            if next == .viewDidAppear || next == .viewDidDisappear { continue }
            if containmentOnly, i + 1 < events.count, isContainment(next) || isNeutral(next) { continue }
            // A containment change and the appearance calls it causes on the same controllers
            // are one change: a child added and shown, or hidden and removed.
            let startsNewChange = !containmentOnly && (next == .addChild || next == .willMoveToParent)
            if hasContainment, !startsNewChange, i + 1 < events.count, involved.contains(events[i + 1].object),
                isContainment(next) || next == .transition || AppearanceStateMachine.target(of: next) != nil
            {
                continue
            }
            close(at: i)
        }
        if openStart != nil { close(at: events.count - 1) }
        return result
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

    static func classify(_ events: EventList, _ range: ClosedRange<Int>, seenBefore: Set<String>) -> Transition {
        var kinds = Set<CanonicalEvent>()
        var disappearing: [String] = [], appearing: [String] = []
        var lastTarget: [String: AppearanceState] = [:]
        var cancelled = false
        var willShowTarget: String? = nil
        var tabFrom: ArgValue? = nil, tabTo: ArgValue? = nil
        for i in range {
            let e = events[i]
            guard let c = e.canonical else { continue }
            kinds.insert(c)
            if c == .willShow, case .string(let to)? = e.args["to"] { willShowTarget = to }
            if c == .shouldSelect { tabFrom = e.args["from"]; tabTo = e.args["to"] }
            if let target = AppearanceStateMachine.target(of: c) {
                if let previous = lastTarget[e.object],
                    (previous == .appearing && target == .disappearing) || (previous == .disappearing && target == .appearing)
                {
                    cancelled = true
                }
                lastTarget[e.object] = target
            }
        }
        for i in range {
            let e = events[i]
            if e.canonical == .viewDidDisappear || (e.canonical == .viewWillDisappear && !cancelled) {
                if !disappearing.contains(e.object) && lastTarget[e.object] == .disappeared { disappearing.append(e.object) }
            }
            if e.canonical == .viewDidAppear || e.canonical == .viewWillAppear {
                if !appearing.contains(e.object) && lastTarget[e.object] == .appeared { appearing.append(e.object) }
            }
        }
        let hasAppearance = !lastTarget.isEmpty
        let kind: Transition.Kind
        if cancelled && !kinds.contains(.shouldSelect) {
            kind = .cancelledInteractivePop
        } else if kinds.contains(.shouldSelect) || kinds.contains(.didSelect) || kinds.contains(.setSelected) {
            kind = !hasAppearance && tabFrom != nil && tabFrom == tabTo ? .tabReselect : .tabSwitch
        } else if kinds.contains(.present) {
            kind = .present
        } else if kinds.contains(.dismiss) {
            kind = .dismiss
        } else if kinds.contains(.push) {
            kind = .push
        } else if kinds.contains(.pop) {
            kind = .pop
        } else if let target = willShowTarget {
            kind = seenBefore.contains(target) ? .pop : .push
        } else if kinds.contains(.transition) {
            kind = .childTransition
        } else if kinds.contains(.beginAppearanceTransition) {
            kind = .appearanceTransition
        } else if !kinds.isDisjoint(with: [.addChild, .removeFromParent, .willMoveToParent, .didMoveToParent, .addSubview]) {
            kind = .containmentChange
        } else {
            kind = .appearanceChange
        }
        return Transition(kind: kind, range: range, disappearing: disappearing, appearing: appearing)
    }
}
