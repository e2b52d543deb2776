/// `lifeline stats`: calls per controller and per event, the transitions, and counts of
/// warnings and findings, as aligned plain text.
public struct StatsFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String { text(trace).string }

    /// The summary as UTF-8 bytes; the transitions, one line each, are kept only as text.
    public func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let names = DisplayNames(trace)
        let events = trace.events
        var perObject = [Int](repeating: 0, count: events.symbols.count), perEvent = perObject
        var objectOrder: [SymbolTable.ID] = [], eventOrder: [SymbolTable.ID] = []
        for i in events.indices {
            let object = events.objectSymbol(at: i), event = events.eventSymbol(at: i)
            if perObject[Int(object)] == 0 { objectOrder.append(object) }
            perObject[Int(object)] += 1
            if perEvent[Int(event)] == 0 { eventOrder.append(event) }
            perEvent[Int(event)] += 1
        }
        let machine = AppearanceStateMachine(trace, keepingSteps: false)
        // One walk finds the transitions; each is kept as three integers until the count that
        // heads the output is known.
        var titles = TransitionTitles(names)
        var found: [UInt32] = []
        TransitionDetector.forEachSpan(in: trace) { span in
            found.append(UInt32(clamping: span.range.lowerBound + 1))
            found.append(UInt32(clamping: span.range.upperBound + 1))
            found.append(UInt32(titles.id(span, events.symbols)))
        }
        let transitionCount = found.count / 3
        var out = out
        out += "\(trace.events.count) calls, \(objectOrder.count) objects, \(transitionCount) transitions, "
        out += "\(machine.violations.count + trace.findings.count) findings, \(trace.diagnostics.count) warnings\n"
        out += "\nobjects:\n"
        out += table(
            objectOrder.map {
                let id = events.symbols[$0]
                return (names[id], perObject[Int($0)], machine.finalState[id]?.rawValue ?? "")
            })
        out += "\nevents:\n"
        out += table(eventOrder.map { (events.symbols[$0], perEvent[Int($0)], "") })
        if transitionCount > 0 {
            out += "\ntransitions:\n"
            let titleBytes = titles.titles.map { Array("  \($0)\n".utf8) }
            for k in stride(from: 0, to: found.count, by: 3) {
                out += "  steps "
                out.append(Int(found[k]))
                out += "–"
                out.append(Int(found[k + 1]))
                out += titleBytes[Int(found[k + 2])]
            }
        }
        return out
    }

    private func table(_ rows: [(String, Int, String)]) -> String {
        let width = rows.map { $0.0.count }.max() ?? 0
        let countWidth = rows.map { String($0.1).count }.max() ?? 0
        return rows.map { row in
            let pad = String(repeating: " ", count: width - row.0.count)
            let count = String(row.1)
            let countPad = String(repeating: " ", count: countWidth - count.count)
            return "  \(row.0)\(pad)  \(countPad)\(count)" + (row.2.isEmpty ? "" : "  \(row.2)")
        }.joined(separator: "\n") + "\n"
    }
}
