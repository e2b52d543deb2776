/// What the Mermaid and PlantUML charts of one plan make once, for all their parts: each
/// participant's id (`p1`, `p2`...) and escaped label, and each message text escaped.
struct SequencePartTexts<Escaper: ASCIIEscaper> {
    let plan: SequencePlan
    let ids: [String]
    private var labels: [[UInt8]?]
    private var texts: [[UInt8]?]
    /// The most characters a participant's name and a message's text keep (see
    /// `StableHash.fitted`), for a renderer whose pictures have a size limit; nil for all.
    let labelLimit: Int?, textLimit: Int?

    init(_ plan: SequencePlan, labelLimit: Int? = nil, textLimit: Int? = nil) {
        self.plan = plan
        self.labelLimit = labelLimit
        self.textLimit = textLimit
        ids = plan.participants.indices.map { "p\($0 + 1)" }
        labels = Array(repeating: nil, count: plan.participants.count)
        texts = Array(repeating: nil, count: plan.texts.count)
    }

    /// Participant `p`'s label, escaped.
    mutating func label(_ p: Int) -> [UInt8] {
        if let known = labels[p] { return known }
        var label: [UInt8] = []
        let name = plan.label(plan.participants[p])
        Escaper.append(labelLimit.map { StableHash.fitted(name, $0) } ?? name, to: &label)
        labels[p] = label
        return label
    }

    /// `N. text` for message `m`, with its violation, escaped: the number and `. ` need no
    /// escaping, and each text is escaped once.
    mutating func appendLabel(_ m: SequencePlan.Message, to bytes: inout [UInt8]) {
        let index = Int(m.textIndex)
        if texts[index] == nil {
            var text: [UInt8] = []
            let whole = plan.texts[index]
            Escaper.appendEscaped(textLimit.map { StableHash.fitted(whole, $0) } ?? whole, to: &text)
            texts[index] = text
        }
        NumberFormat.appendInteger(Int64(m.seq), to: &bytes)
        bytes.append(". ")
        bytes.append(contentsOf: texts[index]!)
        if let v = m.violation { Escaper.appendEscaped(" ⚠ \(v)", to: &bytes) }
    }

    /// A chart's parts, given one at a time by a function that walks them.
    typealias PartWalk = (([SequencePlan.Block]) -> Void) -> Void

    /// Counts the parts `walk` gives, then walks them again, handing each to `body` with its
    /// number and the total: each part names the total, and none is held.
    static func numbered(_ walk: PartWalk, _ body: ([SequencePlan.Block], _ part: Int, _ total: Int) -> Void) {
        var total = 0
        walk { _ in total += 1 }
        var part = 0
        withoutActuallyEscaping(body) { body in
            walk { blocks in
                part += 1
                body(blocks, part, total)
            }
        }
    }

    /// Each part written on its own by `write`, as a string.
    mutating func strings(
        _ walk: PartWalk,
        _ write: (inout Self, [SequencePlan.Block], _ part: Int, _ total: Int, inout TextBuffer) -> Void
    ) -> [String] {
        var strings: [String] = []
        SequencePartTexts.numbered(walk) { blocks, part, total in
            var out = TextBuffer()
            write(&self, blocks, part, total, &out)
            strings.append(out.string)
        }
        return strings
    }
}
