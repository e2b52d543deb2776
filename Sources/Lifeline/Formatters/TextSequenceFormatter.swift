/// A sequence chart for the terminal: lifelines as columns, an arrow per call between them,
/// fitted to a width, in Unicode box drawing or plain ASCII.
public struct TextSequenceFormatter {
    public var width: Int
    public var ascii: Bool

    public init(width: Int = 120, ascii: Bool = false) {
        self.width = max(40, width)
        self.ascii = ascii
    }

    public func format(_ trace: Trace) -> String {
        let plan = SequencePlan(trace)
        let gutter = 6
        let count = max(1, plan.participants.count)
        let column = max(6, (width - gutter) / count)
        var center: [String: Int] = [:]
        for (i, p) in plan.participants.enumerated() { center[p] = gutter + i * column + column / 2 }
        let lineWidth = max(width, gutter + count * column)
        let bar: Character = ascii ? "|" : "│"
        let dash: Character = ascii ? "-" : "─"

        func blank() -> [Character] {
            var row = [Character](repeating: " ", count: lineWidth)
            for p in plan.participants { row[center[p]!] = bar }
            return row
        }
        func put(_ text: String, at start: Int, in row: inout [Character]) {
            var i = start
            for c in text where i < row.count {
                row[i] = c
                i += 1
            }
        }
        func finish(_ row: [Character]) -> String {
            var s = String(row)
            while s.last == " " { s.removeLast() }
            return s + "\n"
        }
        func clip(_ text: String, _ room: Int) -> String {
            let t = TextEscaper.line(text)
            guard t.count > room else { return t }
            return String(t.prefix(max(1, room - 1))) + (ascii ? "~" : "…")
        }

        var out = ""
        var header = [Character](repeating: " ", count: lineWidth)
        for p in plan.participants {
            let name = clip(plan.label(p), column - 1)
            put(name, at: max(0, center[p]! - name.count / 2), in: &header)
        }
        out += finish(header)
        for block in plan.blocks {
            if let title = block.title {
                let text = " \(title) (steps \(block.firstSeq)–\(block.lastSeq)) "
                var row = [Character](repeating: dash, count: lineWidth)
                put(clip(ascii ? text.replacingOccurrences(of: "→", with: "->").replacingOccurrences(of: "–", with: "-") : text, lineWidth - 4), at: 2, in: &row)
                out += finish(row)
            }
            for m in block.messages {
                var label = "\(m.seq). \(plan.text(m))"
                if let v = m.violation { label += ascii ? " !! \(v)" : " ⚠ \(v)" }
                let from = center[plan.from(m)]!, to = center[plan.to(m)]!
                var row = blank()
                put(String(m.seq).leftPad(gutter - 2), at: 0, in: &row)
                if from == to {
                    put((ascii ? "<- " : "↺ ") + clip(label, lineWidth - to - 4), at: to + 1, in: &row)
                    out += finish(row)
                } else {
                    var labelRow = blank()
                    let text = clip(label, lineWidth - gutter)
                    let start = max(gutter, min(min(from, to) + 2, lineWidth - text.count))
                    put(text, at: start, in: &labelRow)
                    out += finish(labelRow)
                    for i in (min(from, to) + 1)..<max(from, to) { row[i] = dash }
                    if to > from { row[to - 1] = ascii ? ">" : "▶" } else { row[to + 1] = ascii ? "<" : "◀" }
                    out += finish(row)
                }
                for note in m.notes {
                    var noteRow = blank()
                    let text = (ascii ? "* " : "▸ ") + clip(note, lineWidth - gutter - 2)
                    put(text, at: max(gutter, min(to + 3, lineWidth - text.count)), in: &noteRow)
                    out += finish(noteRow)
                }
            }
        }
        if ascii { out = FlowTextFormatter.asciiOnly(out) }
        return out
    }
}

extension String {
    func leftPad(_ width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
