/// The flow chart as text: each transition under a heading, one call per line, `↓`
/// between phases, and `→ key == value` under each step that sets a state value. Illegal
/// appearance moves are flagged on their line. `ascii` draws with plain ASCII.
package struct FlowTextFormatter: TraceFormatter {
    package var ascii: Bool

    /// A formatter that draws with Unicode arrows, or with plain ASCII when `ascii` is true.
    package init(ascii: Bool = false) {
        self.ascii = ascii
    }

    /// Writes the flow chart to `output`.
    package func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The chart, written into `out` as it is made. Each controller's name, each distinct call
    /// and each distinct set of state values is made into text once.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let names = DisplayNames(trace)
        let events = trace.events
        let violations = Dictionary(
            AppearanceStateMachine(trace, keepingSteps: false).violations.map { ($0.step.seq, $0.step.violation!) },
            uniquingKeysWith: { a, _ in a })
        let arrow = ascii ? "->" : "→"
        let down = ascii ? "        |\n        v\n" : "        ↓\n"
        let rule = ascii ? "--" : "──"
        var out = out
        var objects = [[UInt8]?](repeating: nil, count: events.symbols.count)
        // Call texts by event and arguments id, state lines by state id, each made once.
        var callIndex = IdMap(), calls: [[UInt8]] = []
        func call(_ index: Int) -> Int {
            let key = CallTexts.key(events, at: index)
            let packed = UInt64(key.event) << 32 | UInt64(key.args)
            if let known = callIndex[packed] { return Int(known) }
            calls.append(
                shown(TextEscaper.line(CallTexts.call(events.symbols[key.event], events.args(at: index), names: names)))
            )
            callIndex.insert(packed, Int32(calls.count - 1))
            return calls.count - 1
        }
        var stateIndex = IdMap(), states: [[UInt8]] = []
        func stateLines(_ id: UInt32, _ index: Int) -> Int {
            if let known = stateIndex[UInt64(id)] { return Int(known) }
            let state = events.state(at: index)
            var text = ""
            for key in state.keys.sorted() {
                text += "    \(arrow) \(TextEscaper.line(key)) == \(TextEscaper.line(names.show(state[key]!)))\n"
            }
            states.append(shown(text))
            stateIndex.insert(UInt64(id), Int32(states.count - 1))
            return states.count - 1
        }
        // In ASCII mode, titles with their arrows replaced: the same few come again and again.
        var asciiTitles: [String: String] = [:]
        func asciiTitle(_ title: String) -> String {
            if let known = asciiTitles[title] { return known }
            let plain = title.replacing("→", with: arrow)
            asciiTitles[title] = plain
            return plain
        }
        var first = true
        // Each section is written as soon as the transitions are walked past it.
        FlowPlan.forEachSection(in: trace) { section in
            if !first { out += "\n" }
            first = false
            if let transition = section.transition {
                let escaped = TextEscaper.line(transition.title(names))
                let title = ascii ? asciiTitle(escaped) : escaped
                let dash = ascii ? "-" : "–"
                out += shown("\(rule) \(title) (steps \(transition.firstSeq)\(dash)\(transition.lastSeq)) \(rule)\n")
            }
            for (p, phase) in section.phases.enumerated() {
                if p > 0 { out += down }
                for index in phase.events {
                    let object = Int(events.objectSymbol(at: index))
                    if objects[object] == nil {
                        objects[object] = shown(" [" + TextEscaper.line(names[events.symbols[UInt32(object)]]) + "] ")
                    }
                    let callText = call(index)
                    let seq = events.seq(at: index)
                    out.write { bytes in
                        NumberFormat.appendInteger(Int64(seq), to: &bytes)
                        bytes.append(0x2E)
                        bytes.append(contentsOf: objects[object]!)
                        bytes.append(contentsOf: calls[callText])
                    }
                    if let violation = violations[seq] {
                        out += shown(ascii ? "  !! \(violation)" : "  ⚠ \(violation)")
                    }
                    out += "\n"
                    let stateID = events.stateID(at: index)
                    guard stateID != 0 else { continue }
                    let lines = stateLines(stateID, index)
                    out += states[lines]
                }
            }
        }
        return out
    }

    /// A part of the chart as it is written: in ASCII mode, with anything else escaped.
    private func shown(_ text: String) -> [UInt8] {
        Array((ascii ? FlowTextFormatter.asciiOnly(text) : text).utf8)
    }

    /// Replaces the few non-ASCII marks the chart itself uses, and escapes anything else.
    static func asciiOnly(_ text: String) -> String {
        guard TextEscaper.nonASCII.any(in: text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                out.unicodeScalars.append(scalar)
            } else {
                out += TextEscaper.asciiCode(scalar)
            }
        }
        return out
    }
}
