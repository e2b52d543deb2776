/// A sequence chart drawn as SVG by Lifeline itself: one column per participant, one row per
/// call, boxes for transitions, notes for state changes, activation bars, and illegal calls in
/// red. The layout is a single pass over the calls, so a million calls give a valid file in
/// linear time; the text uses generic font families and the bytes are deterministic.
public struct SVGSequenceFormatter: TraceFormatter {
    static let rowHeight = 24, noteHeight = 18, titleHeight = 22, headerHeight = 44, margin = 16

    /// A formatter for a standalone SVG picture.
    public init() {}

    /// Writes the sequence chart to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The chart as UTF-8 bytes, for long traces.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let plan = SequencePlan(trace)
        // First pass: the height, where each piece of blocks starts (its top and the
        // activation bars open before it), so the pieces can be drawn on both cores, what room
        // each arrow's text needs between its two columns, and the longest note at each column.
        let pieceSize = 1 << 9
        var starts: [Rows.Start] = []
        var y = SVGSequenceFormatter.headerHeight + 20
        var activeSince: [Int: Int] = [:]
        var room = ColumnRoom(plan: plan)
        for (b, block) in plan.blocks.enumerated() {
            if b % pieceSize == 0 {
                starts.append(Rows.Start(y: y, activeSince: activeSince.sorted { $0.key < $1.key }))
            }
            if block.title != nil { y += SVGSequenceFormatter.titleHeight + 6 }
            for m in block.messages {
                if m.activates { activeSince[Int(m.toIndex)] = y + 16 }
                if m.deactivates { activeSince[Int(m.toIndex)] = nil }
                let notes = m.notes
                y += SVGSequenceFormatter.rowHeight + notes.count * SVGSequenceFormatter.noteHeight
                room.note(m)
            }
        }
        let (column, widths, width) = room.columns(
            left: SVGSequenceFormatter.margin + 48, margin: SVGSequenceFormatter.margin)
        let height = y + 20
        var out = out
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lifeline-sequence\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += SVGSequenceFormatter.style
        out +=
            "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker>"
        out +=
            "<marker id=\"arrow-bad\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker></defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<g class=\"participants\">\n"
        out.write(itemsOf: plan.participants.count) { range, b in
            for k in range {
                SVGSequenceFormatter.head(plan, k, x: column[k], width: widths[k], height: height, to: &b)
            }
        }
        out += "</g>\n<g class=\"messages\">\n"
        let left = SVGSequenceFormatter.margin, right = width - SVGSequenceFormatter.margin
        let pieceStarts = starts
        Parallel.pieces(
            of: plan.blocks.count, size: pieceSize, into: &out,
            cache: { Rows(plan: plan, column: column, left: left, right: right) }
        ) { k, range, rows, piece in
            rows.start(at: pieceStarts[k])
            for b in range { rows.write(plan.blocks[b], to: &piece) }
        }
        for (index, start) in activeSince.sorted(by: { $0.key < $1.key }) {
            out +=
                "<rect class=\"activation\" x=\"\(column[index] - 4)\" y=\"\(start)\" width=\"8\" height=\"\(y - start)\"/>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// Participant `k`'s lifeline and head, centred at `x`.
    private static func head(_ plan: SequencePlan, _ k: Int, x: Int, width: Int, height: Int, to b: inout [UInt8]) {
        var label = SVGEscaper.text(plan.label(plan.participants[k]))
        label.withUTF8 { label in
            ByteWriter.append(to: &b, room: 220 + 6 * ByteWriter.numberRoom + label.count) { w in
                w.put("<line class=\"lifeline\" x1=\"")
                w.putInteger(Int64(x))
                w.put("\" y1=\"")
                w.putInteger(Int64(headerHeight))
                w.put("\" x2=\"")
                w.putInteger(Int64(x))
                w.put("\" y2=\"")
                w.putInteger(Int64(height - 10))
                w.put("\"/>\n<rect class=\"head\" x=\"")
                w.putInteger(Int64(x - width / 2))
                w.put("\" y=\"10\" width=\"")
                w.putInteger(Int64(width))
                w.put("\" height=\"28\" rx=\"5\"/><text class=\"participant\" x=\"")
                w.putInteger(Int64(x))
                w.put("\" y=\"29\" text-anchor=\"middle\">")
                w.put(UnsafeRawBufferPointer(label))
                w.put("</text>\n")
            }
        }
    }

    /// The rows of a run of blocks, from where the run starts: its top, and the open
    /// activation bars (participant, top) in participant order.
    private struct Rows {
        struct Start {
            var y: Int
            var activeSince: [(key: Int, value: Int)]
        }

        let plan: SequencePlan, column: [Int], left: Int, right: Int
        var y: Int
        var activeSince: [Int?]
        /// Every text made so far: each message text and transition title escaped once (by
        /// its index in the plan), each arrow's text around its y coordinates (by its two
        /// participants), and each note's (by its text and column).
        var store = TextStore()
        var textIndex = IdMap(), texts: [Range<Int>] = []
        var titleIndex = IdMap(), titles: [Range<Int>] = []
        var arrowIndex = IdMap(), arrows: [Arrow] = []
        /// Each note's box and text at a column, around its two y coordinates.
        var noteIndex: [NoteKey: Int] = [:], notes: [Note] = []

        struct NoteKey: Hashable {
            var text: String, column: Int
        }

        /// A note's box up to the box's y, then up to the text's y, then its text.
        struct Note {
            var box: Range<Int>, middle: Range<Int>, text: Range<Int>
        }

        /// An arrow (or a loop back to the same column) and its text's position, as three
        /// pieces of text each followed by the row's y plus an offset.
        struct Arrow {
            var a: Range<Int>, b: Range<Int>, c: Range<Int>
            var ya: Int, yb: Int, yc: Int
        }

        init(plan: SequencePlan, column: [Int], left: Int, right: Int) {
            (self.plan, self.column, self.left, self.right, y) = (plan, column, left, right, 0)
            activeSince = Array(repeating: nil, count: column.count)
        }

        /// Starts a run of blocks where it starts: its top and the activation bars open.
        mutating func start(at start: Start) {
            y = start.y
            for index in activeSince.indices { activeSince[index] = nil }
            for (index, top) in start.activeSince { activeSince[index] = top }
        }

        mutating func text(_ m: SequencePlan.Message) -> Range<Int> {
            if let known = textIndex[UInt64(m.textIndex)] { return texts[Int(known)] }
            let full = plan.text(m)
            let shown = SVGSequenceFormatter.shortened(full)
            // A shortened text keeps the whole one as its tooltip.
            let title = shown == full ? "" : "<title>\(SVGEscaper.text(full))</title>"
            let text = store.keep(title + SVGEscaper.text(shown))
            textIndex.insert(UInt64(m.textIndex), Int32(texts.count))
            texts.append(text)
            return text
        }

        /// A transition's title, escaped once per title.
        mutating func title(_ title: String, id: Int) -> Range<Int> {
            guard id >= 0 else { return store.keep(SVGEscaper.text(title)) }
            if let known = titleIndex[UInt64(id)] { return titles[Int(known)] }
            let text = store.keep(SVGEscaper.text(title))
            titleIndex.insert(UInt64(id), Int32(titles.count))
            titles.append(text)
            return text
        }

        mutating func arrow(_ m: SequencePlan.Message) -> Arrow {
            let key = UInt64(UInt32(m.fromIndex)) << 32 | UInt64(UInt32(m.toIndex))
            if let known = arrowIndex[key] { return arrows[Int(known)] }
            let fx = column[Int(m.fromIndex)], tx = column[Int(m.toIndex)]
            // Each piece is some text, a number, then some text.
            func piece(_ before: StaticString, _ number: Int, _ after: StaticString) -> Range<Int> {
                store.keep(room: 64 + ByteWriter.numberRoom) { w in
                    w.put(before)
                    w.putInteger(Int64(number))
                    w.put(after)
                }
            }
            let arrow =
                fx == tx
                ? Arrow(
                    a: piece("<path d=\"M", fx, ","), b: piece(" h24 v10 h-22\"/><text x=\"", fx + 30, "\" y=\""),
                    c: store.keep(""),
                    ya: -6, yb: 0, yc: 0)
                : Arrow(
                    a: piece("<line x1=\"", fx, "\" y1=\""), b: piece("\" x2=\"", tx, "\" y2=\""),
                    c: piece("\"/><text x=\"", min(fx, tx) + 6, "\" y=\""), ya: 0, yb: 0, yc: -4)
            arrowIndex.insert(key, Int32(arrows.count))
            arrows.append(arrow)
            return arrow
        }

        /// A note's text at column `x`, made once per note and column.
        mutating func note(_ text: String, at x: Int) -> Note {
            let key = NoteKey(text: text, column: x)
            if let known = noteIndex[key] { return notes[known] }
            let note = Note(
                box: store.keep("<g class=\"note\"><rect x=\"\(x + 8)\" y=\""),
                middle: store.keep(
                    "\" width=\"\(SVGSequenceFormatter.noteWidth(text))\" height=\"16\"/><text x=\"\(x + 14)\" y=\""),
                text: store.keep("\">\(SVGEscaper.text(text))</text></g>\n"))
            noteIndex[key] = notes.count
            notes.append(note)
            return note
        }

        mutating func write(_ block: SequencePlan.Block, to out: inout TextBuffer) {
            let blockTop = y
            if let title = block.title {
                // Drawn as a band first so the calls sit on top of it.
                let messages = block.messages
                var bandHeight = SVGSequenceFormatter.titleHeight + 6 + messages.count * SVGSequenceFormatter.rowHeight
                for i in messages.indices {
                    bandHeight += messages.notes(at: i).count * SVGSequenceFormatter.noteHeight
                }
                let (left, right, firstSeq, lastSeq) = (left, right, block.firstSeq, block.lastSeq)
                let escaped = self.title(title, id: block.titleID)
                let room = 160 + 7 * ByteWriter.numberRoom + escaped.count
                store.withBytes { store in
                    out.write { b in
                        ByteWriter.append(to: &b, room: room) { w in
                            w.put("<g class=\"transition\"><rect class=\"band\" x=\"")
                            w.putInteger(Int64(left))
                            w.put("\" y=\"")
                            w.putInteger(Int64(blockTop - 4))
                            w.put("\" width=\"")
                            w.putInteger(Int64(right - left))
                            w.put("\" height=\"")
                            w.putInteger(Int64(bandHeight))
                            w.put("\" rx=\"6\"/><text class=\"title\" x=\"")
                            w.putInteger(Int64(left + 8))
                            w.put("\" y=\"")
                            w.putInteger(Int64(blockTop + 12))
                            w.put("\">")
                            w.put(store, escaped)
                            w.put(" (steps ")
                            w.putInteger(Int64(firstSeq))
                            w.put("–")
                            w.putInteger(Int64(lastSeq))
                            w.put(")</text></g>\n")
                        }
                    }
                }
                y += SVGSequenceFormatter.titleHeight + 6
            }
            for m in block.messages { out.write { write(m, to: &$0) } }
        }

        /// One call's row: its arrow (or a loop back to the same column), its text, the
        /// activation bar it closes, and its notes.
        mutating func write(_ m: SequencePlan.Message, to b: inout [UInt8]) {
            typealias S = SVGSequenceFormatter
            func number(_ n: Int) { NumberFormat.appendInteger(Int64(n), to: &b) }
            let rowY = y + 16
            let tx = column[Int(m.toIndex)]
            let (text, arrow) = (self.text(m), self.arrow(m))
            let warning =
                m.violation.map { Array(SVGEscaper.text(" ⚠ " + SVGSequenceFormatter.shortened($0)).utf8) } ?? []
            if m.activates { activeSince[Int(m.toIndex)] = rowY }
            var barStart: Int? = nil
            if m.deactivates, let start = activeSince[Int(m.toIndex)] {
                activeSince[Int(m.toIndex)] = nil
                barStart = start
            }
            // The row (and the activation bar it closes) assembled on the stack, appended once,
            // from plain values (capturing the message would retain its texts).
            let (bad, seq) = (m.violation != nil, Int64(m.seq))
            let room =
                160 + 7 * ByteWriter.numberRoom + arrow.a.count + arrow.b.count + arrow.c.count + text.count
                + warning.count
            store.withBytes { store in
                ByteWriter.append(to: &b, room: room) { w in
                    w.put(bad ? "<g class=\"m bad\">" : "<g class=\"m\">")
                    w.put(store, arrow.a)
                    w.putInteger(Int64(rowY + arrow.ya))
                    w.put(store, arrow.b)
                    w.putInteger(Int64(rowY + arrow.yb))
                    if !arrow.c.isEmpty {
                        w.put(store, arrow.c)
                        w.putInteger(Int64(rowY + arrow.yc))
                    }
                    w.put("\">")
                    w.putInteger(seq)
                    w.put(". ")
                    w.put(store, text)
                    warning.withUnsafeBytes { w.put($0) }
                    w.put("</text></g>\n")
                    if let start = barStart {
                        w.put("<rect class=\"activation\" x=\"")
                        w.putInteger(Int64(tx - 4))
                        w.put("\" y=\"")
                        w.putInteger(Int64(start))
                        w.put("\" width=\"8\" height=\"")
                        w.putInteger(Int64(rowY - start))
                        w.put("\"/>\n")
                    }
                }
            }
            y += S.rowHeight
            for note in m.notes {
                let note = self.note(note, at: tx)
                store.copy(note.box, to: &b)
                number(y - 4)
                store.copy(note.middle, to: &b)
                number(y + 8)
                store.copy(note.text, to: &b)
                y += S.noteHeight
            }
        }
    }

    /// The most characters of a call's text or warning drawn; a longer one ends in `…`.
    static let textLimit = 80

    /// A note's box: its text at 11 px and 6 px on each side.
    static func noteWidth(_ text: String) -> Int { TextWidth.pixels(text, size: 11) + 12 }

    static func shortened(_ text: String) -> String {
        // A text of no more bytes than the limit has no more characters either.
        text.utf8.count <= textLimit || text.count <= textLimit ? text : String(text.prefix(textLimit - 1)) + "…"
    }

    /// Where the columns go: each head wide enough for its name (within bounds), neighbours
    /// apart enough for their heads, and every arrow's text between its two columns (a loop's
    /// text beside its column, before the next). Planned from each call's sender, receiver
    /// and text length; the chart is as wide as its rightmost head, text or note.
    private struct ColumnRoom {
        let plan: SequencePlan
        /// Per text in the plan: its width in pixels as drawn, -1 until asked.
        private var textWidths: [Int32]
        /// The room each pair of columns needs between them (lower index, higher index).
        private var needIndex = IdMap()
        private var needs: [(lo: Int, hi: Int, gap: Int)] = []
        /// Per column, the most room its notes or a loop at the last column take on the right.
        private var rightOf: [Int]

        init(plan: SequencePlan) {
            self.plan = plan
            textWidths = Array(repeating: -1, count: plan.texts.count)
            rightOf = Array(repeating: 0, count: plan.participants.count)
        }

        mutating func note(_ m: SequencePlan.Message) {
            var text = Int(textWidths[Int(m.textIndex)])
            if text < 0 {
                text = TextWidth.pixels(SVGSequenceFormatter.shortened(plan.text(m)))
                textWidths[Int(m.textIndex)] = Int32(text)
            }
            if let violation = m.violation {
                text += TextWidth.pixels(" ⚠ " + SVGSequenceFormatter.shortened(violation))
            }
            let digits = ByteWriter.digitCount(UInt64(m.seq.magnitude)) + (m.seq < 0 ? 1 : 0)
            text += (digits + 1) * 7 + 4  // "12. "
            let from = Int(m.fromIndex), to = Int(m.toIndex)
            let count = plan.participants.count
            if from == to {
                if to + 1 < count {
                    need(to, to + 1, 30 + text + 12)
                } else {
                    rightOf[to] = max(rightOf[to], 30 + text + 8)
                }
            } else {
                need(min(from, to), max(from, to), text + 24)
            }
            for note in m.notes { rightOf[to] = max(rightOf[to], 8 + SVGSequenceFormatter.noteWidth(note) + 8) }
        }

        private mutating func need(_ lo: Int, _ hi: Int, _ gap: Int) {
            let key = UInt64(lo) << 32 | UInt64(hi)
            if let known = needIndex[key] {
                needs[Int(known)].gap = max(needs[Int(known)].gap, gap)
            } else {
                needIndex.insert(key, Int32(needs.count))
                needs.append((lo, hi, gap))
            }
        }

        /// The columns' centres and head widths, and the chart's width.
        func columns(left: Int, margin: Int) -> (centres: [Int], heads: [Int], width: Int) {
            let heads = plan.participants.map { min(300, max(130, TextWidth.pixels(plan.label($0)) + 28)) }
            var byHigh = [[(lo: Int, gap: Int)]](repeating: [], count: heads.count)
            for n in needs { byHigh[n.hi].append((n.lo, n.gap)) }
            var centres: [Int] = []
            var right = 400
            for k in heads.indices {
                var c = k == 0 ? left + heads[0] / 2 : centres[k - 1] + (heads[k - 1] + heads[k]) / 2 + 24
                for n in byHigh[k] { c = max(c, centres[n.lo] + n.gap) }
                centres.append(c)
                right = max(right, c + heads[k] / 2 + margin, c + rightOf[k] + margin)
            }
            return (centres, heads, right)
        }
    }

    /// Every colour and stroke in one place, so each call's row carries only its coordinates;
    /// scoped to this chart, so pages that inline several charts keep each one's look.
    static let style = """
        <style>
        .lifeline-sequence .lifeline{stroke:#bbb;stroke-dasharray:4 3}
        .lifeline-sequence .head{fill:#eef2f5;stroke:#555}
        .lifeline-sequence .m line,.lifeline-sequence .m path{stroke:#444;fill:none;marker-end:url(#arrow)}
        .lifeline-sequence .m text{fill:#444}
        .lifeline-sequence .bad line,.lifeline-sequence .bad path{stroke:#c0392b;marker-end:url(#arrow-bad)}
        .lifeline-sequence .bad text{fill:#c0392b}
        .lifeline-sequence .activation{fill:#c8e6c9;fill-opacity:0.8;stroke:#2e7d32}
        .lifeline-sequence .note rect{fill:#fff8e1;stroke:#f9a825}
        .lifeline-sequence .note text{font-size:11px}
        .lifeline-sequence .band{fill:#78909c;fill-opacity:0.08;stroke:#78909c;stroke-opacity:0.5}
        .lifeline-sequence .title{font-weight:bold;fill:#455a64}
        </style>

        """
}
