/// Transition titles, made once per distinct kind and controllers: a long trace repeats the
/// same few switches thousands of times.
package struct TransitionTitles {
    private struct Key: Hashable {
        var kind: Transition.Kind
        var disappearing: [String], appearing: [String]
    }

    package let names: DisplayNames
    private var ids: [Key: Int] = [:]
    private var keys = TransitionKeys()
    /// Per key of `keys`, its title's position in `titles`.
    private var titleOfKey: [Int] = []
    /// Every distinct title, in order of first use.
    package private(set) var titles: [String] = []

    package init(_ names: DisplayNames) { self.names = names }

    package mutating func title(_ t: Transition) -> String { titles[id(t)] }

    /// The title's position in `titles`, so callers can keep per-title values in arrays.
    package mutating func id(_ t: Transition) -> Int {
        let key = Key(kind: t.kind, disappearing: t.disappearing, appearing: t.appearing)
        if let known = ids[key] { return known }
        ids[key] = titles.count
        titles.append(t.title(names))
        return titles.count - 1
    }

    /// The title's position in `titles` for a transition given as symbols of `symbols`.
    mutating func id(_ span: TransitionSpan, _ symbols: SymbolTable) -> Int {
        let key = keys.id(span)
        if key == titleOfKey.count { titleOfKey.append(id(Transition(span, symbols))) }
        return titleOfKey[key]
    }
}

/// The transitions of a trace, walked whole or batch by batch as it is streamed, each kept as
/// its first and last step and a key: what `lifeline stats` lists.
/// Unchecked `Sendable`: one thread at a time walks it (a `BatchQueue`'s, then the reader's
/// after `drain`), or it is made on one thread and handed over whole by `Parallel.run`.
package final class TransitionSteps: @unchecked Sendable {
    private var walk = TransitionDetector.Walk()
    private var kept = Kept()

    /// Three numbers per transition: its first step, its last step and its key's id.
    var found: [UInt32] { kept.found }
    var keys: TransitionKeys { kept.keys }

    private struct Kept {
        var found: [UInt32] = []
        var keys = TransitionKeys()

        mutating func add(_ span: TransitionSpan) {
            found.append(UInt32(clamping: span.range.lowerBound + 1))
            found.append(UInt32(clamping: span.range.upperBound + 1))
            found.append(UInt32(keys.id(span)))
        }
    }

    package init() {}

    /// The `k`th transition of `found`: its first and last call (indices into the trace) and
    /// its key's id among `keys`.
    @inline(__always) static func transition(_ k: Int, in found: [UInt32]) -> (first: Int, last: Int, key: Int) {
        // Steps are stored one-based.
        (Int(found[3 * k]) - 1, Int(found[3 * k + 1]) - 1, Int(found[3 * k + 2]))
    }

    /// The transitions of a whole trace.
    static func walking(_ trace: Trace) -> TransitionSteps {
        let steps = TransitionSteps()
        steps.advance(trace, final: true)
        return steps
    }

    /// The number of transitions found.
    package var count: Int { kept.found.count / 3 }

    /// The last step of the last transition found, 0 before any.
    package var lastEndedStep: Int { kept.found.count >= 3 ? Int(kept.found[kept.found.count - 2]) : 0 }

    /// Appearance calls walked that break the appearance state machine.
    package var violationCount: Int { walk.violations }

    /// A controller's appearance state after the calls walked; nil before any.
    package func finalState(of object: SymbolTable.ID) -> AppearanceState? { walk.state(of: object) }

    /// Walks the calls of a whole trace, to its end.
    private func advance(_ trace: Trace, final: Bool) {
        // Taken out while it grows, so it is the only reference to its arrays. Each closure is
        // a literal handed straight to the walk, so its capture needs no run-time check of
        // exclusive access (a local function passed on would, at every transition).
        var kept = Kept()
        swap(&kept, &self.kept)
        walk.advance(trace.events, final: final) { kept.add($0) }
        swap(&kept, &self.kept)
    }

    /// Walks `batch`, the calls after those of the batches walked before (see
    /// `TraceLoader.stream`); with `final`, the last batch, which may be empty.
    package func advance(batch: EventList, final: Bool) {
        var kept = Kept()
        swap(&kept, &self.kept)
        walk.advance(batch: batch, final: final) { kept.add($0) }
        swap(&kept, &self.kept)
    }
}

/// Dense ids for the distinct kinds-and-controllers of transitions, with no names involved,
/// so they can be worked out before (or while) the display names are.
struct TransitionKeys {
    private struct Key: Hashable {
        var kind: Transition.Kind
        var disappearing: [SymbolTable.ID], appearing: [SymbolTable.ID]
        var order: UInt8
    }

    /// Keys of spans with at most one controller each way, kind and both symbols in one
    /// integer: nearly every tab switch, push and pop.
    private var simple = IdMap()
    private var general: [Key: Int] = [:]
    /// The first span met with each key.
    private(set) var spans: [TransitionSpan] = []

    mutating func id(_ span: TransitionSpan) -> Int {
        let d = span.disappearing, a = span.appearing
        // Kind (5 bits), order (8 bits) and two symbols of 25 bits each.
        if d.count <= 1, a.count <= 1, d.allSatisfy({ $0 < 1 << 25 }), a.allSatisfy({ $0 < 1 << 25 }) {
            let key =
                UInt64(TransitionKeys.ordinal(span.kind)) << 59 | UInt64(span.order) << 51 | UInt64(d.first ?? 0) << 25
                | UInt64(a.first ?? 0)
            if let known = simple[key] { return Int(known) }
            simple.insert(key, Int32(spans.count))
        } else {
            let key = Key(kind: span.kind, disappearing: d, appearing: a, order: span.order)
            if let known = general[key] { return known }
            general[key] = spans.count
        }
        spans.append(span)
        return spans.count - 1
    }

    /// A number per kind, for packing into a key.
    @inline(__always) private static func ordinal(_ kind: Transition.Kind) -> Int {
        switch kind {
        case .tabSwitch: return 0
        case .tabReselect: return 1
        case .push: return 2
        case .pop: return 3
        case .present: return 4
        case .dismiss: return 5
        case .cancelledInteractivePop: return 6
        case .childTransition: return 7
        case .containmentChange: return 8
        case .appearanceTransition: return 9
        case .appearanceChange: return 10
        case .pushByOrder: return 11
        case .pushOrTabByOrder: return 12
        case .popOrTabByOrder: return 17
        case .tabSwitchByOrder: return 18
        case .presentByOrder: return 13
        case .dismissByOrder: return 14
        case .sheetPresentByOrder: return 15
        case .sheetDismissByOrder: return 16
        case .cancelledPageScroll: return 19
        case .pageScrollByOrder: return 20
        case .popByOrder: return 21
        case .pushPopOrTabByOrder: return 22
        case .presentOrDismissByOrder: return 23
        case .cancelledPush: return 24
        case .cancelledPresent: return 25
        case .cancelledDismiss: return 26
        case .cancelledPushOrPresentByOrder: return 27
        case .cancelledSheetDismissByOrder: return 28
        }
    }
}

extension Transition {
    init(_ span: TransitionSpan, _ symbols: SymbolTable) { self.init(span) { symbols[$0] } }

    /// The transition `span` keeps, its controllers named by `name` from their symbols.
    init(_ span: TransitionSpan, naming name: (SymbolTable.ID) -> String) {
        self.init(
            kind: span.kind, range: span.range, disappearing: span.disappearing.map(name),
            appearing: span.appearing.map(name))
        let wording = TransitionWording(span)
        (willFirst, didFirst) = (wording.willFirst, wording.didFirst)
        (selectionChange, selectionSeenAtDidSelect) = (wording.selectionChange, wording.selectionSeenAtDidSelect)
        (stackTopChange, stackTopSeenAtWillShow) = (wording.stackTopChange, wording.stackTopSeenAtWillShow)
    }
}
