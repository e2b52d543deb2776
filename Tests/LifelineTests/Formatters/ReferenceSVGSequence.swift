@testable import Lifeline

/// The SVG sequence chart written the plain way: what to draw from `SequencePlan`, then the
/// columns worked out from every call's room, then one row after another as Strings, one
/// thread. `SVGSequenceFormatter` must give the same bytes.
enum ReferenceSVGSequence {
    typealias S = SVGSequenceFormatter

    static func format(_ trace: Trace) -> String {
        let plan = SequencePlan(trace)
        let blocks = Array(plan.blocks)
        let count = plan.participants.count

        // The columns. A head is as wide as its name and 28 px, from 130 to 300 px. Each arrow
        // needs its text (`12. text ⚠ warning`) and 24 px between its two columns; a call to
        // itself needs its loop and text before the next column, or room on the right at the
        // last; a note needs its box and 8 px each side right of its column.
        let heads = plan.participants.map { min(300, max(130, TextWidth.pixels(plan.label($0)) + 28)) }
        var gaps: [Pair: Int] = [:]
        var rightRoom = Array(repeating: 0, count: count)
        for block in blocks {
            for m in block.messages {
                var text = TextWidth.pixels(S.shortened(plan.text(m)))
                if let violation = m.violation { text += TextWidth.pixels(" ⚠ " + S.shortened(violation)) }
                text += ("\(m.seq)".count + 1) * 7 + 4  // "12. ": digits and dot at 7 px, the space at 4
                let from = Int(m.fromIndex), to = Int(m.toIndex)
                if from != to {
                    gaps[Pair(min(from, to), max(from, to)), default: 0].raise(to: text + 24)
                } else if to + 1 < count {
                    gaps[Pair(to, to + 1), default: 0].raise(to: 30 + text + 12)
                } else {
                    rightRoom[to] = max(rightRoom[to], 30 + text + 8)
                }
                for note in m.notes { rightRoom[to] = max(rightRoom[to], 8 + S.noteWidth(note) + 8) }
            }
        }
        // Each column as far left as its head beside the one before (24 px apart) and every
        // arrow from a column on its left allow; the chart at least 400 px wide.
        var column: [Int] = []
        var width = 400
        for k in 0..<count {
            var x = k == 0 ? S.margin + 48 + heads[0] / 2 : column[k - 1] + (heads[k - 1] + heads[k]) / 2 + 24
            for lo in 0..<k { if let gap = gaps[Pair(lo, k)] { x = max(x, column[lo] + gap) } }
            column.append(x)
            width = max(width, x + heads[k] / 2 + S.margin, x + rightRoom[k] + S.margin)
        }

        // The height: a header, then per transition its title, per call a row and its notes.
        var bottom = S.headerHeight + 20
        for block in blocks {
            if block.title != nil { bottom += S.titleHeight + 6 }
            for m in block.messages { bottom += S.rowHeight + m.notes.count * S.noteHeight }
        }
        let height = bottom + 20

        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" class=\"lifeline-sequence\" width=\"\(width)\" height=\"\(height)\" "
        out += "viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += S.style
        /// An arrowhead for the lines and paths of calls, in `colour`.
        func marker(_ id: String, _ colour: String) -> String {
            "<marker id=\"\(id)\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" "
                + "orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"\(colour)\"/></marker>"
        }
        out += "<defs>" + marker("arrow", "#444") + marker("arrow-bad", "#c0392b") + "</defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"

        out += "<g class=\"participants\">\n"
        for (k, participant) in plan.participants.enumerated() {
            let x = column[k]
            out += "<line class=\"lifeline\" x1=\"\(x)\" y1=\"\(S.headerHeight)\" x2=\"\(x)\" y2=\"\(height - 10)\"/>\n"
            out +=
                "<rect class=\"head\" x=\"\(x - heads[k] / 2)\" y=\"10\" width=\"\(heads[k])\" height=\"28\" rx=\"5\"/>"
            out +=
                "<text class=\"participant\" x=\"\(x)\" y=\"29\" text-anchor=\"middle\">\(SVGEscaper.text(plan.label(participant)))</text>\n"
        }
        out += "</g>\n<g class=\"messages\">\n"

        // The rows, top to bottom. An activation bar opens 16 px below the top of the row that
        // activates its participant and is drawn when a row closes it (or at the end).
        let left = S.margin, right = width - S.margin
        var y = S.headerHeight + 20
        var openBar: [Int: Int] = [:]
        for block in blocks {
            if let title = block.title {
                // A band behind the transition's rows, drawn before them.
                var band = S.titleHeight + 6
                for m in block.messages { band += S.rowHeight + m.notes.count * S.noteHeight }
                out +=
                    "<g class=\"transition\"><rect class=\"band\" x=\"\(left)\" y=\"\(y - 4)\" width=\"\(right - left)\" "
                out += "height=\"\(band)\" rx=\"6\"/><text class=\"title\" x=\"\(left + 8)\" y=\"\(y + 12)\">"
                out += SVGEscaper.text(title) + " (steps \(block.firstSeq)–\(block.lastSeq))</text></g>\n"
                y += S.titleHeight + 6
            }
            for m in block.messages {
                let rowY = y + 16
                let fromX = column[Int(m.fromIndex)], toX = column[Int(m.toIndex)]
                out += m.violation == nil ? "<g class=\"m\">" : "<g class=\"m bad\">"
                if m.fromIndex == m.toIndex {
                    out += "<path d=\"M\(fromX),\(rowY - 6) h24 v10 h-22\"/><text x=\"\(fromX + 30)\" y=\"\(rowY)\">"
                } else {
                    out += "<line x1=\"\(fromX)\" y1=\"\(rowY)\" x2=\"\(toX)\" y2=\"\(rowY)\"/>"
                    out += "<text x=\"\(min(fromX, toX) + 6)\" y=\"\(rowY - 4)\">"
                }
                let full = plan.text(m)
                let shown = S.shortened(full)
                out += "\(m.seq). "
                if shown != full { out += "<title>" + SVGEscaper.text(full) + "</title>" }
                out += SVGEscaper.text(shown)
                if let violation = m.violation { out += SVGEscaper.text(" ⚠ " + S.shortened(violation)) }
                out += "</text></g>\n"
                let to = Int(m.toIndex)
                if m.activates { openBar[to] = rowY }
                if m.deactivates, let top = openBar.removeValue(forKey: to) {
                    out +=
                        "<rect class=\"activation\" x=\"\(toX - 4)\" y=\"\(top)\" width=\"8\" height=\"\(rowY - top)\"/>\n"
                }
                y += S.rowHeight
                for note in m.notes {
                    out +=
                        "<g class=\"note\"><rect x=\"\(toX + 8)\" y=\"\(y - 4)\" width=\"\(S.noteWidth(note))\" height=\"16\"/>"
                    out += "<text x=\"\(toX + 14)\" y=\"\(y + 8)\">\(SVGEscaper.text(note))</text></g>\n"
                    y += S.noteHeight
                }
            }
        }
        // Bars still open run to the last row's bottom, in participant order.
        for (to, top) in openBar.sorted(by: { $0.key < $1.key }) {
            out +=
                "<rect class=\"activation\" x=\"\(column[to] - 4)\" y=\"\(top)\" width=\"8\" height=\"\(y - top)\"/>\n"
        }
        out += "</g>\n</svg>\n"
        return out
    }

    /// Two columns, the lower first.
    struct Pair: Hashable {
        var lo: Int, hi: Int
        init(_ lo: Int, _ hi: Int) { (self.lo, self.hi) = (lo, hi) }
    }
}

extension Int {
    /// Keeps the larger of this and `other`.
    fileprivate mutating func raise(to other: Int) { self = Swift.max(self, other) }
}
