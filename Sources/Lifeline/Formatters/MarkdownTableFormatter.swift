/// The Markdown step table of seed 000: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note.
public struct MarkdownTableFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        var stateKeys: [String] = []
        for event in trace.events {
            for key in event.state.keys.sorted() where !stateKeys.contains(key) { stateKeys.append(key) }
        }
        let hasTime = trace.events.contains { $0.time != nil }
        var header = ["Step"]
        var align = ["---:"]
        if hasTime { header.append("Time (s)"); align.append("---:") }
        header += ["Object", "Event"]
        align += ["---", "---"]
        for key in stateKeys { header.append(MarkdownEscaper.cell(key)); align.append("---") }
        header.append("Note")
        align.append("---")

        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "| " + align.joined(separator: " | ") + " |\n"
        var current: [String: ArgValue] = [:]
        for event in trace.events {
            var row = [String(event.seq)]
            if hasTime { row.append(event.time.map { MarkdownTableFormatter.seconds($0) } ?? "") }
            row.append(MarkdownEscaper.cell(names[event.object]))
            row.append(MarkdownEscaper.cell(MarkdownTableFormatter.call(event, names: names)))
            var notes: [String] = []
            for key in stateKeys {
                if let value = event.state[key], current[key] != value {
                    let old = current[key].map { names.show($0) }
                    current[key] = value
                    row.append("**" + MarkdownEscaper.cell(names.show(value)) + "**")
                    let change = old.map { "\(key): \($0) → \(names.show(value))" } ?? "\(key) = \(names.show(value))"
                    notes.append(MarkdownEscaper.cell(change))
                } else {
                    row.append(current[key].map { MarkdownEscaper.cell(names.show($0)) } ?? "")
                }
            }
            if let note = event.note { notes.append(MarkdownEscaper.cell(note)) }
            row.append(notes.joined(separator: "; "))
            out += "| " + row.joined(separator: " | ") + " |\n"
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

    /// `shouldSelect(from: A, to: B)`; arguments sorted by name, object ids shortened.
    static func call(_ event: TraceEvent, names: DisplayNames) -> String {
        guard !event.args.isEmpty else { return event.event }
        let args = event.args.keys.sorted().map { "\($0): \(names.show(event.args[$0]!))" }
        return event.event + "(" + args.joined(separator: ", ") + ")"
    }

    /// Seconds with three decimals; a log whose clock went backwards gives negative times.
    static func seconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 1e15 else { return "?" }
        let ms = Int((t * 1000).rounded())
        let magnitude = abs(ms)
        let frac = String(magnitude % 1000)
        return (ms < 0 ? "-" : "") + "\(magnitude / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }
}
