/// One user-visible change: a run of calls from its trigger (a tap, a push, a present...) until
/// every controller involved is settled again.
package struct Transition: Sendable, Hashable {
    package enum Kind: String, Sendable, CaseIterable {
        case tabSwitch = "tab switch"
        case tabReselect = "tab re-tap"
        case push, pop, present, dismiss
        case cancelledInteractivePop = "cancelled interactive pop"
        /// A page view controller's swipe given up halfway: the next page began to appear
        /// before the current one began to leave, and both went back.
        case cancelledPageScroll = "cancelled page scroll"
        case childTransition = "child transition"
        case containmentChange = "containment change"
        case appearanceTransition = "appearance transition"
        case appearanceChange = "appearance change"
        // Named from the order of appearance calls alone (no container calls in the log):
        // UIKit's documented orders tell them apart.
        case pushByOrder = "push (by order)"
        case pushOrTabByOrder = "push or tab switch (by order)"
        case popOrTabByOrder = "pop or tab switch (by order)"
        case tabSwitchByOrder = "tab switch (by order)"
        case presentByOrder = "present (by order)"
        case dismissByOrder = "dismiss (by order)"
        case sheetPresentByOrder = "page sheet present (by order)"
        case sheetDismissByOrder = "page sheet dismiss (by order)"
        case pageScrollByOrder = "page scroll (by order)"
        case popByOrder = "pop (by order)"
        /// A push or pop order where neither controller was seen before: the log starts there.
        case pushPopOrTabByOrder = "push, pop or tab switch (by order)"
        /// A present or dismiss order where neither controller was seen before.
        case presentOrDismissByOrder = "present or dismiss (by order)"
        /// Given up halfway, named by the container call or the navigation delegate in the run.
        case cancelledPush = "cancelled push"
        case cancelledPresent = "cancelled present"
        case cancelledDismiss = "cancelled dismiss"
        /// Given up halfway by order alone: the controller that did not arrive was new in the
        /// run (a push or present), or the one that stays came as a page sheet (its dismiss).
        case cancelledPushOrPresentByOrder = "cancelled push or present (by order)"
        case cancelledSheetDismissByOrder = "cancelled page sheet dismiss (by order)"

        /// Whether the transition was given up halfway, and is named for who stays on top.
        package var isCancelled: Bool {
            switch self {
            case .cancelledInteractivePop, .cancelledPageScroll, .cancelledPush, .cancelledPresent, .cancelledDismiss,
                .cancelledPushOrPresentByOrder, .cancelledSheetDismissByOrder:
                return true
            default: return false
            }
        }

        /// Whether the name was inferred from the order of appearance calls alone.
        package var isByOrder: Bool { rawValue.hasSuffix("(by order)") }
    }

    /// The note a reader puts on the first call of an app launched again (a log of several
    /// runs): what was on screen before is gone, and a controller appearing is a first screen.
    package static let launchNote = "app launched again"

    /// Whether a note (a symbol, 0 for none) is, or starts with, `launchNote`.
    static func isLaunch(note: SymbolTable.ID, _ symbols: SymbolTable) -> Bool {
        note != 0 && symbols[note].hasPrefix(launchNote)
    }

    package var kind: Kind
    /// Index of the first and last event in `trace.events`.
    package var range: ClosedRange<Int>
    /// Controllers that disappeared and appeared in it, in order.
    package var disappearing: [String]
    package var appearing: [String]

    /// Whose will-call came first, and whose did-call: the leaving controller's or the
    /// arriving one's (nil when the transition has not both).
    package var willFirst: Side? = nil
    package var didFirst: Side? = nil
    package enum Side: Sendable { case disappearing, appearing }

    /// When the tab bar's `selectedViewController` changed, relative to the transition's
    /// appearance calls (nil when it did not change in the transition, or there were none).
    package var selectionChange: SelectionChange? = nil
    /// Whether the change is known only from `didSelect`, which UIKit calls just after it.
    package var selectionSeenAtDidSelect = false
    /// When the navigation stack's top changed in a push or pop, relative to the transition's
    /// appearance calls: at the logged `push`/`pop` call, or seen at the delegate's `willShow`,
    /// which UIKit calls once the stack holds its new top.
    package var stackTopChange: SelectionChange? = nil
    package var stackTopSeenAtWillShow = false
    package enum SelectionChange: UInt8, Sendable {
        case beforeWillCalls = 1
        case amongWillCalls, betweenWillAndDidCalls, amongDidCalls, afterDidCalls

        package var phrase: String {
            switch self {
            case .beforeWillCalls: return "before the will-calls"
            case .amongWillCalls: return "among the will-calls"
            case .betweenWillAndDidCalls: return "between the will- and did-calls"
            case .amongDidCalls: return "among the did-calls"
            case .afterDidCalls: return "after the did-calls"
            }
        }
    }

    /// `B.viewWillAppear first, A.viewDidDisappear first`: the orders that tell one tab switch
    /// from another source's, and a push from a full-screen present.
    package func orders(_ names: DisplayNames) -> String? {
        var bytes: [UInt8] = []
        guard appendOrders(names, to: &bytes) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `orders` gives, as UTF-8; false (and nothing appended) when it gives nil.
    @discardableResult
    package func appendOrders(_ names: DisplayNames, to out: inout [UInt8]) -> Bool {
        wording.appendOrders(Named(transition: self, names: names), to: &out)
    }

    package var firstSeq: Int { range.lowerBound + 1 }
    package var lastSeq: Int { range.upperBound + 1 }

    /// Controllers named in a title before the rest are counted ("and 12 more").
    static let namedInTitle = 4

    /// `tab switch: A → B`
    package func title(_ names: DisplayNames) -> String {
        var bytes: [UInt8] = []
        appendTitle(names, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends what `title` gives, as UTF-8.
    package func appendTitle(_ names: DisplayNames, to out: inout [UInt8]) {
        wording.appendTitle(Named(transition: self, names: names), to: &out)
    }

    private var wording: TransitionWording {
        var wording = TransitionWording(kind: kind)
        (wording.willFirst, wording.didFirst) = (willFirst, didFirst)
        (wording.selectionChange, wording.selectionSeenAtDidSelect) = (selectionChange, selectionSeenAtDidSelect)
        (wording.stackTopChange, wording.stackTopSeenAtWillShow) = (stackTopChange, stackTopSeenAtWillShow)
        return wording
    }

    /// The transition's controllers as `names` shows them.
    private struct Named: TransitionNaming {
        let transition: Transition
        let names: DisplayNames

        func ids(_ side: Side) -> [String] {
            side == .disappearing ? transition.disappearing : transition.appearing
        }
        func count(_ side: Side) -> Int { ids(side).count }
        func isUnnamed(_ side: Side, _ k: Int) -> Bool { names[ids(side)[k]].isEmpty }
        func appendName(_ side: Side, _ k: Int, to out: inout [UInt8]) {
            out.append(contentsOf: names[ids(side)[k]].utf8)
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
package enum TransitionDetector {
    package static func detect(_ trace: Trace) -> [Transition] {
        var result: [Transition] = []
        forEach(in: trace) { result.append($0) }
        return result
    }

    /// Hands each transition to `body` as soon as it closes, keeping none: for long traces.
    package static func forEach(in trace: Trace, _ body: (Transition) -> Void) {
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
        var walk = Walk()
        walk.advance(trace.events, final: true, body)
    }

    /// The walk that finds the transitions, kept between steps so a trace can be walked as its
    /// calls come in: each step walks the calls added since the last.
    struct Walk {
        private var closed = 0
        /// The extras and state ids of the last call walked: a call whose state id differs
        /// may have changed `selectedViewController`.
        private var lastExtras: UInt32 = 0, lastState: UInt32 = 0
        /// Per symbol: its appearance state (`AppearanceState.code`), 0 before any.
        private var state = Slots<UInt8>()
        private var unsettled = 0  // controllers Appearing or Disappearing
        /// Per symbol, the index of its first appearance call: a controller that appeared before
        /// a transition is returned to, one that did not is new.
        private var firstCall = Slots<Int>()
        private var openStart: Int? = nil
        /// Where a run of load calls (`viewDidLoad`, `loadView`) outside any transition began:
        /// a pushed or presented controller's view loads just before its transition, which
        /// then begins there.
        private var loadRunStart: Int? = nil
        private var awaitingAppearance = false
        private var containmentOnly = true
        private var hasContainment = false
        /// Per symbol: the number of the last transition it was involved in.
        private var involvedIn = Slots<Int>()
        /// The same for controllers named in arguments before they were a symbol.
        private var involvedByName: [String: Int] = [:]
        private var pendingAppearance = Set<SymbolTable.ID>()
        /// Controllers told `willMove(toParent:)` and not yet `didMove(toParent:)`: their
        /// containment change is under way, and their appearance calls belong to it.
        private var movesUnderWay = Set<SymbolTable.ID>()
        private var related = RelatedObjects()
        private var classifier = TransitionClassifier()
        private var symbolCount = 0
        /// The next call to walk.
        private var next = 0
        /// When walking batches: the first call of the next batch, and the row of the last
        /// batch's last call while it waits for the call after it.
        private var batchBase = 0
        private var waiting: EventRow? = nil
        /// Appearance calls so far that break the appearance state machine (as
        /// `AppearanceStateMachine` counts them: a controller's first call is legal).
        private(set) var violations = 0

        /// A controller's appearance state after the calls walked; nil before any.
        func state(of object: SymbolTable.ID) -> AppearanceState? {
            Int(object) < state.count ? AppearanceState(code: state[Int(object)]) : nil
        }

        /// Walks the calls of `events` from where the last step stopped; `body` gets each
        /// transition as it closes. Unless `final`, the last call waits for the next step:
        /// whether a transition ends there depends on the call after.
        mutating func advance(_ events: EventList, final: Bool, _ body: (TransitionSpan) -> Void) {
            walk(events, base: 0, keepsRows: true, final: final, body)
        }

        /// Walks `batch`, the calls after those of the batches walked before (a batch that
        /// `TraceLoader.stream` hands out: its rows are the calls, its tables every id so
        /// far); the batches are not kept. Unless `final`, the batch's last call waits for the
        /// next one.
        mutating func advance(batch: EventList, final: Bool, _ body: (TransitionSpan) -> Void) {
            walk(batch, base: batchBase, keepsRows: false, final: final, body)
            batchBase += batch.count
        }

        /// Walks the calls of `rows` from call `next` on: row `r` is call `base + r`, and the
        /// call before `base`, when the last step left it waiting, is `waiting`. Unless
        /// `keepsRows` (the next step gets the same rows and more), a call left waiting is kept.
        private mutating func walk(
            _ rows: EventList, base: Int, keepsRows: Bool, final: Bool, _ body: (TransitionSpan) -> Void
        ) {
            Slots.unique(&state)
            Slots.unique(&firstCall)
            Slots.unique(&involvedIn)
            classifier.prepare(symbols: rows.symbols.count)
            if rows.symbols.count > symbolCount {
                symbolCount = rows.symbols.count
                state.grow(to: symbolCount, filling: 0)
                firstCall.grow(to: symbolCount, filling: Int.max)
                involvedIn.grow(to: symbolCount, filling: -1)
                related = RelatedObjects()  // a name not found before may be known now
            }
            // The walk runs on locals, taken from the stored state and put back after: the
            // compiler keeps locals' arrays unique once, not at every write.
            var (closed, unsettled, openStart, next, violations) = (
                self.closed, self.unsettled, self.openStart, self.next, self.violations
            )
            var (awaitingAppearance, containmentOnly, hasContainment) = (
                self.awaitingAppearance, self.containmentOnly, self.hasContainment
            )
            var loadRunStart = self.loadRunStart
            var (lastExtras, lastState) = (self.lastExtras, self.lastState)
            let (state, firstCall, involvedIn) = (self.state, self.firstCall, self.involvedIn)
            var pendingAppearance = Set<SymbolTable.ID>(), related = RelatedObjects(),
                involvedByName: [String: Int] = [:]
            var movesUnderWay = Set<SymbolTable.ID>()
            var classifier = TransitionClassifier()
            var waiting = self.waiting
            swap(&pendingAppearance, &self.pendingAppearance)
            swap(&movesUnderWay, &self.movesUnderWay)
            swap(&related, &self.related)
            swap(&classifier, &self.classifier)
            swap(&involvedByName, &self.involvedByName)
            defer {
                (self.closed, self.unsettled, self.openStart, self.next, self.violations) = (
                    closed, unsettled, openStart, next, violations
                )
                (self.awaitingAppearance, self.containmentOnly, self.hasContainment) = (
                    awaitingAppearance, containmentOnly, hasContainment
                )
                self.waiting = waiting
                self.loadRunStart = loadRunStart
                (self.lastExtras, self.lastState) = (lastExtras, lastState)
                swap(&pendingAppearance, &self.pendingAppearance)
                swap(&movesUnderWay, &self.movesUnderWay)
                swap(&related, &self.related)
                swap(&classifier, &self.classifier)
                swap(&involvedByName, &self.involvedByName)
            }
            func close(at end: Int, releasing after: SymbolTable.ID? = nil) {
                guard let start = openStart else { return }
                body(classifier.close(start...end, firstCall: firstCall, releasedAfter: after))
                closed += 1
                openStart = nil
                awaitingAppearance = false
                containmentOnly = true
                hasContainment = false
                if !movesUnderWay.isEmpty { movesUnderWay.removeAll() }
            }
            let end = base + rows.count
            let last = final ? end : end - 1
            // Calls on an object the log does not name may be several controllers': no violation.
            let unknown = rows.symbols.existing(IdentityResolver.unknownObject) ?? SymbolTable.ID.max
            // The loop's body is written once, inline: in a local function, the closures it
            // makes would have their captures checked for exclusive access at every call.
            while next < last {
                let i = next
                next += 1
                // Only the call that waited comes before `base`.
                let row = i < base ? waiting! : rows.row(at: i - base)
                let canonical = rows.canonical(ofSymbol: row.event)
                let object = row.object
                if firstCall[Int(object)] == Int.max, canonical?.kind == .appearance { firstCall[Int(object)] = i }
                if canonical == .viewDidLoad || canonical == .loadView { classifier.noteLoad(object) }
                let containment = isContainment(canonical)
                let trigger = containment || isTrigger(canonical)
                var opens = openStart == nil && (trigger || AppearanceStateMachine.target(of: canonical) != nil)
                if openStart == nil, !opens {
                    loadRunStart = canonical == .viewDidLoad || canonical == .loadView ? loadRunStart ?? i : nil
                }
                let settled = unsettled == 0 && pendingAppearance.isEmpty
                if trigger, !containment, openStart != nil, awaitingAppearance, settled,
                    canonical != .beginAppearanceTransition, canonical != .willShow,
                    canonical != .didSelect || !classifier.awaitsDidSelect
                {
                    // A trigger that led to nothing (a re-tap) ends before the next one starts,
                    // which opens its own. The navigation delegate's `willShow` is part of
                    // what came before it (a push, a pop, a tab's first selection), and so is
                    // the `didSelect` that answers a `shouldSelect`, whatever delegate calls
                    // came between (`animationControllerForTransitionFrom:to:`).
                    close(at: i - 1)
                    opens = true
                }
                // After the run before is closed: it is named by what its own run showed.
                classifier.noteLaunch(extras: row.extras, rows)
                if opens, openStart == nil {
                    openStart = loadRunStart ?? i
                    loadRunStart = nil
                }
                if let target = AppearanceStateMachine.target(of: canonical) {
                    let before = state[Int(object)]
                    let from = AppearanceState(code: before)
                    if let from, object != unknown,
                        AppearanceStateMachine.violation(from: from, event: canonical!) != nil
                    {
                        violations += 1
                    }
                    state[Int(object)] = target.code
                    if from.map({ !$0.isSettled }) ?? false { unsettled -= 1 }
                    if !target.isSettled { unsettled += 1 }
                    awaitingAppearance = false
                    containmentOnly = false
                } else if trigger {
                    if !containment {
                        containmentOnly = false
                        awaitingAppearance = canonical != .didSelect
                    }
                }
                if canonical == .beginAppearanceTransition { pendingAppearance.insert(object) }
                if canonical == .willMoveToParent { movesUnderWay.insert(object) }
                if canonical == .didMoveToParent || canonical == .removeFromParent, !movesUnderWay.isEmpty {
                    movesUnderWay.remove(object)
                }
                if canonical == .endAppearanceTransition { pendingAppearance.remove(object) }
                // A log sees a tab switch's new selection at `didSelect` (UIKit set it just
                // before); a programmatic `selectedIndex =` sets it there and then.
                if openStart != nil, canonical == .didSelect || canonical == .setSelected {
                    classifier.noteSelectionChange(seenAtDidSelect: canonical == .didSelect)
                }
                // The same for a navigation stack: its top is set at `push` or `pop`, and seen
                // at `willShow`.
                if openStart != nil,
                    canonical == .willShow || canonical == .push || canonical == .pop
                        || canonical == .setViewControllers
                {
                    classifier.noteStackTopChange(seenAtWillShow: canonical == .willShow)
                }
                if row.extras != lastExtras {
                    lastExtras = row.extras
                    let stateID = row.extras == 0 ? 0 : rows.extras(row.extras).state
                    if stateID != lastState {
                        if openStart != nil, lastState != 0, stateID != 0,
                            rows.dictionary(stateID)[StateDeriver.selectedViewController]
                                != rows.dictionary(lastState)[StateDeriver.selectedViewController]
                        {
                            classifier.noteSelectionChange(seenAtDidSelect: canonical == .didSelect)
                        }
                        lastState = stateID
                    }
                }
                guard openStart != nil else { continue }
                involvedIn[Int(object)] = closed
                related.forEach(rows, extras: row.extras) {
                    involvedIn[Int($0)] = closed
                } unnamed: {
                    involvedByName[$0] = closed
                }
                if containment || canonical == .transition { hasContainment = true }
                if let canonical { classifier.add(object: object, event: canonical, extras: row.extras, rows) }
                let nowSettled = unsettled == 0 && pendingAppearance.isEmpty
                guard nowSettled, !awaitingAppearance else { continue }
                let following: EventRow? = i + 1 < end ? rows.row(at: i + 1 - base) : nil
                let after = following.map { rows.canonical(ofSymbol: $0.event) } ?? nil
                if after == .didSelect || after == .didShow || after == .endAppearanceTransition { continue }
                if after == .viewDidAppear || after == .viewDidDisappear { continue }
                if containmentOnly, following != nil, isContainment(after) || isNeutral(after) { continue }
                // A containment change and the appearance calls it causes on the same controllers
                // are one change: a child added and shown, or hidden and removed. Appearance
                // calls join only while a move is under way (between `willMove` and `didMove`):
                // after it, the parent's own next change is another transition.
                let startsNewChange = !containmentOnly && (after == .addChild || after == .willMoveToParent)
                if hasContainment, !startsNewChange, let following,
                    involvedIn[Int(following.object)] == closed
                        || !involvedByName.isEmpty && involvedByName[rows.symbols[following.object]] == closed,
                    isContainment(after) || after == .transition
                        || AppearanceStateMachine.target(of: after) != nil
                            && (!movesUnderWay.isEmpty || containmentOnly)
                {
                    continue
                }
                // A controller released right after it left was popped or dismissed.
                close(at: i, releasing: after == .deinit ? following?.object : nil)
            }
            // A batch's last call waits with its row, as the batch is not kept.
            if next >= base { waiting = nil }
            if !keepsRows, !final, next >= base, next < end { waiting = rows.row(at: next - base) }
            if final, openStart != nil { close(at: end - 1) }
        }
    }

    /// The objects an event's `child`, `parent`, `from` and `to` arguments name, worked out once
    /// per distinct extras (arguments, state and note) and kept in flat arrays indexed by the
    /// extras id, which each row holds: no table is looked up per call.
    private struct RelatedObjects {
        /// Per extras id: where its objects start in `found` and how many there are; -1 when
        /// not worked out yet.
        private var start: [Int32] = []
        private var count: [UInt8] = []
        private var found: [SymbolTable.ID] = []
        /// The names that are no symbol yet, per extras id that has some: a controller named
        /// before its first call, whose symbol a later batch of a streamed trace brings.
        private var unnamed: [Int: [String]] = [:]
        private var hasUnnamed: [Bool] = []

        /// The arguments that name related objects, in the order their objects are taken.
        private static let relations = ["child", "parent", "from", "to"]

        /// Calls `body` with each object named by the arguments of the extras `extras`, and
        /// `unnamed` with each name among them that is no symbol yet.
        mutating func forEach(
            _ events: EventList, extras: UInt32, _ body: (SymbolTable.ID) -> Void, unnamed other: (String) -> Void
        ) {
            if extras == 0 { return }
            let id = Int(extras)
            if id >= start.count {
                start.append(contentsOf: repeatElement(-1, count: id + 1 - start.count))
                count.append(contentsOf: repeatElement(0, count: id + 1 - count.count))
                hasUnnamed.append(contentsOf: repeatElement(false, count: id + 1 - hasUnnamed.count))
            }
            if start[id] < 0 {
                let args = events.dictionary(events.extras(extras).args)
                start[id] = Int32(found.count)
                func take(_ value: ArgValue?) {
                    guard case .string(let name)? = value else { return }
                    guard let symbol = events.symbols.existing(name) else {
                        unnamed[id, default: []].append(name)
                        hasUnnamed[id] = true
                        return
                    }
                    found.append(symbol)
                    count[id] += 1
                }
                // Most calls with arguments have one: it is taken as it is, instead of four
                // keys being looked up.
                if args.count == 1, let (key, value) = args.first {
                    if Self.relations.contains(key) { take(value) }
                } else {
                    for key in Self.relations { take(args[key]) }
                }
            }
            let first = Int(start[id])
            for k in first..<(first + Int(count[id])) { body(found[k]) }
            if hasUnnamed[id] { unnamed[id]?.forEach(other) }
        }
    }

    static func isTrigger(_ event: CanonicalEvent?) -> Bool {
        switch event {
        case .shouldSelect?, .setSelected?, .didSelect?, .push?, .pop?, .willShow?, .present?, .dismiss?, .transition?,
            .setViewControllers?,
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
