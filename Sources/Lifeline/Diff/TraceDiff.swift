/// Compares two traces call by call (brief §7).
///
/// Each call gets a key: its object normalised by the match mode, its event, and its
/// occurrence number (the 2nd `viewDidAppear` of `A#1`). Keys on one side only are missing or
/// extra. Keys on both sides are aligned by the longest increasing subsequence of their
/// positions (O(n log n), so two very different traces cost no more than two similar ones);
/// matched calls outside it are reported as moved, not as a deletion plus an insertion.
/// Matched calls whose arguments or state differ are changed.
public struct TraceDiff: Sendable {
    public enum Match: String, Sendable, CaseIterable {
        /// `Class#ordinal`: the same instance by class and order of appearance (default).
        case instance
        /// The class alone: all instances of a class are one.
        case `class`
        /// The role: the class without its module and a `ViewController`/`Controller`/`VC`
        /// suffix, case-insensitive, so `AViewController` matches `A`.
        case role
    }

    public struct Options: Sendable {
        public var match: Match = .instance
        public var ignore: Set<String> = []
        public var appearanceOnly = false
        public var ignoreLayout = true
        public init(match: Match = .instance, ignore: Set<String> = [], appearanceOnly: Bool = false, ignoreLayout: Bool = true) {
            self.match = match
            self.ignore = ignore
            self.appearanceOnly = appearanceOnly
            self.ignoreLayout = ignoreLayout
        }
    }

    public enum Row: Sendable {
        case same(a: Int, b: Int)
        case changed(a: Int, b: Int, differences: [String])
        case missing(a: Int)
        case extra(b: Int)
        /// The call as it stood in A, now elsewhere in B.
        case movedFrom(a: Int, b: Int)
        /// The call where it stands in B; `anchor` describes its new place.
        case movedTo(a: Int, b: Int, anchor: String)
    }

    public struct Summary: Sendable, Equatable {
        public var same = 0, moved = 0, missing = 0, extra = 0, changed = 0
        public var isIdentical: Bool { moved == 0 && missing == 0 && extra == 0 && changed == 0 }
        public var line: String {
            "\(same) same, \(moved) moved, \(missing) missing, \(extra) extra, \(changed) changed"
        }
    }

    public let a: Trace
    public let b: Trace
    /// Indexes into `a.events` / `b.events` of the calls compared (after filtering).
    public let keptA: [Int]
    public let keptB: [Int]
    public let labelsA: [String]
    public let labelsB: [String]
    public let namesA: DisplayNames
    public let namesB: DisplayNames

    /// `3. AViewController.viewWillDisappear` for a call of A or B (an index into its events).
    public func callInA(_ index: Int) -> String { TraceDiff.call(a.events[index], namesA) }
    public func callInB(_ index: Int) -> String { TraceDiff.call(b.events[index], namesB) }
    static func call(_ e: TraceEvent, _ names: DisplayNames) -> String { "\(e.seq). \(names[e.object]).\(e.event)" }
    public private(set) var rows: [Row] = []
    public private(set) var summary = Summary()

    public init(_ a: Trace, _ b: Trace, options: Options = Options()) {
        self.a = a
        self.b = b
        func keep(_ e: TraceEvent) -> Bool {
            if options.ignore.contains(e.event) { return false }
            if options.appearanceOnly { return e.canonical?.kind == .appearance }
            if options.ignoreLayout, e.canonical?.kind == .layout { return false }
            return true
        }
        keptA = a.events.indices.filter { keep(a.events[$0]) }
        keptB = b.events.indices.filter { keep(b.events[$0]) }
        let namesA = DisplayNames(a), namesB = DisplayNames(b)
        self.namesA = namesA
        self.namesB = namesB
        labelsA = keptA.map { "\(namesA[a.events[$0].object]).\(a.events[$0].event)" }
        labelsB = keptB.map { "\(namesB[b.events[$0].object]).\(b.events[$0].event)" }
        let keysA = TraceDiff.keys(a, keptA, options.match)
        let keysB = TraceDiff.keys(b, keptB, options.match)
        var positionInA: [String: Int] = [:]
        positionInA.reserveCapacity(keysA.count)
        for (i, k) in keysA.enumerated() { positionInA[k] = i }
        var positionInB: [String: Int] = [:]
        positionInB.reserveCapacity(keysB.count)
        for (j, k) in keysB.enumerated() { positionInB[k] = j }
        // Matched B positions with their A positions, in B order.
        var matchedB: [Int] = [], matchedA: [Int] = []
        var aMatched = [Bool](repeating: false, count: keysA.count)
        var bToA = [Int](repeating: -1, count: keysB.count)
        for (j, k) in keysB.enumerated() {
            if let i = positionInA[k] {
                matchedB.append(j)
                matchedA.append(i)
                aMatched[i] = true
                bToA[j] = i
            }
        }
        let stable = TraceDiff.longestIncreasing(matchedA)
        var inLIS = [Bool](repeating: false, count: keysB.count)
        for index in stable { inLIS[matchedB[index]] = true }
        var aInLIS = [Bool](repeating: false, count: keysA.count)
        for index in stable { aInLIS[matchedA[index]] = true }

        var nextStable = [Int?](repeating: nil, count: keysB.count)
        var previousStable = [Int?](repeating: nil, count: keysB.count)
        var last: Int? = nil
        for j in keysB.indices { previousStable[j] = last; if inLIS[j] { last = j } }
        last = nil
        for j in keysB.indices.reversed() { nextStable[j] = last; if inLIS[j] { last = j } }
        // Walk both sides in step, anchored on the stable matches.
        var i = 0, j = 0
        var rows: [Row] = []
        var summary = Summary()
        while i < keysA.count || j < keysB.count {
            if i < keysA.count, !aInLIS[i] {
                if aMatched[i] {
                    let jb = positionInB[keysA[i]] ?? 0
                    rows.append(.movedFrom(a: keptA[i], b: keptB[jb]))
                } else {
                    rows.append(.missing(a: keptA[i]))
                    summary.missing += 1
                }
                i += 1
                continue
            }
            if j < keysB.count, !inLIS[j] {
                if bToA[j] >= 0 {
                    // Its new place: before the next call that stayed, else after the last one.
                    let anchor = nextStable[j].map { "moved before \(labelsB[$0])" }
                        ?? previousStable[j].map { "moved after \(labelsB[$0])" } ?? "moved"
                    rows.append(.movedTo(a: keptA[bToA[j]], b: keptB[j], anchor: anchor))
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
            let ea = a.events[keptA[i]], eb = b.events[keptB[j]]
            let differences = TraceDiff.differences(ea, eb, namesA, namesB, options.match)
            if differences.isEmpty {
                rows.append(.same(a: keptA[i], b: keptB[j]))
                summary.same += 1
            } else {
                rows.append(.changed(a: keptA[i], b: keptB[j], differences: differences))
                summary.changed += 1
            }
            i += 1
            j += 1
        }
        self.rows = rows
        self.summary = summary
    }

    /// `object|event|occurrence` per kept call.
    static func keys(_ trace: Trace, _ kept: [Int], _ match: Match) -> [String] {
        var count: [String: Int] = [:]
        var keys: [String] = []
        keys.reserveCapacity(kept.count)
        for index in kept {
            let e = trace.events[index]
            let base = normalise(e.object, match) + "|" + e.event
            let n = (count[base] ?? 0) + 1
            count[base] = n
            keys.append(base + "|" + String(n))
        }
        return keys
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
        for suffix in ["ViewController", "Controller", "VC"] where n.hasSuffix(suffix) && n.count > suffix.count {
            n = String(n.dropLast(suffix.count))
            break
        }
        return n.lowercased()
    }

    /// Arguments and state values that differ, with object ids normalised like the keys.
    static func differences(_ ea: TraceEvent, _ eb: TraceEvent, _ na: DisplayNames, _ nb: DisplayNames, _ match: Match) -> [String] {
        func value(_ v: ArgValue?, _ names: DisplayNames) -> String? {
            guard let v else { return nil }
            if case .string(let s) = v, DisplayNames.isInstanceId(s) { return normalise(s, match) }
            return v.description
        }
        func show(_ v: ArgValue?, _ names: DisplayNames) -> String { v.map { names.show($0) } ?? "–" }
        var out: [String] = []
        for (label, da, db) in [("", ea.args, eb.args), ("state ", ea.state, eb.state)] {
            for key in Set(da.keys).union(db.keys).sorted() where value(da[key], na) != value(db[key], nb) {
                out.append("\(label)\(key): \(show(da[key], na)) → \(show(db[key], nb))")
            }
        }
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
