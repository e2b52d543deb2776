@testable import Lifeline

/// The `lifeline stats` summary written the plain way: the calls counted as `TraceEvent`s,
/// the transitions from `TransitionDetector`, the states and broken rules from
/// `AppearanceStateMachine`, Strings throughout, one thread. `StatsFormatter` must give the
/// same bytes.
enum ReferenceStats {
    static func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let events = Array(trace.events)
        let machine = AppearanceStateMachine(trace)
        let transitions = TransitionDetector.detect(trace)

        // Calls per object and per event, each in order of first sight.
        var objects: [String] = [], perObject: [String: Int] = [:]
        var eventNames: [String] = [], perEvent: [String: Int] = [:]
        for event in events {
            if perObject[event.object] == nil { objects.append(event.object) }
            perObject[event.object, default: 0] += 1
            if perEvent[event.event] == nil { eventNames.append(event.event) }
            perEvent[event.event, default: 0] += 1
        }

        let findings = machine.violations.count + trace.findings.count
        var out = "\(events.count) calls, \(objects.count) objects, \(transitions.count) transitions, "
        out += "\(findings) findings, \(trace.diagnostics.count) warnings\n"
        out += "\nobjects:\n"
        out += table(objects.map { (names[$0], perObject[$0]!, machine.finalState[$0]?.rawValue ?? "") })
        out += "\nevents:\n"
        out += table(eventNames.map { ($0, perEvent[$0]!, "") })
        if !transitions.isEmpty {
            out += "\ntransitions:\n"
            for transition in transitions {
                let orders = transition.orders(names).map { " (\($0))" } ?? ""
                out += "  steps \(transition.firstSeq)–\(transition.lastSeq)  \(transition.title(names))\(orders)\n"
            }
        }
        return out
    }

    /// One line per row: the name padded to the longest, two spaces, the count right-aligned
    /// to the widest, and the state (if any) after two more spaces. An empty table is one
    /// empty line.
    static func table(_ rows: [(name: String, count: Int, state: String)]) -> String {
        let nameWidth = rows.map { $0.name.count }.max() ?? 0
        let countWidth = rows.map { String($0.count).count }.max() ?? 0
        var lines: [String] = []
        for row in rows {
            let name = row.name + String(repeating: " ", count: nameWidth - row.name.count)
            let count = String(repeating: " ", count: countWidth - String(row.count).count) + String(row.count)
            lines.append("  " + name + "  " + count + (row.state.isEmpty ? "" : "  " + row.state))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
