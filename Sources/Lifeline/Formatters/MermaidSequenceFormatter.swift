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
        let plan = SequencePlan(trace)
        var ids: [String: String] = [:]
        for (i, p) in plan.participants.enumerated() { ids[p] = "p\(i + 1)" }
        let parts = plan.parts(maxMessages: maxMessages, maxCost: maxCharacters - 400 - plan.participants.count * 80) {
            MermaidSequenceFormatter.cost($0, in: plan)
        }
        return parts.enumerated().map { index, blocks in
            render(plan, blocks, ids: ids, part: index + 1, of: parts.count)
        }
    }

    public func format(_ trace: Trace) -> String {
        let all = parts(trace)
        guard all.count > 1 else { return all.first ?? "" }
        return all.enumerated().map { "%% part \($0.offset + 1) of \(all.count)\n" + $0.element }.joined(separator: "\n")
    }

    static func cost(_ m: SequencePlan.Message, in plan: SequencePlan) -> Int {
        plan.text(m).utf8.count * 3 + 40 + m.notes.reduce(0) { $0 + $1.utf8.count * 3 + 40 } + (m.activates || m.deactivates ? 20 : 0)
    }

    private func render(_ plan: SequencePlan, _ blocks: [SequencePlan.Block], ids: [String: String], part: Int, of total: Int) -> String {
        var used: [String] = []
        var seen = Set<String>()
        for block in blocks {
            for m in block.messages {
                for p in [plan.from(m), plan.to(m)] where seen.insert(p).inserted { used.append(p) }
            }
        }
        let order = plan.participants.filter { seen.contains($0) }
        var out = "sequenceDiagram\n"
        for p in order {
            let kind = p == SequencePlan.uikit ? "participant" : "participant"
            out += "    \(kind) \(ids[p]!) as \(MermaidEscaper.text(plan.label(p)))\n"
        }
        let first = ids[order.first!]!, last = ids[order.last!]!
        let span = first == last ? first : "\(first),\(last)"
        if part > 1 {
            out += "    Note over \(span): continued from part \(part - 1) of \(total)\n"
        }
        var active = Set<String>()
        for block in blocks {
            let boxed = block.title != nil
            let indent = boxed ? "        " : "    "
            if let title = block.title {
                out += "    rect rgba(120, 144, 156, 0.12)\n"
                out += "\(indent)Note over \(span): \(MermaidEscaper.text("\(title) (steps \(block.firstSeq)–\(block.lastSeq))"))\n"
            }
            for m in block.messages {
                let arrow = plan.from(m) == plan.to(m) ? "->>" : "->>"
                var text = "\(m.seq). \(plan.text(m))"
                if let v = m.violation { text += " ⚠ \(v)" }
                out += "\(indent)\(ids[plan.from(m)]!)\(arrow)\(ids[plan.to(m)]!): \(MermaidEscaper.text(text))\n"
                if m.activates, active.insert(plan.to(m)).inserted { out += "\(indent)activate \(ids[plan.to(m)]!)\n" }
                if m.deactivates, active.remove(plan.to(m)) != nil { out += "\(indent)deactivate \(ids[plan.to(m)]!)\n" }
                for note in m.notes { out += "\(indent)Note right of \(ids[plan.to(m)]!): \(MermaidEscaper.text(note))\n" }
            }
            if boxed { out += "    end\n" }
        }
        for p in order where active.contains(p) { out += "    deactivate \(ids[p]!)\n" }
        if part < total {
            out += "    Note over \(span): continues in part \(part + 1) of \(total)\n"
        }
        return out
    }
}
