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
        // Counted first, then listed straight into the output as they are found, so a long
        // trace never holds their text.
        let transitionCount = TransitionDetector.count(in: trace)
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
            var titles = TransitionTitles(names)
            TransitionDetector.forEach(in: trace) { t in
                out += "  steps "
                out.append(t.firstSeq)
                out += "–"
                out.append(t.lastSeq)
                out += "  "
                out += titles.title(t)
                out += "\n"
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
