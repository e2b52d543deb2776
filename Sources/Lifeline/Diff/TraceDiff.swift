/// Compares two traces call by call.
///
/// Each call gets a key: its object normalised by the match mode, its event, and its
/// occurrence number (the 2nd `viewDidAppear` of `A#1`). Keys on one side only are missing or
/// extra. Keys on both sides are aligned by the longest increasing subsequence of their
/// positions (O(n log n), so two very different traces cost no more than two similar ones);
/// matched calls outside it are reported as moved, not as a deletion plus an insertion.
/// Matched calls whose arguments or state differ are changed; state a call's own arguments
/// imply (the tab a `didSelect(to:)` selects) is not compared, as it repeats them.
public struct TraceDiff: Sendable {
    /// How a call's object is matched between the two traces.
    public enum Match: String, Sendable, CaseIterable {
        /// `Class#ordinal`: the same instance by class and order of appearance (default).
        case instance
        /// The class alone: all instances of a class are one.
        case `class`
        /// The role: the class without its module, spaces, `_` and `-`, and a
        /// `ViewController`/`Controller`/`VC` suffix, case-insensitive, so `AViewController`,
        /// `A ViewController` and `A_VC` match `A`.
        case role
    }

    /// What is compared.
    public struct Options: Sendable {
        /// How objects are matched.
        public var match: Match = .instance
        /// Event names left out of both traces.
        public var ignore: Set<String> = []
        /// Whether only the appearance calls (`viewWillAppear` … `viewDidDisappear`) are compared.
        public var appearanceOnly = false
        /// Whether `viewWillLayoutSubviews` and `viewDidLayoutSubviews` are left out.
        public var ignoreLayout = true
        /// Options for a comparison; the defaults compare every call but layout, by instance.
        public init(
            match: Match = .instance, ignore: Set<String> = [], appearanceOnly: Bool = false, ignoreLayout: Bool = true
        ) {
            self.match = match
            self.ignore = ignore
            self.appearanceOnly = appearanceOnly
            self.ignoreLayout = ignoreLayout
        }
    }

    package enum Row: Sendable {
        case same(a: Int, b: Int)
        case changed(a: Int, b: Int, differences: [String])
        case missing(a: Int)
        case extra(b: Int)
        /// The call as it stood in A, now elsewhere in B.
        case movedFrom(a: Int, b: Int)
        /// The call where it stands in B; `anchor` describes its new place.
        case movedTo(a: Int, b: Int, anchor: String)
    }

    /// How many calls fall in each kind of row.
    public struct Summary: Sendable, Equatable {
        /// Calls in both traces, in the same order, with the same arguments and state.
        public var same = 0
        /// Calls in both traces that stand elsewhere in the second.
        public var moved = 0
        /// Calls only in the first trace.
        public var missing = 0
        /// Calls only in the second trace.
        public var extra = 0
        /// Calls in both traces whose arguments or state differ.
        public var changed = 0
        /// Whether the traces made the same calls in the same order.
        public var isIdentical: Bool { moved == 0 && missing == 0 && extra == 0 && changed == 0 }
        /// `3 same, 1 moved, 0 missing, 0 extra, 0 changed`.
        public var line: String {
            "\(same) same, \(moved) moved, \(missing) missing, \(extra) extra, \(changed) changed"
        }
    }

    /// The first trace, the one compared against.
    public let a: Trace
    /// The second trace.
    public let b: Trace
    /// Indexes into `a.events` / `b.events` of the calls compared (after filtering).
    package let keptA: Indexes
    package let keptB: Indexes
    package let namesA: DisplayNames
    package let namesB: DisplayNames
    /// `AViewController.viewWillDisappear` for each kept call.
    package var labelsA: [String] { keptA.map { TraceDiff.label(a.events, $0, namesA) } }
    package var labelsB: [String] { keptB.map { TraceDiff.label(b.events, $0, namesB) } }

    /// `3. AViewController.viewWillDisappear` for a call of A or B (an index into its events).
    package func callInA(_ index: Int) -> String {
        "\(a.events.seq(at: index)). " + TraceDiff.label(a.events, index, namesA)
    }
    package func callInB(_ index: Int) -> String {
        "\(b.events.seq(at: index)). " + TraceDiff.label(b.events, index, namesB)
    }
    static func label(_ events: EventList, _ index: Int, _ names: DisplayNames) -> String {
        names[events.symbols[events.objectSymbol(at: index)]] + "." + events.symbols[events.eventSymbol(at: index)]
    }
    package private(set) var rows = Rows()
    /// The counts of each kind of row.
    public private(set) var summary = Summary()

    /// Compares `b` with `a`.
    public init(_ a: Trace, _ b: Trace, options: Options = Options()) {
        self.a = a
        self.b = b
        // Each trace's kept calls and names, one trace on each thread.
        let ((keptA, namesA), (keptB, namesB)) = try! Parallel.run(
            { (TraceDiff.kept(a.events, options), DisplayNames(a)) },
            alongside: { (TraceDiff.kept(b.events, options), DisplayNames(b)) })
        self.keptA = keptA
        self.keptB = keptB
        self.namesA = namesA
        self.namesB = namesB
        var space = KeySpace(match: options.match)
        var tokensA = space.tokens(a.events, keptA)
        var tokensB = space.tokens(b.events, keptB)
        var changes = ChangeFinder(a: a.events, b: b.events, namesA: namesA, namesB: namesB, match: options.match)
        let aligned =
            TraceDiff.alignByEdits(&tokensA, &tokensB, keptA, keptB, b.events, namesB, &changes)
            ?? TraceDiff.alignByOccurrence(
                TraceDiff.occurrences(tokensA), TraceDiff.occurrences(tokensB), keptA, keptB, b.events, namesB, &changes
            )
        rows = aligned.rows
        summary = aligned.summary
    }

    /// Aligns the calls as GNU diff aligns lines (see `EditScript`); a call taken out in one
    /// place and put in at another is one move. Nil when the traces are too different.
    static func alignByEdits(
        _ tokensA: inout [Int32], _ tokensB: inout [Int32], _ keptA: Indexes, _ keptB: Indexes, _ eventsB: EventList,
        _ namesB: DisplayNames, _ changes: inout ChangeFinder
    ) -> (rows: Rows, summary: Summary)? {
        var rows = Rows()
        var summary = Summary()
        var deleted: [Int32: [Int]] = [:], inserted: [Int32: [Int]] = [:]
        // The script is found from the end backwards, so that of two calls that swapped places
        // the one now earlier is the one described as moved ("B moved before A"). Rows are
        // built in that order and turned round at the end.
        let countA = tokensA.count, countB = tokensB.count
        tokensA.reverse()
        tokensB.reverse()
        let complete = EditScript.compute(tokensA, tokensB) { op in
            switch op {
            case .match(let ri, let rj):
                changes.match(keptA[countA - 1 - ri], keptB[countB - 1 - rj], into: &rows, &summary)
            case .delete(let ri):
                deleted[tokensA[ri], default: []].append(rows.count)
                rows.append(.missing(a: keptA[countA - 1 - ri]))
            case .insert(let rj):
                inserted[tokensB[rj], default: []].append(rows.count)
                rows.append(.extra(b: keptB[countB - 1 - rj]))
            }
        }
        tokensA.reverse()
        tokensB.reverse()
        guard complete else { return nil }
        rows.reverse()
        let lastRow = rows.count - 1
        for (token, list) in deleted { deleted[token] = list.reversed().map { lastRow - $0 } }
        for (token, list) in inserted { inserted[token] = list.reversed().map { lastRow - $0 } }
        // The k-th removal and the k-th insertion of the same call are one move.
        var movedTo: [Int] = []
        for (token, removals) in deleted {
            for (from, to) in zip(removals, inserted[token] ?? []) {
                guard case .missing(let a) = rows[from], case .extra(let b) = rows[to] else { continue }
                rows.replace(from, with: .movedFrom(a: a, b: b))
                rows.replace(to, with: .movedTo(a: a, b: b, anchor: ""))
                movedTo.append(to)
            }
        }
        summary.moved = movedTo.count
        summary.missing = deleted.values.reduce(0) { $0 + $1.count } - movedTo.count
        summary.extra = inserted.values.reduce(0) { $0 + $1.count } - movedTo.count
        // Each moved call's new place: before the next call that stayed, else after the last.
        let moved = Set(movedTo)
        // Calls moved past every call that stayed go after the last of those.
        let lastStayed = rows.indices.reversed().lazy.compactMap { rows.stayedB($0) }.first ?? -1
        var nextStayed = -1
        for r in rows.indices.reversed() {
            if let b = rows.stayedB(r) {
                nextStayed = b
                continue
            }
            guard moved.contains(r), case .movedTo(let a, let b, _) = rows[r] else { continue }
            let anchor =
                nextStayed >= 0
                ? "moved before " + label(eventsB, nextStayed, namesB)
                : lastStayed >= 0 ? "moved after " + label(eventsB, lastStayed, namesB) : "moved"
            rows.replace(r, with: .movedTo(a: a, b: b, anchor: anchor))
        }
        return (rows, summary)
    }

    /// Aligns by key and occurrence (the 2nd `viewDidAppear` of `A#1` in A with the 2nd in
    /// B), keeping the longest increasing run of matches in place and reporting the other
    /// matches as moved. O(n log n) however different the traces are.
    static func alignByOccurrence(
        _ keysA: [Key], _ keysB: [Key], _ keptA: Indexes, _ keptB: Indexes, _ eventsB: EventList,
        _ namesB: DisplayNames,
        _ changes: inout ChangeFinder
    ) -> (rows: Rows, summary: Summary) {
        let baseCount = Int((keysA + keysB).map(\.base).max() ?? -1) + 1
        var positionsA = [[Int32]](repeating: [], count: baseCount)
        // The k-th occurrence of a key in B matches the k-th in A.
        for (i, key) in keysA.enumerated() { positionsA[Int(key.base)].append(Int32(i)) }
        var matchedB: [Int] = [], matchedA: [Int] = []
        var aToB = [Int32](repeating: -1, count: keysA.count)
        var bToA = [Int32](repeating: -1, count: keysB.count)
        for (j, key) in keysB.enumerated() {
            let list = positionsA[Int(key.base)]
            guard Int(key.occurrence) < list.count else { continue }
            let i = Int(list[Int(key.occurrence)])
            matchedB.append(j)
            matchedA.append(i)
            aToB[i] = Int32(j)
            bToA[j] = Int32(i)
        }
        positionsA = []
        let stable = TraceDiff.longestIncreasing(matchedA)
        var inLIS = [Bool](repeating: false, count: keysB.count)
        for index in stable { inLIS[matchedB[index]] = true }
        var aInLIS = [Bool](repeating: false, count: keysA.count)
        for index in stable { aInLIS[matchedA[index]] = true }
        matchedA = []
        matchedB = []

        var nextStable = [Int32](repeating: -1, count: keysB.count)
        var previousStable = [Int32](repeating: -1, count: keysB.count)
        var last: Int32 = -1
        for j in keysB.indices { previousStable[j] = last; if inLIS[j] { last = Int32(j) } }
        last = -1
        for j in keysB.indices.reversed() { nextStable[j] = last; if inLIS[j] { last = Int32(j) } }
        func anchor(_ j: Int) -> String {
            // Its new place: before the next call that stayed, else after the last one.
            if nextStable[j] >= 0 { return "moved before " + label(eventsB, keptB[Int(nextStable[j])], namesB) }
            if previousStable[j] >= 0 { return "moved after " + label(eventsB, keptB[Int(previousStable[j])], namesB) }
            return "moved"
        }
        // Walk both sides in step, anchored on the stable matches.
        var i = 0, j = 0
        var rows = Rows()
        var summary = Summary()
        while i < keysA.count || j < keysB.count {
            if i < keysA.count, !aInLIS[i] {
                if aToB[i] >= 0 {
                    rows.append(.movedFrom(a: keptA[i], b: keptB[Int(aToB[i])]))
                } else {
                    rows.append(.missing(a: keptA[i]))
                    summary.missing += 1
                }
                i += 1
                continue
            }
            if j < keysB.count, !inLIS[j] {
                if bToA[j] >= 0 {
                    rows.append(.movedTo(a: keptA[Int(bToA[j])], b: keptB[j], anchor: anchor(j)))
                    summary.moved += 1
                } else {
                    rows.append(.extra(b: keptB[j]))
                    summary.extra += 1
                }
                j += 1
                continue
            }
            // Both at stable matches (they are the same key).
            guard i < keysA.count, j < keysB.count else { break }
            changes.match(keptA[i], keptB[j], into: &rows, &summary)
            i += 1
            j += 1
        }
        return (rows, summary)
    }

    /// Indexes of the calls compared, after `--ignore`, `--appearance-only` and layout.
    static func kept(_ events: EventList, _ options: Options) -> Indexes {
        // Per event name: 0 not decided yet, 1 kept, 2 left out.
        var verdicts = [UInt8](repeating: 0, count: events.symbols.count)
        var list: [Int32] = []
        list.reserveCapacity(events.count)
        for index in events.indices {
            let symbol = Int(events.eventSymbol(at: index))
            if verdicts[symbol] == 0 {
                let kind = events.canonical(at: index)?.kind
                let keep: Bool
                if options.ignore.contains(events.symbols[SymbolTable.ID(symbol)]) {
                    keep = false
                } else if options.appearanceOnly {
                    keep = kind == .appearance
                } else {
                    keep = !(options.ignoreLayout && kind == .layout)
                }
                verdicts[symbol] = keep ? 1 : 2
            }
            if verdicts[symbol] == 1 { list.append(Int32(index)) }
        }
        return Indexes(list, of: events.count)
    }

    /// A call's key: its normalised object and event (a dense `base` shared by both traces),
    /// and which occurrence of that pair it is, from 0.
    struct Key {
        var base: Int32
        var occurrence: Int32
    }

    /// Each token with its occurrence: the 2nd `viewDidAppear` of `A#1` is occurrence 1.
    static func occurrences(_ tokens: [Int32]) -> [Key] {
        var count: [Int32] = []
        return tokens.map { base in
            while count.count <= Int(base) { count.append(0) }
            defer { count[Int(base)] += 1 }
            return Key(base: base, occurrence: count[Int(base)])
        }
    }

    /// Numbers the normalised object/event pairs of both traces alike.
    struct KeySpace {
        let match: Match
        private var objectIDs = SymbolTable(keepingStrings: false)
        private var eventIDs = SymbolTable(keepingStrings: false)
        private var baseIDs = IdMap()
        /// Under `.instance`, the first trace's own symbols number the objects: its ids need no
        /// table of their own, and the second trace's are looked up in it (a long session whose
        /// every screen is a new instance has as many objects as transitions).
        private var firstSymbols: SymbolTable?
        var baseCount: Int { baseIDs.count }

        init(match: Match) { self.match = match }

        /// The number of the object named `symbol` in `events`, alike in both traces.
        private mutating func objectNumber(_ symbol: SymbolTable.ID, in events: EventList, first: Bool) -> Int {
            guard match == .instance else {
                return Int(objectIDs.id(TraceDiff.normalise(events.symbols[symbol], match)))
            }
            if first { return Int(symbol) }
            let name = events.symbols[symbol]
            if let known = firstSymbols?.existing(name) { return Int(known) }
            return (firstSymbols?.count ?? 0) + Int(objectIDs.id(name))
        }

        /// The normalised object/event pair of each kept call, numbered alike in both traces:
        /// the first trace's calls first, then the second's.
        mutating func tokens(_ events: EventList, _ kept: Indexes) -> [Int32] {
            let first = match == .instance && firstSymbols == nil
            if first { firstSymbols = events.symbols }
            var objectOf = [Int](repeating: -1, count: events.symbols.count)
            var eventOf = [Int](repeating: -1, count: events.symbols.count)
            var tokens: [Int32] = []
            tokens.reserveCapacity(kept.count)
            for index in kept {
                let o = Int(events.objectSymbol(at: index)), e = Int(events.eventSymbol(at: index))
                if objectOf[o] < 0 { objectOf[o] = objectNumber(SymbolTable.ID(o), in: events, first: first) }
                if eventOf[e] < 0 { eventOf[e] = Int(eventIDs.id(events.symbols[SymbolTable.ID(e)])) }
                let pair = UInt64(objectOf[o]) << 32 | UInt64(eventOf[e])
                if let known = baseIDs[pair] {
                    tokens.append(known)
                } else {
                    let base = Int32(baseIDs.count)
                    baseIDs.insert(pair, base)
                    tokens.append(base)
                }
            }
            return tokens
        }
    }

    /// Finds changed arguments and state of matched calls, once per distinct pair of argument
    /// and state sets.
    struct ChangeFinder {
        let a: EventList, b: EventList
        let namesA: DisplayNames, namesB: DisplayNames
        let match: Match
        /// The differences found per pair of extras ids (arguments, state and note) of the two
        /// sides, as numbers into `found`: a long trace repeats the same few pairs.
        private var known = [IdMap](repeating: IdMap(), count: 3)
        private var found: [[String]] = [[]]
        /// Whether each of `found` is empty: most matched calls are the same, and reading this
        /// instead of the array costs no retain and release per call.
        private var none: [Bool] = [true]

        init(a: EventList, b: EventList, namesA: DisplayNames, namesB: DisplayNames, match: Match) {
            self.a = a
            self.b = b
            self.namesA = namesA
            self.namesB = namesB
            self.match = match
        }

        /// Adds the row of two matched calls: the same, or changed.
        mutating func match(_ i: Int, _ j: Int, into rows: inout Rows, _ summary: inout Summary) {
            let k = number(i, j)
            if k < 0 || none[k] {
                rows.append(.same(a: i, b: j))
                summary.same += 1
            } else {
                rows.append(.changed(a: i, b: j, differences: found[k]))
                summary.changed += 1
            }
        }

        /// Where in `found` the differences of calls `i` and `j` are, worked out the first time
        /// their pair of extras meets; -1 when neither call has extras, 0 (no difference) when their
        /// values are equal.
        /// State a call's own arguments imply (the tab a `didSelect(to:)` selects) is not
        /// compared: it repeats the arguments, and whether a reader derived it depends on the
        /// calls before, not on this one. Matched calls have the same event.
        private mutating func number(_ i: Int, _ j: Int) -> Int {
            let key = UInt64(a.extrasID(at: i)) << 32 | UInt64(b.extrasID(at: j))
            if key == 0 { return -1 }
            let canonical = a.canonical(at: i)
            // What a pair's values imply depends on the event: one memo per kind of event.
            let kind = canonical == .shouldSelect ? 1 : StateDeriver.implies(canonical) ? 2 : 0
            if let known = known[kind][key] { return Int(known) }
            var (argsA, stateA, argsB, stateB) = (a.args(at: i), a.state(at: i), b.args(at: j), b.state(at: j))
            if kind != 0 {
                stateA = StateDeriver.unimplied(stateA, by: canonical, args: argsA)
                stateB = StateDeriver.unimplied(stateB, by: canonical, args: argsB)
            }
            // Values equal as logged are equal in every `Match` mode: such a pair needs no
            // comparison, and shares the first entry of `found`, which is empty.
            if argsA == argsB && stateA == stateB {
                known[kind].insert(key, 0)
                return 0
            }
            let differences = TraceDiff.differences((argsA, stateA), (argsB, stateB), namesA, namesB, match)
            known[kind].insert(key, Int32(found.count))
            found.append(differences)
            none.append(differences.isEmpty)
            return found.count - 1
        }
    }

    static func normalise(_ id: String, _ match: Match) -> String {
        switch match {
        case .instance: return id
        case .class: return DisplayNames.className(of: id)
        case .role: return role(DisplayNames.className(of: id))
        }
    }

    static func role(_ name: String) -> String {
        var n = name
        if let dot = n.lastIndex(of: ".") { n = String(n[n.index(after: dot)...]) }
        // `A ViewController`, `First_VC`, `home-vc`: the words of a role, however joined.
        n = n.filter { $0 != " " && $0 != "_" && $0 != "-" }.lowercased()
        for suffix in ["viewcontroller", "controller", "vc"] where n.hasSuffix(suffix) && n.count > suffix.count {
            n = String(n.dropLast(suffix.count))
            break
        }
        return n
    }

    /// Arguments and state values that differ, with object ids normalised like the keys.
    static func differences(
        _ ea: (args: [String: ArgValue], state: [String: ArgValue]),
        _ eb: (args: [String: ArgValue], state: [String: ArgValue]),
        _ na: DisplayNames, _ nb: DisplayNames, _ match: Match
    ) -> [String] {
        func value(_ v: ArgValue?, _ names: DisplayNames) -> String? {
            guard let v else { return nil }
            if case .string(let s) = v, DisplayNames.isInstanceId(s) { return normalise(s, match) }
            return v.description
        }
        func show(_ v: ArgValue?, _ names: DisplayNames) -> String { v.map { names.show($0) } ?? "–" }
        var out: [String] = []
        func compare(_ label: String, _ da: [String: ArgValue], _ db: [String: ArgValue]) {
            if da.isEmpty, db.isEmpty { return }
            // Most calls have one argument, the same key on both sides.
            // Values equal as logged are equal after `normalise` in every `Match` mode: compare
            // those first, and normalise only values that differ.
            if da.count == 1, db.count == 1, let (key, va) = da.first, let (other, vb) = db.first, key == other {
                if va != vb, value(va, na) != value(vb, nb) {
                    out.append("\(label)\(key): \(show(va, na)) → \(show(vb, nb))")
                }
                return
            }
            for key in Set(da.keys).union(db.keys).sorted()
            where da[key] != db[key] && value(da[key], na) != value(db[key], nb) {
                out.append("\(label)\(key): \(show(da[key], na)) → \(show(db[key], nb))")
            }
        }
        compare("", ea.args, eb.args)
        compare("state ", ea.state, eb.state)
        return out
    }

    /// Indexes (into `values`) of one longest strictly increasing subsequence, preferring the
    /// earliest ending values; O(n log n).
    static func longestIncreasing(_ values: [Int]) -> [Int] {
        var tails: [Int] = []  // index into values of the smallest tail for each length
        var previous = [Int](repeating: -1, count: values.count)
        for (index, v) in values.enumerated() {
            var lo = 0, hi = tails.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if values[tails[mid]] < v { lo = mid + 1 } else { hi = mid }
            }
            if lo > 0 { previous[index] = tails[lo - 1] }
            if lo == tails.count { tails.append(index) } else { tails[lo] = index }
        }
        var result: [Int] = []
        var k = tails.last ?? -1
        while k >= 0 {
            result.append(k)
            k = previous[k]
        }
        return result.reversed()
    }
}
