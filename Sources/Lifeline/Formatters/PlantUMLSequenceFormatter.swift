/// PlantUML sequence diagrams: participants `p1`, `p2`... with the real name as the displayed
/// string, transitions as `group` boxes, state changes as notes, activations from
/// `viewWillAppear` to `viewDidAppear`. Long traces split at transition boundaries into several
/// `@startuml` … `@enduml` diagrams in one text, each short enough to stay under PlantUML's
/// 4096-pixel image limit, with continuity notes.
public struct PlantUMLSequenceFormatter {
    /// Roughly 30 px per message and 4096 px per image.
    public var maxMessages: Int

    public init(maxMessages: Int = 100) {
        self.maxMessages = maxMessages
    }

    public func parts(_ trace: Trace) -> [String] {
        let plan = SequencePlan(trace)
        var ids: [String: String] = [:]
        for (i, p) in plan.participants.enumerated() { ids[p] = "p\(i + 1)" }
        let parts = plan.parts(maxMessages: maxMessages, maxCost: maxMessages * 2) { 1 + $0.notes.count }
        return parts.enumerated().map { render(plan, $0.element, ids: ids, part: $0.offset + 1, of: parts.count) }
    }

    public func format(_ trace: Trace) -> String {
        parts(trace).joined(separator: "\n")
    }

    private func render(_ plan: SequencePlan, _ blocks: [SequencePlan.Block], ids: [String: String], part: Int, of total: Int) -> String {
        var seen = Set<String>()
        for block in blocks { for m in block.messages { seen.insert(plan.from(m)); seen.insert(plan.to(m)) } }
        let order = plan.participants.filter { seen.contains($0) }
        var out = "@startuml\n"
        if total > 1 { out += "title Part \(part) of \(total)\n" }
        out += "skinparam shadowing false\nskinparam sequenceMessageAlign left\nhide footbox\n"
        for p in order { out += "participant \"\(PlantUMLEscaper.text(plan.label(p)))\" as \(ids[p]!)\n" }
        let first = ids[order.first!]!, last = ids[order.last!]!
        let span = first == last ? first : "\(first), \(last)"
        if part > 1 { out += "note over \(span) : continued from part \(part - 1) of \(total)\n" }
        var active = Set<String>()
        for block in blocks {
            if let title = block.title {
                out += "group \(PlantUMLEscaper.text("\(title) (steps \(block.firstSeq)–\(block.lastSeq))"))\n"
            }
            for m in block.messages {
                var text = "\(m.seq). \(plan.text(m))"
                if let v = m.violation { text += " ⚠ \(v)" }
                let color = m.violation == nil ? "" : "[#c0392b]"
                out += "\(ids[plan.from(m)]!) -\(color)> \(ids[plan.to(m)]!) : \(PlantUMLEscaper.text(text))\n"
                if m.activates, active.insert(plan.to(m)).inserted { out += "activate \(ids[plan.to(m)]!)\n" }
                if m.deactivates, active.remove(plan.to(m)) != nil { out += "deactivate \(ids[plan.to(m)]!)\n" }
                for note in m.notes { out += "note right of \(ids[plan.to(m)]!) : \(PlantUMLEscaper.text(note))\n" }
            }
            if block.title != nil { out += "end\n" }
        }
        for p in order where active.contains(p) { out += "deactivate \(ids[p]!)\n" }
        if part < total { out += "note over \(span) : continues in part \(part + 1) of \(total)\n" }
        out += "@enduml\n"
        return out
    }
}
