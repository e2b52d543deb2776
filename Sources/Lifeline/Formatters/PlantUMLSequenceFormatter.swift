/// PlantUML sequence diagrams: participants `p1`, `p2`... with the real name as the displayed
/// string, transitions as `group` boxes, state changes as notes, activations from
/// `viewWillAppear` to `viewDidAppear`. Long traces split at transition boundaries into several
/// `@startuml` … `@enduml` diagrams in one text, each small enough to stay under PlantUML's
/// 4096-pixel image limit, with continuity notes.
///
/// PlantUML draws a row of about 31 px for each message, note and group title: a part holds
/// at most 110 rows (about 3600 px with the header). Across, a participant takes the width of
/// its name or of the messages beside it: names keep 40 characters and messages 100 (the rest
/// marked `…#hash…`), and a part has at most 12 participants.
public struct PlantUMLSequenceFormatter: TraceFormatter {
    package var maxMessages: Int
    static let maxRows = 110, maxParticipants = 12, labelLimit = 40, textLimit = 100

    /// A formatter that starts a new diagram after `maxMessages` messages.
    public init(maxMessages: Int = 100) {
        self.maxMessages = maxMessages
    }

    package func parts(_ trace: Trace) -> [String] {
        var texts = Self.texts(trace)
        let plan = texts.plan
        return texts.strings({ forEachPart(of: plan, $0) }, PlantUMLSequenceFormatter.write)
    }

    /// Writes the PlantUML sequence diagrams to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// Every diagram, one after another, written into `out` as it is made.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        var texts = Self.texts(trace)
        var out = out
        let plan = texts.plan
        SequencePartTexts<PlantUMLEscaper>.numbered({ forEachPart(of: plan, $0) }) { blocks, part, total in
            if part > 1 { out += "\n" }
            PlantUMLSequenceFormatter.write(&texts, blocks, part, total, &out)
        }
        return out
    }

    private static func texts(_ trace: Trace) -> SequencePartTexts<PlantUMLEscaper> {
        SequencePartTexts(SequencePlan(trace), labelLimit: labelLimit, textLimit: textLimit)
    }

    private func forEachPart(of plan: SequencePlan, _ body: ([SequencePlan.Block]) -> Void) {
        plan.forEachPart(
            maxMessages: maxMessages, maxCost: min(Self.maxRows, maxMessages * 2), cost: { 1 + $0.notes.count },
            titleCost: 1,
            maxParticipants: Self.maxParticipants, body)
    }

    /// Writes one part: blocks of `texts.plan`, part `part` of `total`.
    private static func write(
        _ texts: inout SequencePartTexts<PlantUMLEscaper>, _ blocks: [SequencePlan.Block], _ part: Int, _ total: Int,
        _ out: inout TextBuffer
    ) {
        let plan = texts.plan, ids = texts.ids
        let order = plan.participantIndices(in: blocks)
        out += "@startuml\n"
        if total > 1 { out += "title Part \(part) of \(total)\n" }
        out += "skinparam shadowing false\nskinparam sequenceMessageAlign left\nhide footbox\n"
        for p in order {
            out += "participant \""
            out += texts.label(p)
            out += "\" as \(ids[p])\n"
        }
        let first = ids[order.first!], last = ids[order.last!]
        let span = first == last ? first : "\(first), \(last)"
        if part > 1 { out += "note over \(span) : continued from part \(part - 1) of \(total)\n" }
        var active = Set<Int>()
        for block in blocks {
            if let title = block.title {
                out +=
                    "group \(PlantUMLEscaper.text("\(StableHash.fitted(title, textLimit)) (steps \(block.firstSeq)–\(block.lastSeq))"))\n"
            }
            for m in block.messages {
                let from = Int(m.fromIndex), to = Int(m.toIndex)
                out.write { bytes in
                    bytes.append(contentsOf: ids[from].utf8)
                    bytes.append(m.violation == nil ? " -> " : " -[#c0392b]> ")
                    bytes.append(contentsOf: ids[to].utf8)
                    bytes.append(" : ")
                    texts.appendLabel(m, to: &bytes)
                    bytes.append(0x0A)
                }
                if m.activates, active.insert(to).inserted { out += "activate \(ids[to])\n" }
                if m.deactivates, active.remove(to) != nil { out += "deactivate \(ids[to])\n" }
                for note in m.notes {
                    out += "note right of \(ids[to]) : \(PlantUMLEscaper.text(StableHash.fitted(note, textLimit)))\n"
                }
            }
            if block.title != nil { out += "end\n" }
        }
        for p in order where active.contains(p) { out += "deactivate \(ids[p])\n" }
        if part < total { out += "note over \(span) : continues in part \(part + 1) of \(total)\n" }
        out += "@enduml\n"
    }
}
