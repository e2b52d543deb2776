/// The controllers a transition's title names: how many left and arrived, and each one's shown
/// name, appended as UTF-8.
protocol TransitionNaming {
    func count(_ side: Transition.Side) -> Int
    /// Whether the `k`th controller of `side` shows as nothing.
    func isUnnamed(_ side: Transition.Side, _ k: Int) -> Bool
    func appendName(_ side: Transition.Side, _ k: Int, to out: inout [UInt8])
}

/// What a transition's title and orders say (`tab switch: A → B`, `A.viewWillDisappear first,
/// …`), written as UTF-8 with the names a `TransitionNaming` gives. `Transition` words itself
/// through it, and a long summary words each transition straight from its symbols, with no
/// `Transition` or string per name made.
struct TransitionWording {
    var kind: Transition.Kind
    var willFirst: Transition.Side? = nil
    var didFirst: Transition.Side? = nil
    var selectionChange: Transition.SelectionChange? = nil
    var selectionSeenAtDidSelect = false
    var stackTopChange: Transition.SelectionChange? = nil
    var stackTopSeenAtWillShow = false

    init(kind: Transition.Kind) { self.kind = kind }

    /// The wording of the transition `span` keeps: its order bits read (see `TransitionSpan`).
    init(_ span: TransitionSpan) {
        kind = span.kind
        let side = { (bits: UInt8) -> Transition.Side? in bits == 1 ? .disappearing : bits == 2 ? .appearing : nil }
        willFirst = side(span.order & 3)
        didFirst = side(span.order >> 2 & 3)
        // The same bits tell a tab bar's selection and a navigation stack's top, by the kind.
        let change = Transition.SelectionChange(rawValue: span.order >> 4 & 7)
        if span.kind == .push || span.kind == .pop {
            stackTopChange = change
            stackTopSeenAtWillShow = change != nil && span.order & 128 != 0
        } else if !span.kind.isCancelled {
            selectionChange = change
            selectionSeenAtDidSelect = span.order & 128 != 0
        }
    }

    /// Appends the title: the kind, then who left and who arrived (`A, B and 3 more`).
    func appendTitle(_ names: some TransitionNaming, to out: inout [UInt8]) {
        func list(_ side: Transition.Side) {
            let count = names.count(side)
            for k in 0..<min(count, Transition.namedInTitle) {
                if k > 0 { out.append(contentsOf: ", ".utf8) }
                names.appendName(side, k, to: &out)
            }
            if count > Transition.namedInTitle {
                out.append(contentsOf: " and \(count - Transition.namedInTitle) more".utf8)
            }
        }
        // Whether `list` appends anything: with two controllers it appends a comma.
        func lists(_ side: Transition.Side) -> Bool {
            let count = names.count(side)
            return count > 1 || count == 1 && !names.isUnnamed(side, 0)
        }
        let hasFrom = lists(.disappearing), hasTo = lists(.appearing)
        out.append(contentsOf: kind.rawValue.utf8)
        // A cancelled pop or page scroll is named for the controller that stays on top.
        if kind.isCancelled, hasTo {
            out.append(contentsOf: ": ".utf8)
            list(.appearing)
            out.append(contentsOf: " stays".utf8)
            if hasFrom {
                out.append(contentsOf: ", ".utf8)
                list(.disappearing)
                out.append(contentsOf: " did not arrive".utf8)
            }
            return
        }
        switch (hasFrom, hasTo) {
        case (true, true):
            out.append(contentsOf: ": ".utf8)
            list(.disappearing)
            out.append(contentsOf: " → ".utf8)
            list(.appearing)
        case (false, true):
            out.append(contentsOf: ": → ".utf8)
            list(.appearing)
        case (true, false):
            out.append(contentsOf: ": ".utf8)
            list(.disappearing)
            out.append(contentsOf: " →".utf8)
        case (false, false):
            break
        }
    }

    /// Appends the orders (`B.viewWillAppear first, A.viewDidDisappear first`); false, with
    /// nothing appended, when the transition has none or lacks a side.
    func appendOrders(_ names: some TransitionNaming, to out: inout [UInt8]) -> Bool {
        guard names.count(.disappearing) > 0, names.count(.appearing) > 0 else { return false }
        let start = out.count
        func separate() {
            if out.count > start { out.append(contentsOf: ", ".utf8) }
        }
        func order(_ side: Transition.Side, appearing: StaticString, disappearing: StaticString) {
            separate()
            names.appendName(side, 0, to: &out)
            let words = side == .appearing ? appearing : disappearing
            out.append(contentsOf: UnsafeBufferPointer(start: words.utf8Start, count: words.utf8CodeUnitCount))
        }
        if let willFirst {
            order(willFirst, appearing: ".viewWillAppear first", disappearing: ".viewWillDisappear first")
        }
        if let didFirst { order(didFirst, appearing: ".viewDidAppear first", disappearing: ".viewDidDisappear first") }
        func change(_ what: String, _ seen: Bool, _ at: String, _ change: Transition.SelectionChange) {
            separate()
            out.append(contentsOf: what.utf8)
            if seen { out.append(contentsOf: at.utf8) }
            out.append(0x20)
            out.append(contentsOf: change.phrase.utf8)
        }
        if let selectionChange {
            change("selectedViewController set", selectionSeenAtDidSelect, " (seen at didSelect)", selectionChange)
        }
        if let stackTopChange {
            change("navigation stack's top set", stackTopSeenAtWillShow, " (seen at willShow)", stackTopChange)
        }
        return out.count > start
    }
}
