/// A sequence chart for the terminal: lifelines as columns, an arrow per call between them,
/// fitted to a width, in Unicode box drawing or plain ASCII.
public struct TextSequenceFormatter: TraceFormatter {
    package var width: Int
    package var ascii: Bool

    /// A formatter that fits the chart to `width` columns, in Unicode box drawing or plain
    /// ASCII when `ascii` is true.
    public init(width: Int = 120, ascii: Bool = false) {
        self.width = max(40, width)
        self.ascii = ascii
    }

    /// Lifelines a chart may have: each takes at least six columns on every row, so more
    /// would make rows thousands of columns wide and the chart's size grow with lifelines
    /// times calls.
    package static let maxLanes = 200

    package struct TooManyLanes: Error, CustomStringConvertible {
        package var lanes: Int
        package var description: String {
            "the text chart would have \(lanes) lifelines, over the \(TextSequenceFormatter.maxLanes) that fit on a line; "
                + "chart a part with --transition N or --range A-B, or use --format svg"
        }
    }

    /// Writes the chart to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The chart, or `TooManyLanes` when it would have more than `maxLanes` lifelines.
    package func checkedText(_ trace: Trace, into out: TextBuffer = TextBuffer()) throws -> TextBuffer {
        let plan = SequencePlan(trace)
        guard plan.participants.count <= Self.maxLanes else { throw TooManyLanes(lanes: plan.participants.count) }
        return text(plan, into: out)
    }

    /// The chart, written into `out` row by row, so a long one streams to its file.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        text(SequencePlan(trace), into: out)
    }

    private func text(_ plan: SequencePlan, into out: TextBuffer) -> TextBuffer {
        let gutter = 6
        let count = max(1, plan.participants.count)
        let column = max(6, (width - gutter) / count)
        let centers = plan.participants.indices.map { gutter + $0 * column + column / 2 }
        let lineWidth = max(width, gutter + count * column)
        let dash: UInt32 = ascii ? 0x2D : 0x2500  // ─
        let ellipsis: UInt32 = ascii ? 0x7E : 0x2026  // …
        var canvas = TextCanvas(width: lineWidth, bars: centers, bar: ascii ? 0x7C : 0x2502, ascii: ascii)  // │
        var out = out

        /// `text` made safe and cut to `room` characters.
        func clip(_ text: String, _ room: Int) -> String {
            let t = TextEscaper.line(text)
            guard t.count > room else { return t }
            return String(t.prefix(max(1, room - 1))) + (ascii ? "~" : "…")
        }

        for (i, p) in plan.participants.enumerated() {
            let name = canvas.cells(clip(plan.label(p), column - 1))
            canvas.put(name, at: max(0, centers[i] - name.count / 2))
        }
        canvas.finish(into: &out)
        // Each message text's cells, made once.
        var textCells = [TextCells?](repeating: nil, count: plan.texts.count)
        var label = TextCells(), seq = TextCells(), call = TextCells()
        for block in plan.blocks {
            if let title = block.title {
                let text = " \(title) (steps \(block.firstSeq)–\(block.lastSeq)) "
                canvas.fill(dash)
                let shown = ascii ? text.replacing("→", with: "->").replacing("–", with: "-") : text
                canvas.put(canvas.cells(clip(shown, lineWidth - 4)), at: 2)
                canvas.finish(into: &out)
            }
            for m in block.messages {
                let textIndex = Int(m.textIndex)
                if textCells[textIndex] == nil {
                    textCells[textIndex] = canvas.cells(TextEscaper.line(plan.texts[textIndex]))
                }
                label.removeAll()
                if m.violation == nil && textCells[textIndex]!.isASCII {
                    // An ASCII label is a cell per byte, so it is put together from its parts.
                    label.append(number: m.seq)
                    label.append(". ")
                    label.append(textCells[textIndex]!)
                } else {
                    var text = "\(m.seq). \(plan.text(m))"
                    if let v = m.violation { text += ascii ? " !! \(v)" : " ⚠ \(v)" }
                    label.append(canvas.cells(TextEscaper.line(text)))
                }
                let from = centers[Int(m.fromIndex)], to = centers[Int(m.toIndex)]
                seq.removeAll()
                seq.append(number: m.seq, padTo: gutter - 2)
                if from == to {
                    label.clip(lineWidth - to - 4, mark: ellipsis)
                    call.removeAll()
                    if ascii {
                        call.append("<- ")
                    } else {
                        call.append(0x21BA)  // ↺
                        call.append(" ")
                    }
                    call.append(label)
                    canvas.put(seq, at: 0)
                    canvas.put(call, at: to + 1)
                    canvas.finish(into: &out)
                } else {
                    label.clip(lineWidth - gutter, mark: ellipsis)
                    canvas.put(label, at: max(gutter, min(min(from, to) + 2, lineWidth - label.count)))
                    canvas.finish(into: &out)
                    canvas.put(seq, at: 0)
                    let head: UInt32 = ascii ? (to > from ? 0x3E : 0x3C) : (to > from ? 0x25B6 : 0x25C0)  // ▶ ◀
                    canvas.arrow(from: from, to: to, dash: dash, head: head)
                    canvas.finish(into: &out)
                }
                for note in m.notes {
                    let text = canvas.cells((ascii ? "* " : "▸ ") + clip(note, lineWidth - gutter - 2))
                    canvas.put(text, at: max(gutter, min(to + 3, lineWidth - text.count)))
                    canvas.finish(into: &out)
                }
            }
        }
        return out
    }
}
