/// Mermaid `sequenceDiagram` (renders on GitHub). Participants get ids `p1`, `p2`... with the
/// real name as alias; transitions are `rect` boxes with a note naming them; state changes are
/// notes; activation bars run from `viewWillAppear` to `viewDidAppear`. Long traces split at
/// transition boundaries into parts under Mermaid's default limits (50 000 characters and 500
/// messages per diagram), each saying where it continues.
public struct MermaidSequenceFormatter {
    public var maxCharacters: Int
    public var maxMessages: Int

    public init(maxCharacters: Int = 45_000, maxMessages: Int = 450) {
        self.maxCharacters = maxCharacters
        self.maxMessages = maxMessages
    }

    /// One diagram text per part.
    public func parts(_ trace: Trace) -> [String] {
        var writer = Writer(SequencePlan(trace))
        let parts = self.parts(of: writer.plan)
        return parts.indices.map { index in
            var out = TextBuffer()
            writer.write(parts[index], part: index + 1, of: parts.count, into: &out)
            return out.string
        }
    }

    public func format(_ trace: Trace) -> String { text(trace).string }

    /// Every part, written into `out` as it is made: with a `%% part` line before each when
    /// there are several, or each in a ```` ```mermaid ```` fence for Markdown.
    public func text(_ trace: Trace, fenced: Bool = false, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        var writer = Writer(SequencePlan(trace))
        let parts = self.parts(of: writer.plan)
        var out = out
        for (index, blocks) in parts.enumerated() {
            if index > 0 { out += "\n" }
            if fenced {
                out += "```mermaid\n"
            } else if parts.count > 1 {
                out += "%% part \(index + 1) of \(parts.count)\n"
            }
            writer.write(blocks, part: index + 1, of: parts.count, into: &out)
            if fenced { out += "```\n" }
        }
        return out
    }

    private func parts(of plan: SequencePlan) -> [[SequencePlan.Block]] {
        plan.parts(maxMessages: maxMessages, maxCost: maxCharacters - 400 - plan.participants.count * 80) {
            MermaidSequenceFormatter.cost($0, in: plan)
        }
    }

    static func cost(_ m: SequencePlan.Message, in plan: SequencePlan) -> Int {
        plan.text(m).utf8.count * 3 + 40 + m.notes.reduce(0) { $0 + $1.utf8.count * 3 + 40 } + (m.activates || m.deactivates ? 20 : 0)
    }

    /// Writes parts of one plan, making each participant's id and label and each message
    /// text's escaped form once.
    private struct Writer {
        let plan: SequencePlan
        private let ids: [String]
        private var labels: [[UInt8]?]
        private var texts: [[UInt8]?]

        init(_ plan: SequencePlan) {
            self.plan = plan
            ids = plan.participants.indices.map { "p\($0 + 1)" }
            labels = Array(repeating: nil, count: plan.participants.count)
            texts = Array(repeating: nil, count: plan.texts.count)
        }

        mutating func write(_ blocks: [SequencePlan.Block], part: Int, of total: Int, into out: inout TextBuffer) {
            let order = plan.participantIndices(in: blocks)
            out += "sequenceDiagram\n"
            for p in order {
                if labels[p] == nil {
                    labels[p] = []
                    MermaidEscaper.append(plan.label(plan.participants[p]), to: &labels[p]!)
                }
                out += "    participant \(ids[p]) as "
                out += labels[p]!
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
                    out += "\(indent)Note over \(span): \(MermaidEscaper.text("\(title) (steps \(block.firstSeq)–\(block.lastSeq))"))\n"
                }
                for m in block.messages {
                    let from = Int(m.fromIndex), to = Int(m.toIndex), text = Int(m.textIndex)
                    if texts[text] == nil {
                        texts[text] = []
                        MermaidEscaper.appendEscaped(plan.texts[text], to: &texts[text]!)
                    }
                    out.write { bytes in
                        // `N. text`, escaped: the number and ". " need no escaping.
                        bytes.append(contentsOf: indent.utf8)
                        bytes.append(contentsOf: ids[from].utf8)
                        bytes.append("->>")
                        bytes.append(contentsOf: ids[to].utf8)
                        bytes.append(": ")
                        NumberFormat.appendInteger(Int64(m.seq), to: &bytes)
                        bytes.append(". ")
                        bytes.append(contentsOf: texts[text]!)
                        if let v = m.violation { MermaidEscaper.appendEscaped(" ⚠ \(v)", to: &bytes) }
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
}
