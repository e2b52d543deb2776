/// The Markdown step table of seed 000: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note. Linear in the trace: each distinct object/call pair is
/// escaped once.
public struct MarkdownTableFormatter {
    public init() {}

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
        var objects: [SymbolTable.ID: String] = [:]
        var texts = CallTexts(names)
        for i in events.indices {
            out += String(events.seq(at: i))
            if hasTime {
                out += " | "
                if let t = events.time(at: i) { out += MarkdownTableFormatter.seconds(t) }
            }
            let object = events.objectSymbol(at: i)
            let name: String
            if let known = objects[object] {
                name = known
            } else {
                name = " | " + MarkdownEscaper.cell(names[events.symbols[object]]) + " | "
                objects[object] = name
            }
            out += name
            out += MarkdownEscaper.cell(texts.text(events, at: i))
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
        CallTexts.call(event.event, event.args, names: names)
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
