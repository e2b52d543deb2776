/// The Markdown step table of seed 000: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note. Linear in the trace: each distinct object/call pair is
/// escaped once.
public struct MarkdownTableFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String { text(trace).string }

    /// The table as UTF-8 bytes, for long traces.
    public func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
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

        var out = out
        out += "| " + header.joined(separator: " | ") + " |\n"
        out += "| " + align.joined(separator: " | ") + " |\n"
        var current: [String: ArgValue] = [:]
        /// The state cells as they stand, ready to append.
        var carried = Array(String(repeating: " | ", count: stateKeys.count).utf8)
        var objects: [SymbolTable.ID: [UInt8]] = [:]
        var calls: [CallTexts.Key: [UInt8]] = [:]
        var texts = CallTexts(names)
        for i in events.indices {
            out += MarkdownTableFormatter.rowStart
            out.append(events.seq(at: i))
            if hasTime {
                out += MarkdownTableFormatter.separator
                if let t = events.time(at: i) { MarkdownTableFormatter.appendSeconds(t, to: &out) }
            }
            let object = events.objectSymbol(at: i)
            if let known = objects[object] {
                out += known
            } else {
                let name = Array((" | " + MarkdownEscaper.cell(names[events.symbols[object]]) + " | ").utf8)
                objects[object] = name
                out += name
            }
            let call = CallTexts.key(events, at: i)
            if let known = calls[call] {
                out += known
            } else {
                let cell = Array(MarkdownEscaper.cell(texts.text(events, at: i)).utf8)
                calls[call] = cell
                out += cell
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
                    carried = Array(
                        stateKeys.map { key in " | " + (current[key].map { MarkdownEscaper.cell(names.show($0)) } ?? "") }
                            .joined().utf8)
                }
            } else {
                out += carried
            }
            if let note = events.note(at: i) { notes.append(MarkdownEscaper.cell(note)) }
            out += MarkdownTableFormatter.separator
            if !notes.isEmpty { out += notes.joined(separator: "; ") }
            out += MarkdownTableFormatter.rowEnd
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

    private static let separator = Array(" | ".utf8), rowStart = Array("| ".utf8), rowEnd = Array(" |\n".utf8)

    /// `seconds`, written as bytes.
    static func appendSeconds(_ t: Double, to out: inout TextBuffer) {
        guard t.isFinite, abs(t) < 1e15 else {
            out += "?"
            return
        }
        let ms = Int((t * 1000).rounded())
        if ms < 0 { out += "-" }
        let magnitude = abs(ms)
        out.append(magnitude / 1000)
        let frac = magnitude % 1000
        out += [0x2E, UInt8(0x30 + frac / 100), UInt8(0x30 + frac / 10 % 10), UInt8(0x30 + frac % 10)]
    }

    /// Seconds with three decimals; a log whose clock went backwards gives negative times.
    static func seconds(_ t: Double) -> String {
        var out = TextBuffer()
        appendSeconds(t, to: &out)
        return out.string
    }
}
