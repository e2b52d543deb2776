/// A transition with its controllers as symbols of the trace's store; `Transition` names them.
struct TransitionSpan {
    var kind: Transition.Kind
    var range: ClosedRange<Int>
    var disappearing: [SymbolTable.ID]
    var appearing: [SymbolTable.ID]
    /// Which side's will-call came first (bits 0–1) and which side's did-call (bits 2–3):
    /// 0 unknown, 1 the disappearing controller's, 2 the appearing one's; and when
    /// `selectedViewController` changed (bits 4–6, `Transition.SelectionChange`, 0 for none;
    /// bit 7 when only `didSelect` showed it).
    var order: UInt8 = 0
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
    /// The controllers released (`deinit`) in the run.
    private var released: [SymbolTable.ID] = []
    /// Per symbol: 1 once its view was loaded (`viewDidLoad`, `loadView`).
    private var loaded = Slots<UInt8>()
    /// The run's appearance calls, in order: each one's event ordinal above its object.
    private var appearances = Slots<UInt64>()
    private var kinds = CanonicalEvent.Set()
    private var cancelled = false
    /// Whether a controller appeared in a run before this one (the first screen's appearance
    /// is not a page sheet).
    private var appearedBefore = false
    /// The controllers a page sheet present showed, until they leave.
    private var sheets: Set<SymbolTable.ID> = []
    /// Per extras id, whether its note starts with `Transition.launchNote` (0 not looked at
    /// yet, 1 no, 2 yes): a note is read once per extras id, not per call.
    private var launchExtras: [UInt8] = []
    /// Whether the run's last `shouldSelect` named the same controller as `from` and `to` (a
    /// re-tap); nil before one.
    private var lastShouldSelectReselects: Bool? = nil
    /// The controller that the run's last `willShow` naming one names, as a symbol, or -1 when
    /// its name is no symbol; nil before one. Kept as the call is added, so closing the run
    /// reads no call: a run may span batches of calls that are gone by then.
    private var lastWillShowTarget: Int? = nil
    /// How many of the run's appearance calls came before `selectedViewController` changed.
    private var selectionChangedAfter: Int? = nil
    private var selectionSeenAtDidSelect = false
    /// The same for the navigation stack's top, set at `push`/`pop` or seen at `willShow`.
    private var stackTopChangedAfter: Int? = nil
    private var stackTopSeenAtWillShow = false
    /// Reused for every run: a span handed out shares them until the next run, so a run that
    /// is not kept costs no allocation.
    private var disappearing: [SymbolTable.ID] = [], appearing: [SymbolTable.ID] = []

    /// Makes the scratch this classifier's own (a copy may share it), with room for symbols up
    /// to `count`.
    mutating func prepare(symbols count: Int) {
        Slots.unique(&lastTarget)
        Slots.unique(&listed)
        Slots.unique(&touched)
        Slots.unique(&loaded)
        Slots.unique(&appearances)
        lastTarget.grow(to: count, filling: 0)
        listed.grow(to: count, filling: 0)
        loaded.grow(to: count, filling: 0)
    }

    /// Notes that `object`'s view was loaded: a controller loaded and then shown for the first
    /// time was pushed or presented, not switched to in a tab bar that had it already.
    @inline(__always) mutating func noteLoad(_ object: SymbolTable.ID) { loaded[Int(object)] = 1 }

    /// Notes that `selectedViewController` changed at this point of the run (the first change
    /// counts).
    mutating func noteSelectionChange(seenAtDidSelect: Bool) {
        guard selectionChangedAfter == nil else { return }
        selectionChangedAfter = appearances.count
        selectionSeenAtDidSelect = seenAtDidSelect
    }

    /// Notes that the navigation stack's top changed at this point of the run (the first change
    /// counts).
    mutating func noteStackTopChange(seenAtWillShow: Bool) {
        guard stackTopChangedAfter == nil else { return }
        stackTopChangedAfter = appearances.count
        stackTopSeenAtWillShow = seenAtWillShow
    }

    /// Where a change after `before` of the run's appearance calls falls among them.
    private func selectionChange(after before: Int) -> Transition.SelectionChange? {
        let willDisappear = UInt64(CanonicalEvent.viewWillDisappear.ordinal),
            didDisappear = UInt64(CanonicalEvent.viewDidDisappear.ordinal)
        let willAppear = UInt64(CanonicalEvent.viewWillAppear.ordinal),
            didAppear = UInt64(CanonicalEvent.viewDidAppear.ordinal)
        var (wills, dids, willsBefore, didsBefore) = (0, 0, 0, 0)
        for k in 0..<appearances.count {
            let c = appearances[k] >> 32
            let isWill = c == willAppear || c == willDisappear
            let isDid = c == didAppear || c == didDisappear
            if isWill { wills += 1 }
            if isDid { dids += 1 }
            if k < before, isWill { willsBefore += 1 }
            if k < before, isDid { didsBefore += 1 }
        }
        guard wills + dids > 0 else { return nil }
        if didsBefore == dids, dids > 0 { return .afterDidCalls }
        if didsBefore > 0 { return .amongDidCalls }
        if willsBefore == 0 { return .beforeWillCalls }
        if willsBefore < wills { return .amongWillCalls }
        return dids == 0 ? .afterDidCalls : .betweenWillAndDidCalls
    }

    /// Takes in a call of the open run: `object` called `event`, with the arguments of the
    /// extras id `extras` of `events`.
    @inline(__always) mutating func add(
        object: SymbolTable.ID, event c: CanonicalEvent, extras: UInt32, _ events: EventList
    ) {
        kinds.insert(c)
        if c == .deinit { released.append(object) }
        if c == .willShow || c == .shouldSelect { note(c, extras: extras, events) }
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

    /// What `note` found per extras id, so each distinct set of arguments is read once:
    /// for a `shouldSelect`, 1 when it re-taps and 0 when not; for a `willShow`, its target's
    /// symbol, or -2 when it names none. `unknown` when not worked out; a target that is no
    /// symbol yet is worked out again, as it may become one.
    private var reselects: [Int32] = [], willShowTargets: [Int32] = []
    private static let unknown = Int32.min

    /// What `kind` reads of a `willShow` or `shouldSelect` call's arguments.
    private mutating func note(_ c: CanonicalEvent, extras: UInt32, _ events: EventList) {
        let id = Int(extras)
        if c == .shouldSelect {
            if id >= reselects.count { reselects += repeatElement(Self.unknown, count: id + 1 - reselects.count) }
            if reselects[id] == Self.unknown {
                let args = events.dictionary(events.extras(extras).args)
                reselects[id] = args["from"] != nil && args["from"] == args["to"] ? 1 : 0
            }
            lastShouldSelectReselects = reselects[id] == 1
            return
        }
        if id >= willShowTargets.count {
            willShowTargets += repeatElement(Self.unknown, count: id + 1 - willShowTargets.count)
        }
        if willShowTargets[id] == Self.unknown {
            if case .string(let target)? = events.dictionary(events.extras(extras).args)["to"] {
                guard let symbol = events.symbols.existing(target) else {
                    lastWillShowTarget = -1
                    return
                }
                willShowTargets[id] = Int32(symbol)
            } else {
                willShowTargets[id] = -2
            }
        }
        if willShowTargets[id] >= 0 { lastWillShowTarget = Int(willShowTargets[id]) }
    }

    /// The run of calls `range`, whose calls were all added, and starts afresh. `firstCall`
    /// gives each symbol's first call, to tell whether a controller was seen before;
    /// `releasedAfter`, the controller whose `deinit` directly follows the run, if any.
    mutating func close(_ range: ClosedRange<Int>, firstCall: Slots<Int>, releasedAfter: SymbolTable.ID? = nil)
        -> TransitionSpan
    {
        TransitionClassifier.empty(&disappearing)
        TransitionClassifier.empty(&appearing)
        let willDisappear = UInt64(CanonicalEvent.viewWillDisappear.ordinal),
            didDisappear = UInt64(CanonicalEvent.viewDidDisappear.ordinal)
        let willAppear = UInt64(CanonicalEvent.viewWillAppear.ordinal),
            didAppear = UInt64(CanonicalEvent.viewDidAppear.ordinal)
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
        // Which came first: a leaving controller's viewDidDisappear or an arriving one's viewDidAppear.
        var order: Order = .none
        var arrivingWillFirst: Bool? = nil
        for k in 0..<appearances.count {
            let c = appearances[k] >> 32
            let object = Int(SymbolTable.ID(truncatingIfNeeded: appearances[k]))
            if arrivingWillFirst == nil, c == willAppear, listed[object] & 2 != 0 { arrivingWillFirst = true }
            if arrivingWillFirst == nil, c == willDisappear, listed[object] & 1 != 0 { arrivingWillFirst = false }
            if order == .none, c == didDisappear, listed[object] & 1 != 0 { order = .disappearedFirst }
            if order == .none, c == didAppear, listed[object] & 2 != 0 { order = .appearedFirst }
        }
        let arrivingLoaded = appearing.contains { loaded[Int($0)] != 0 }
        for k in 0..<touched.count {
            lastTarget[Int(touched[k])] = 0
            listed[Int(touched[k])] = 0
        }
        let returning = appearing.contains { firstCall[Int($0)] < range.lowerBound }
        let leavingSeen = disappearing.contains { firstCall[Int($0)] < range.lowerBound }
        // A leaving controller released in the run or right after it was taken off a stack or
        // dismissed: a push or a tab switch keeps it.
        let leftForGood = disappearing.contains { $0 == releasedAfter || released.contains($0) }
        TransitionClassifier.empty(&released)
        var kind = self.kind(hasAppearance: hasAppearance, firstScreen: !appearedBefore && disappearing.isEmpty) {
            firstCall[Int($0)] < range.lowerBound
        }
        if kind == .cancelledInteractivePop {
            // Loaded in the run, its first calls: a controller being pushed or presented.
            let loadedInRun = { (o: SymbolTable.ID) in loaded[Int(o)] != 0 && firstCall[Int(o)] >= range.lowerBound }
            kind = cancelledKind(
                newcomerLeft: disappearing.contains(where: loadedInRun),
                sheetStays: disappearing.isEmpty && appearing.contains(where: sheets.contains), loadedInRun: loadedInRun
            )
        }
        if kind == .appearanceChange {
            kind = Self.byOrder(
                order, disappearing: !disappearing.isEmpty, appearing: !appearing.isEmpty, returning: returning,
                appearedBefore: appearedBefore, arrivingWillFirst: arrivingWillFirst == true,
                arrivingLoaded: arrivingLoaded, leftForGood: leftForGood, leavingSeen: leavingSeen,
                leavingIsSheet: disappearing.contains(where: sheets.contains))
        }
        // A page sheet's controller, until it leaves alone (its dismiss).
        if kind == .sheetPresentByOrder { sheets.formUnion(appearing) }
        if !disappearing.isEmpty, !sheets.isEmpty { sheets.subtract(disappearing) }
        if hasAppearance { appearedBefore = true }
        // A push or pop tells when the stack's top changed; any other kind, the selection.
        let stack = kind == .push || kind == .pop
        let selection = (stack ? stackTopChangedAfter : selectionChangedAfter).flatMap(selectionChange(after:))
        let seen = stack ? stackTopSeenAtWillShow : selectionSeenAtDidSelect
        selectionChangedAfter = nil
        stackTopChangedAfter = nil
        touched.removeAll()
        appearances.removeAll()
        kinds = CanonicalEvent.Set()
        cancelled = false
        lastShouldSelectReselects = nil
        lastWillShowTarget = nil
        // A cancelled pop's controllers swap roles halfway: no order of sides is meaningful.
        if kind.isCancelled { (arrivingWillFirst, order) = (nil, .none) }
        let willBits: UInt8 = arrivingWillFirst.map { $0 ? 2 : 1 } ?? 0
        let didBits: UInt8 = order == .disappearedFirst ? 1 : order == .appearedFirst ? 2 : 0
        let selectionBits = (selection?.rawValue ?? 0) | (selection != nil && seen ? 8 : 0)
        return TransitionSpan(
            kind: kind, range: range, disappearing: disappearing, appearing: appearing,
            order: willBits | didBits << 2 | selectionBits << 4)
    }

    enum Order { case none, disappearedFirst, appearedFirst }

    /// What a run given up halfway (not a page scroll) was: the container call or the
    /// navigation delegate's `willShow` in it tells; else a controller that did not arrive and
    /// was loaded in the run was being pushed or presented, and a page sheet that went back up
    /// alone was being dismissed. Otherwise it is taken for a swipe back, the common case.
    private func cancelledKind(newcomerLeft: Bool, sheetStays: Bool, loadedInRun: (SymbolTable.ID) -> Bool)
        -> Transition.Kind
    {
        if kinds.contains(.present) { return .cancelledPresent }
        if kinds.contains(.dismiss) { return .cancelledDismiss }
        if kinds.contains(.push) { return .cancelledPush }
        if kinds.contains(.pop) { return .cancelledInteractivePop }
        // A target that is no object yet (-1) was never loaded either.
        if let target = lastWillShowTarget {
            return target >= 0 && loadedInRun(SymbolTable.ID(target)) ? .cancelledPush : .cancelledInteractivePop
        }
        // A navigation delegate's `willShow` that names no controller still tells a stack.
        if newcomerLeft { return kinds.contains(.willShow) ? .cancelledPush : .cancelledPushOrPresentByOrder }
        if sheetStays { return .cancelledSheetDismissByOrder }
        return .cancelledInteractivePop
    }

    /// A transition of appearance calls alone, named from UIKit's documented orders:
    /// - a full-screen present ends with the arriving controller's viewDidAppear before the
    ///   leaving one's viewDidDisappear (`A.wD B.wA B.dA A.dD`), and so does its dismiss, back to
    ///   a controller seen before; no push, pop or tab switch does;
    /// - a push ends the other way round (`B.viewDidLoad A.wD B.wA A.dD B.dA`), a pop likewise
    ///   back to a controller seen before, and so does a tab switch: with the arriving
    ///   controller's viewWillAppear first it is a tab switch (pushes never do that); with its
    ///   view just loaded it is a push; else the order alone cannot tell a push or pop from a tab
    ///   switch, and the name says both, unless the leaving controller is released in the run
    ///   or right after it (`A.deinit`): then it was popped;
    /// - a page view controller's scroll starts and ends with the next page
    ///   (`B.wA A.wD B.dA A.dD`), which no present, push or tab switch does;
    /// - a page sheet's presenter gets no calls, so a controller appearing alone, after the
    ///   first screen, is a page sheet's present, and the same controller leaving alone later
    ///   is its dismiss; any other controller leaving alone was covered by one the log does
    ///   not show, an appearance change;
    /// - a log may start in the middle of a session: when neither controller was seen before
    ///   (and the arriving one did not just load), the order cannot tell which way the
    ///   transition went, and the name says so (`push, pop or tab switch`, `present or
    ///   dismiss`).
    static func byOrder(
        _ order: Order, disappearing: Bool, appearing: Bool, returning: Bool, appearedBefore: Bool,
        arrivingWillFirst: Bool,
        arrivingLoaded: Bool, leftForGood: Bool = false, leavingSeen: Bool = true, leavingIsSheet: Bool = false
    ) -> Transition.Kind {
        switch (disappearing, appearing) {
        case (true, true):
            switch order {
            case .disappearedFirst:
                if arrivingWillFirst { return .tabSwitchByOrder }
                if leftForGood { return .popByOrder }
                if returning { return .popOrTabByOrder }
                if arrivingLoaded { return .pushByOrder }
                return leavingSeen ? .pushOrTabByOrder : .pushPopOrTabByOrder
            // A page view controller's scroll: the next page's viewWillAppear and then its
            // viewDidAppear come first (`B.wA A.wD B.dA A.dD`); a present's never starts so.
            case .appearedFirst:
                if arrivingWillFirst { return .pageScrollByOrder }
                if returning || leftForGood { return .dismissByOrder }
                return leavingSeen || arrivingLoaded ? .presentByOrder : .presentOrDismissByOrder
            case .none: return .appearanceChange
            }
        case (false, true): return appearedBefore && !returning ? .sheetPresentByOrder : .appearanceChange
        case (true, false): return leavingIsSheet ? .sheetDismissByOrder : .appearanceChange
        case (false, false): return .appearanceChange
        }
    }

    /// Takes in any call, in a run or not: the first call of the app launched again (often a
    /// `viewDidLoad` before the run it leads into opens) ends what the run before had shown,
    /// so the first screen after it is no sheet over a screen of the run before.
    @inline(__always) mutating func noteLaunch(extras: UInt32, _ events: EventList) {
        if extras != 0, isLaunch(extras, events) { (appearedBefore, sheets) = (false, []) }
    }

    /// Whether the run has a `shouldSelect` and no `didSelect` yet.
    var awaitsDidSelect: Bool { kinds.contains(.shouldSelect) && !kinds.contains(.didSelect) }

    /// Whether the call with extras id `extras` is the first of the app launched again.
    @inline(__always) private mutating func isLaunch(_ extras: UInt32, _ events: EventList) -> Bool {
        let id = Int(extras)
        if id < launchExtras.count, launchExtras[id] != 0 { return launchExtras[id] == 2 }
        if id >= launchExtras.count { launchExtras += repeatElement(0, count: id + 1 - launchExtras.count) }
        let launch = Transition.isLaunch(note: events.extras(extras).note, events.symbols)
        launchExtras[id] = launch ? 2 : 1
        return launch
    }

    /// Empties a short list, keeping its memory: element by element, which for the one or two
    /// elements a run lists is cheaper than `removeAll(keepingCapacity:)`.
    @inline(__always) private static func empty(_ list: inout [SymbolTable.ID]) {
        while !list.isEmpty { list.removeLast() }
    }

    /// Whether the run starts as a page view controller's swipe does: one controller's
    /// viewWillAppear, then another's viewWillDisappear. An interactive pop starts with the
    /// top controller's viewWillDisappear.
    private var startsWithNextPage: Bool {
        let willAppear = UInt64(CanonicalEvent.viewWillAppear.ordinal),
            willDisappear = UInt64(CanonicalEvent.viewWillDisappear.ordinal)
        guard appearances.count > 0, appearances[0] >> 32 == willAppear else { return false }
        for k in 1..<appearances.count where appearances[k] >> 32 == willDisappear {
            return UInt32(truncatingIfNeeded: appearances[k]) != UInt32(truncatingIfNeeded: appearances[0])
        }
        return false
    }

    /// `firstScreen`: nothing was on screen before the run and nothing leaves in it.
    private func kind(hasAppearance: Bool, firstScreen: Bool, seenBefore: (SymbolTable.ID) -> Bool) -> Transition.Kind {
        if cancelled && !kinds.contains(.shouldSelect) {
            let tabs = kinds.contains(.didSelect) || kinds.contains(.setSelected)
            return !tabs && startsWithNextPage ? .cancelledPageScroll : .cancelledInteractivePop
        }
        if kinds.contains(.shouldSelect) || kinds.contains(.didSelect) || kinds.contains(.setSelected) {
            guard !hasAppearance, let reselects = lastShouldSelectReselects else { return .tabSwitch }
            return reselects ? .tabReselect : .tabSwitch
        }
        if kinds.contains(.present) { return .present }
        if kinds.contains(.dismiss) { return .dismiss }
        if kinds.contains(.push) { return .push }
        if kinds.contains(.pop) { return .pop }
        // The last `willShow` that names its controller: shown before means a pop. A navigation
        // controller showing its root as the first screen (`willShow` Home, Home appears,
        // nothing leaves) pushes nothing.
        if let target = lastWillShowTarget {
            if firstScreen, hasAppearance { return .appearanceChange }
            return target >= 0 && seenBefore(SymbolTable.ID(target)) ? .pop : .push
        }
        if kinds.contains(.transition) { return .childTransition }
        if kinds.contains(.beginAppearanceTransition) { return .appearanceTransition }
        if [.addChild, .removeFromParent, .willMoveToParent, .didMoveToParent, .addSubview].contains(
            where: kinds.contains)
        {
            return .containmentChange
        }
        return .appearanceChange
    }
}
