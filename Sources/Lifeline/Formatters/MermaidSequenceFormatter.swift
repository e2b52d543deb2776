/// Mermaid `sequenceDiagram` (renders on GitHub). Participants get ids `p1`, `p2`... with the
/// real name as alias; transitions are `rect` boxes with a note naming them; state changes are
/// notes; activation bars run from `viewWillAppear` to `viewDidAppear`. Long traces split at
/// transition boundaries into parts under Mermaid's default limits (50 000 characters and 500
/// messages per diagram), each saying where it continues.
public struct MermaidSequenceFormatter: TraceFormatter {
    package var maxCharacters: Int
    package var maxMessages: Int

    /// A formatter that starts a new diagram before a part passes `maxCharacters` or
    /// `maxMessages`.
    public init(maxCharacters: Int = 45_000, maxMessages: Int = 450) {
        self.maxCharacters = maxCharacters
        self.maxMessages = maxMessages
    }

    /// One diagram text per part.
    package func parts(_ trace: Trace) -> [String] {
        var texts = SequencePartTexts<MermaidEscaper>(SequencePlan(trace))
        let plan = texts.plan
        return texts.strings({ forEachPart(of: plan, $0) }, MermaidSequenceFormatter.write)
    }

    /// Writes the Mermaid sequence diagrams to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// Every part, written into `out` as it is made: with a `%% part` line before each when
    /// there are several, or each in a ```` ```mermaid ```` fence for Markdown.
    package func text(_ trace: Trace, fenced: Bool = false, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        var texts = SequencePartTexts<MermaidEscaper>(SequencePlan(trace))
        var out = out
        let plan = texts.plan
        SequencePartTexts<MermaidEscaper>.numbered({ forEachPart(of: plan, $0) }) { blocks, part, total in
            if part > 1 { out += "\n" }
            if fenced {
                out += "```mermaid\n"
            } else if total > 1 {
                out += "%% part \(part) of \(total)\n"
            }
            MermaidSequenceFormatter.write(&texts, blocks, part, total, &out)
            if fenced { out += "```\n" }
        }
        return out
    }

    private func forEachPart(of plan: SequencePlan, _ body: ([SequencePlan.Block]) -> Void) {
        // A declaration is `    participant P12 as NAME` with NAME escaped (up to 3 bytes a byte).
        plan.forEachPart(
            maxMessages: maxMessages, maxCost: maxCharacters - 400,
            cost: { MermaidSequenceFormatter.cost($0, in: plan) },
            participantCost: { plan.label(plan.participants[$0]).utf8.count * 3 + 40 }, body)
    }

    static func cost(_ m: SequencePlan.Message, in plan: SequencePlan) -> Int {
        plan.text(m).utf8.count * 3 + 40 + m.notes.reduce(0) { $0 + $1.utf8.count * 3 + 40 }
            + (m.activates || m.deactivates ? 20 : 0)
    }

    /// Writes one part: blocks of `texts.plan`, part `part` of `total`.
    private static func write(
        _ texts: inout SequencePartTexts<MermaidEscaper>, _ blocks: [SequencePlan.Block], _ part: Int, _ total: Int,
        _ out: inout TextBuffer
    ) {
        let plan = texts.plan, ids = texts.ids
        let order = plan.participantIndices(in: blocks)
        out += "sequenceDiagram\n"
        for p in order {
            out += "    participant \(ids[p]) as "
            out += texts.label(p)
            out += "\n"
        }
        let first = ids[order.first!], last = ids[order.last!]
        let span = first == last ? first : "\(first),\(last)"
        if part > 1 {
            out += "    Note over \(span): continued from part \(part - 1) of \(total)\n"
        }
        var active = Set<Int>()
        for block in blocks {
            let boxed = block.title != nil
            let indent = boxed ? "        " : "    "
            if let title = block.title {
                out += "    rect rgba(120, 144, 156, 0.12)\n"
                out +=
                    "\(indent)Note over \(span): \(MermaidEscaper.text("\(title) (steps \(block.firstSeq)–\(block.lastSeq))"))\n"
            }
            for m in block.messages {
                let from = Int(m.fromIndex), to = Int(m.toIndex)
                out.write { bytes in
                    bytes.append(contentsOf: indent.utf8)
                    bytes.append(contentsOf: ids[from].utf8)
                    bytes.append("->>")
                    bytes.append(contentsOf: ids[to].utf8)
                    bytes.append(": ")
                    texts.appendLabel(m, to: &bytes)
                    bytes.append(0x0A)
                }
                if m.activates, active.insert(to).inserted { out += "\(indent)activate \(ids[to])\n" }
                if m.deactivates, active.remove(to) != nil { out += "\(indent)deactivate \(ids[to])\n" }
                for note in m.notes { out += "\(indent)Note right of \(ids[to]): \(MermaidEscaper.text(note))\n" }
            }
            if boxed { out += "    end\n" }
        }
        for p in order where active.contains(p) { out += "    deactivate \(ids[p])\n" }
        if part < total {
            out += "    Note over \(span): continues in part \(part + 1) of \(total)\n"
        }
    }
}
