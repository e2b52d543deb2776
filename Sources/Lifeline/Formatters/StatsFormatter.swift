/// `lifeline stats`: calls per controller and per event, the transitions, and counts of
/// warnings and findings, as aligned plain text.
package struct StatsFormatter: TraceFormatter {
    /// A formatter for aligned plain text.
    package init() {}

    /// Writes the summary to `output`.
    package func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The summary of a whole trace as UTF-8 bytes: its calls are counted on this thread while
    /// they are walked on another (so the tally, which is not `Sendable`, stays on this one).
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let (counts, walk) = try! Parallel.run(
            { () -> CallTally in
                let counts = CallTally()
                counts.add(trace)
                return counts
            },
            alongside: { TransitionSteps.walking(trace) })  // neither throws
        return text(trace, walked: walk, counted: counts, into: out)
    }

    /// The summary of a trace whose calls `walk` walked and `counts` counted as they were
    /// read; `trace` gives the names, warnings and findings (its rows may be gone, see
    /// `TraceLoader.stream`). The transitions, one line each, are kept only as text.
    package func text(
        _ trace: Trace, walked walk: TransitionSteps, counted counts: CallTally, into out: TextBuffer,
        listingTransitions: Bool = true
    ) -> TextBuffer {
        let symbols = trace.events.symbols
        // Each transition is kept as three integers (its steps and its key) until the count
        // that heads the output is known; keys are named once, after.
        let names = counts.shownNames
        let found = walk.found
        let transitionCount = found.count / 3
        var out = out
        out += "\(counts.calls) calls, \(counts.objectOrder.count) objects, \(transitionCount) transitions, "
        out += "\(walk.violationCount + trace.findings.count) findings, \(trace.diagnostics.count) warnings\n"
        out += "\nobjects:\n"
        out += table(
            counts.objectOrder.map {
                (names.name(of: $0, in: symbols), counts.perObject[Int($0)], walk.finalState(of: $0)?.rawValue ?? "")
            })
        out += "\nevents:\n"
        out += table(counts.eventOrder.map { (symbols[$0], counts.perEvent[Int($0)], "") })
        if transitionCount > 0, listingTransitions {
            out += "\ntransitions:\n"
            // The lines are made in pieces on two threads, from the step numbers and the titles
            // of their keys. Each thread keeps the titles of keys it met twice in a small cache:
            // an ordinary log repeats a few keys, and a long session whose screens are new
            // instances has a key per transition, whose titles are then made in a reused buffer
            // on both cores and not kept.
            let spans = walk.keys.spans
            Parallel.pieces(of: transitionCount, into: &out, cache: { TitleCache() }) {
                _, lines, cache, buffer in
                for line in lines {
                    let (first, last, key) = TransitionSteps.transition(line, in: found)
                    cache.withTitle(of: key) { title in
                        let span = spans[key]
                        let wording = TransitionWording(span)
                        let named = SpanNames(span: span, names: names, symbols: symbols)
                        wording.appendTitle(named, to: &title)
                        let orders = title.count
                        title.append(contentsOf: " (".utf8)
                        if wording.appendOrders(named, to: &title) {
                            title.append(0x29)  // )
                        } else {
                            title.removeSubrange(orders...)
                        }
                        title.append(0x0A)
                    } use: { title in
                        // Assembled on the stack and appended once.
                        buffer.write { b in
                            ByteWriter.append(to: &b, room: 16 + 2 * ByteWriter.numberRoom + title.count) { w in
                                w.put("  steps ")
                                w.putInteger(Int64(first + 1))
                                w.put("–")
                                w.putInteger(Int64(last + 1))
                                w.put("  ")
                                w.put(title)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The lines of the transitions `walk` found from the `first`th on, as `text` lists them but
    /// naming controllers by their instance ids (a followed trace's display names are not known
    /// until it ends); for `lifeline stats --follow`, which prints each as it is found.
    package func transitionLines(_ walk: TransitionSteps, symbols: SymbolTable, from first: Int) -> String {
        let names = DisplayNames.unshortened
        let found = walk.found
        var out = ""
        for k in first..<(found.count / 3) {
            let (start, last, key) = TransitionSteps.transition(k, in: found)
            let transition = Transition(walk.keys.spans[key], symbols)
            let orders = transition.orders(names).map { " (\($0))" } ?? ""
            out += "  steps \(start + 1)–\(last + 1)  \(transition.title(names))\(orders)\n"
        }
        return out
    }

    /// Rows of a name, a count and a state, the names padded to one width and the counts
    /// right-aligned. Widths are in characters; a long session has a row per screen, so an
    /// ASCII name is measured by its bytes.
    private func table(_ rows: [(String, Int, String)]) -> [UInt8] {
        func width(_ s: String) -> Int { s.utf8.allSatisfy { $0 < 0x80 } ? s.utf8.count : s.count }
        func digits(_ n: Int) -> Int {
            var (n, d) = (n, 1)
            while n >= 10 { (n, d) = (n / 10, d + 1) }
            return d
        }
        let widths = rows.map { width($0.0) }
        let nameWidth = widths.max() ?? 0
        let countWidth = rows.map { digits($0.1) }.max() ?? 0
        var out: [UInt8] = []
        for (row, w) in zip(rows, widths) {
            var name = row.0, state = row.2
            name.withUTF8 { name in
                state.withUTF8 { state in
                    let room = 8 + nameWidth + w + name.count + countWidth + ByteWriter.numberRoom + state.count
                    ByteWriter.append(to: &out, room: room) { line in
                        line.put("  ")
                        line.put(UnsafeRawBufferPointer(name))
                        for _ in 0..<(nameWidth - w + 2 + countWidth - digits(row.1)) { line.put(0x20) }
                        line.putInteger(Int64(row.1))
                        if !state.isEmpty {
                            line.put("  ")
                            line.put(UnsafeRawBufferPointer(state))
                        }
                        line.put(0x0A)
                    }
                }
            }
        }
        if out.isEmpty { out.append(0x0A) }
        return out
    }

    /// A transition's controllers by their symbols, as the summary shows them.
    private struct SpanNames: TransitionNaming {
        let span: TransitionSpan
        let names: ShownNames
        let symbols: SymbolTable

        func count(_ side: Transition.Side) -> Int {
            side == .disappearing ? span.disappearing.count : span.appearing.count
        }
        func symbol(_ side: Transition.Side, _ k: Int) -> SymbolTable.ID {
            side == .disappearing ? span.disappearing[k] : span.appearing[k]
        }
        func isUnnamed(_ side: Transition.Side, _ k: Int) -> Bool {
            names.name(of: symbol(side, k), in: symbols).isEmpty
        }
        func appendName(_ side: Transition.Side, _ k: Int, to out: inout [UInt8]) {
            out.append(contentsOf: names.name(of: symbol(side, k), in: symbols).utf8)
        }
    }

    /// A thread's transition titles by key, in 4 096 places: a title is kept once its key is
    /// met a second time, so a key met once costs no kept array.
    private struct TitleCache {
        private static let size = 4096
        private var keys = [Int](repeating: -1, count: size)
        private var titles = [[UInt8]](repeating: [], count: size)
        private var scratch: [UInt8] = []

        /// Hands `use` the title of `key`, made by `make` unless it is kept.
        mutating func withTitle(
            of key: Int, make: (inout [UInt8]) -> Void, use: (UnsafeRawBufferPointer) -> Void
        ) {
            let slot = key % Self.size
            if keys[slot] == key, !titles[slot].isEmpty {
                titles[slot].withUnsafeBytes(use)
                return
            }
            scratch.removeAll(keepingCapacity: true)
            make(&scratch)
            if keys[slot] == key {
                titles[slot] = scratch
            } else {
                keys[slot] = key
                if !titles[slot].isEmpty { titles[slot] = [] }
            }
            scratch.withUnsafeBytes(use)
        }
    }
}
