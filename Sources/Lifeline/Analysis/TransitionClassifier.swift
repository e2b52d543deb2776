/// A transition with its controllers as symbols of the trace's store; `Transition` names them.
struct TransitionSpan {
    var kind: Transition.Kind
    var range: ClosedRange<Int>
    var disappearing: [SymbolTable.ID]
    var appearing: [SymbolTable.ID]
}

/// Names the kind of a run of calls and the controllers that disappeared and appeared in it.
/// The walk hands it each call of the open run as it goes (`add`), so closing the run reads
/// no call twice. Per-controller scratch lives in arrays indexed by symbol and is reset after
/// each run, so a long trace costs no hashing per call, and a long run stays linear.
struct TransitionClassifier {
    /// Per symbol: the last appearance target in the run (`AppearanceState.code`), 0 for none.
    private var lastTarget = Slots<UInt8>()
    /// Per symbol: 1 when listed as disappearing, 2 as appearing.
    private var listed = Slots<UInt8>()
    private var touched = Slots<SymbolTable.ID>()
    /// The run's appearance calls, in order: each one's event ordinal above its object.
    private var appearances = Slots<UInt64>()
    private var willShows = Slots<Int>()
    private var kinds = CanonicalEvent.Set()
    private var cancelled = false
    private var lastShouldSelect: Int? = nil
    /// Reused for every run: a span handed out shares them until the next run, so a run that
    /// is not kept costs no allocation.
    private var disappearing: [SymbolTable.ID] = [], appearing: [SymbolTable.ID] = []

    /// Makes the scratch this classifier's own (a copy may share it), with room for symbols up
    /// to `count`.
    mutating func prepare(symbols count: Int) {
        Slots.unique(&lastTarget)
        Slots.unique(&listed)
        Slots.unique(&touched)
        Slots.unique(&appearances)
        Slots.unique(&willShows)
        lastTarget.grow(to: count, filling: 0)
        listed.grow(to: count, filling: 0)
    }

    /// Takes in the call at `index` of the open run: `object` called `event`.
    @inline(__always) mutating func add(_ index: Int, object: SymbolTable.ID, event c: CanonicalEvent) {
        kinds.insert(c)
        if c == .willShow { willShows.append(index) }
        if c == .shouldSelect { lastShouldSelect = index }
        guard let target = AppearanceStateMachine.target(of: c) else { return }
        let previous = lastTarget[Int(object)]
        if previous == 0 {
            touched.append(object)
        } else if (previous == AppearanceState.appearing.code && target == .disappearing)
            || (previous == AppearanceState.disappearing.code && target == .appearing)
        {
            cancelled = true
        }
        lastTarget[Int(object)] = target.code
        appearances.append(UInt64(c.ordinal) << 32 | UInt64(object))
    }

    /// The run of calls `range` of `events`, whose calls were all added, and starts afresh.
    /// `firstCall` gives each symbol's first call, to tell whether a controller was seen before.
    mutating func close(_ range: ClosedRange<Int>, events: EventList, firstCall: Slots<Int>) -> TransitionSpan {
        TransitionClassifier.empty(&disappearing)
        TransitionClassifier.empty(&appearing)
        let willDisappear = UInt64(CanonicalEvent.viewWillDisappear.ordinal), didDisappear = UInt64(CanonicalEvent.viewDidDisappear.ordinal)
        let willAppear = UInt64(CanonicalEvent.viewWillAppear.ordinal), didAppear = UInt64(CanonicalEvent.viewDidAppear.ordinal)
        for k in 0..<appearances.count {
            let c = appearances[k] >> 32
            let isDisappearing = c == didDisappear || (c == willDisappear && !cancelled)
            let isAppearing = c == didAppear || c == willAppear
            guard isDisappearing || isAppearing else { continue }
            let object = SymbolTable.ID(truncatingIfNeeded: appearances[k])
            let flag: UInt8 = isDisappearing ? 1 : 2
            let settled: AppearanceState = isDisappearing ? .disappeared : .appeared
            guard listed[Int(object)] & flag == 0, lastTarget[Int(object)] == settled.code else { continue }
            listed[Int(object)] |= flag
            if isDisappearing { disappearing.append(object) } else { appearing.append(object) }
        }
        let hasAppearance = !touched.isEmpty
        for k in 0..<touched.count {
            lastTarget[Int(touched[k])] = 0
            listed[Int(touched[k])] = 0
        }
        let kind = self.kind(events, hasAppearance: hasAppearance) { firstCall[Int($0)] < range.lowerBound }
        touched.removeAll()
        appearances.removeAll()
        willShows.removeAll()
        kinds = CanonicalEvent.Set()
        cancelled = false
        lastShouldSelect = nil
        return TransitionSpan(kind: kind, range: range, disappearing: disappearing, appearing: appearing)
    }

    /// Empties a short list, keeping its memory: element by element, which for the one or two
    /// elements a run lists is cheaper than `removeAll(keepingCapacity:)`.
    @inline(__always) private static func empty(_ list: inout [SymbolTable.ID]) {
        while !list.isEmpty { list.removeLast() }
    }

    private func kind(_ events: EventList, hasAppearance: Bool, seenBefore: (SymbolTable.ID) -> Bool) -> Transition.Kind {
        if cancelled && !kinds.contains(.shouldSelect) { return .cancelledInteractivePop }
        if kinds.contains(.shouldSelect) || kinds.contains(.didSelect) || kinds.contains(.setSelected) {
            guard !hasAppearance, let i = lastShouldSelect else { return .tabSwitch }
            let args = events.args(at: i)
            return args["from"] != nil && args["from"] == args["to"] ? .tabReselect : .tabSwitch
        }
        if kinds.contains(.present) { return .present }
        if kinds.contains(.dismiss) { return .dismiss }
        if kinds.contains(.push) { return .push }
        if kinds.contains(.pop) { return .pop }
        // The last `willShow` that names its controller: shown before means a pop.
        for k in stride(from: willShows.count - 1, through: 0, by: -1) {
            guard case .string(let target)? = events.args(at: willShows[k])["to"] else { continue }
            return events.symbols.existing(target).map(seenBefore) ?? false ? .pop : .push
        }
        if kinds.contains(.transition) { return .childTransition }
        if kinds.contains(.beginAppearanceTransition) { return .appearanceTransition }
        if [.addChild, .removeFromParent, .willMoveToParent, .didMoveToParent, .addSubview].contains(where: kinds.contains) {
            return .containmentChange
        }
        return .appearanceChange
    }
}
