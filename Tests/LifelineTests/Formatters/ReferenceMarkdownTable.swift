@testable import Lifeline

/// The step table written the plain way: one pass over the calls as `TraceEvent`s, Strings
/// throughout, no threads, no caches. `MarkdownTableFormatter` must give the same bytes.
enum ReferenceMarkdownTable {
    static func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let events = Array(trace.events)
        var keys: [String] = []
        for event in events {
            for key in event.state.keys.sorted() where !keys.contains(key) { keys.append(key) }
        }
        let timed = events.contains { $0.time != nil }

        var header = ["Step"] + (timed ? ["Time (s)"] : []) + ["Object", "Event"]
        header += keys.map(MarkdownEscaper.cell) + ["Note"]
        var align = ["---:"] + (timed ? ["---:"] : []) + ["---", "---"]
        align += keys.map { _ in "---" } + ["---"]
        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "| " + align.joined(separator: " | ") + " |\n"

        var current: [String: ArgValue] = [:]
        for event in events {
            var cells = ["\(event.seq)"]
            if timed { cells.append(event.time.map(seconds) ?? "") }
            cells.append(MarkdownEscaper.cell(names[event.object]))
            cells.append(MarkdownEscaper.cell(callText(event, names)))
            var notes: [String] = []
            for key in keys {
                let value = event.state[key]
                let changed = value != nil && value != current[key]
                if let value, changed {
                    let shown = names.show(value)
                    let note = current[key].map { "\(key): \(names.show($0)) → \(shown)" } ?? "\(key) = \(shown)"
                    notes.append(MarkdownEscaper.cell(note))
                    current[key] = value
                }
                let cell = current[key].map { MarkdownEscaper.cell(names.show($0)) } ?? ""
                cells.append(changed ? "**\(cell)**" : cell)
            }
            if let note = event.note { notes.append(MarkdownEscaper.cell(note)) }
            cells.append(notes.joined(separator: "; "))
            out += "| " + cells.joined(separator: " | ") + " |\n"
        }
        if !trace.findings.isEmpty {
            out += "\nUIKit warnings in the log:\n\n"
            for finding in trace.findings {
                let place = finding.location.map { "line \($0.line): " } ?? ""
                out += "- " + place + MarkdownEscaper.cell(finding.message) + "\n"
            }
        }
        return out
    }

    /// `shouldSelect(from: A, to: B)`: the event and its arguments sorted by name.
    static func callText(_ event: TraceEvent, _ names: DisplayNames) -> String {
        guard !event.args.isEmpty else { return event.event }
        let args = event.args.keys.sorted().map { "\($0): \(names.show(event.args[$0]!))" }
        return event.event + "(" + args.joined(separator: ", ") + ")"
    }

    /// Seconds to the millisecond, `?` for a time that is not a finite number.
    static func seconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 1e15 else { return "?" }
        let ms = Int((t * 1000).rounded())
        let magnitude = abs(ms)
        let fraction = String(magnitude % 1000)
        return (ms < 0 ? "-" : "") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - fraction.count)
            + fraction
    }
}
