/// The Markdown step table of seed 000: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note. Linear in the trace: each distinct object/call pair is
/// escaped once.
public struct MarkdownTableFormatter {
    public init() {}

    private struct CallKey: Hashable {
        var object: SymbolTable.ID, event: SymbolTable.ID, args: UInt32
    }

    public func format(_ trace: Trace) -> String {
        let events = trace.events
        let names = DisplayNames(trace)
        var stateKeys: [String] = []
        var seenStates = Set<UInt32>()
        var hasTime = false
        for i in events.indices {
            if !hasTime, events.time(at: i) != nil { hasTime = true }
            let state = events.stateID(at: i)
            guard state != 0, seenStates.insert(state).inserted else { continue }
            for key in events.state(at: i).keys.sorted() where !stateKeys.contains(key) { stateKeys.append(key) }
        }
        var header = ["Step"]
        var align = ["---:"]
        if hasTime { header.append("Time (s)"); align.append("---:") }
        header += ["Object", "Event"]
        align += ["---", "---"]
        for key in stateKeys { header.append(MarkdownEscaper.cell(key)); align.append("---") }
        header.append("Note")
        align.append("---")

        var out = "| " + header.joined(separator: " | ") + " |\n"
        out += "| " + align.joined(separator: " | ") + " |\n| "
        out.reserveCapacity(events.count * 64)
        var current: [String: ArgValue] = [:]
        /// The state cells as they stand, ready to append.
        var carried = String(repeating: " | ", count: stateKeys.count)
        var calls: [CallKey: String] = [:]
        for i in events.indices {
            out += String(events.seq(at: i))
            if hasTime {
                out += " | "
                if let t = events.time(at: i) { out += MarkdownTableFormatter.seconds(t) }
            }
            let key = CallKey(object: events.objectSymbol(at: i), event: events.eventSymbol(at: i), args: events.argsID(at: i))
            if let cells = calls[key] {
                out += cells
            } else {
                let cells = " | " + MarkdownEscaper.cell(names[events.symbols[key.object]]) + " | "
                    + MarkdownEscaper.cell(MarkdownTableFormatter.call(events.symbols[key.event], events.args(at: i), names: names))
                calls[key] = cells
                out += cells
            }
            var notes: [String] = []
            if events.hasState(at: i) {
                let state = events.state(at: i)
                var cells = ""
                var changed = false
                for key in stateKeys {
                    if let value = state[key], current[key] != value {
                        let old = current[key].map { names.show($0) }
                        current[key] = value
                        changed = true
                        cells += " | **" + MarkdownEscaper.cell(names.show(value)) + "**"
                        let change = old.map { "\(key): \($0) → \(names.show(value))" } ?? "\(key) = \(names.show(value))"
                        notes.append(MarkdownEscaper.cell(change))
                    } else {
                        cells += " | " + (current[key].map { MarkdownEscaper.cell(names.show($0)) } ?? "")
                    }
                }
                out += cells
                if changed {
                    carried = stateKeys.map { key in " | " + (current[key].map { MarkdownEscaper.cell(names.show($0)) } ?? "") }
                        .joined()
                }
            } else {
                out += carried
            }
            if let note = events.note(at: i) { notes.append(MarkdownEscaper.cell(note)) }
            out += " | "
            if !notes.isEmpty { out += notes.joined(separator: "; ") }
            out += " |\n| "
        }
        out.removeLast(2)
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
        call(event.event, event.args, names: names)
    }

    static func call(_ event: String, _ args: [String: ArgValue], names: DisplayNames) -> String {
        guard !args.isEmpty else { return event }
        let list = args.keys.sorted().map { "\($0): \(names.show(args[$0]!))" }
        return event + "(" + list.joined(separator: ", ") + ")"
    }

    /// Seconds with three decimals; a log whose clock went backwards gives negative times.
    static func seconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 1e15 else { return "?" }
        let ms = Int((t * 1000).rounded())
        let magnitude = abs(ms)
        let frac = magnitude % 1000
        let pad = frac < 10 ? "00" : frac < 100 ? "0" : ""
        return (ms < 0 ? "-" : "") + String(magnitude / 1000) + "." + pad + String(frac)
    }
}
