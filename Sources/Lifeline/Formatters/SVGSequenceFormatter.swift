/// A sequence chart drawn as SVG by Lifeline itself: one column per participant, one row per
/// call, boxes for transitions, notes for state changes, activation bars, and illegal calls in
/// red. The layout is a single pass over the calls, so a million calls give a valid file in
/// linear time; the text uses generic font families and the bytes are deterministic.
public struct SVGSequenceFormatter {
    static let rowHeight = 24, noteHeight = 18, titleHeight = 22, headerHeight = 44, margin = 16

    public init() {}

    public func format(_ trace: Trace) -> String {
        let plan = SequencePlan(trace)
        // Columns sized from the names, capped so one long name cannot stretch the chart.
        var x: [String: Int] = [:]
        var widths: [String: Int] = [:]
        var cursor = SVGSequenceFormatter.margin + 48
        for p in plan.participants {
            let w = min(300, max(130, plan.label(p).count * 7 + 28))
            widths[p] = w
            x[p] = cursor + w / 2
            cursor += w + 24
        }
        let width = max(cursor + 260, 400)
        // First pass: height.
        var height = SVGSequenceFormatter.headerHeight + 20
        for block in plan.blocks {
            if block.title != nil { height += SVGSequenceFormatter.titleHeight + 6 }
            for m in block.messages { height += SVGSequenceFormatter.rowHeight + m.notes.count * SVGSequenceFormatter.noteHeight }
        }
        height += 20
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += "<defs><marker id=\"arrow\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#444\"/></marker>"
        out += "<marker id=\"arrow-bad\" viewBox=\"0 0 10 10\" refX=\"10\" refY=\"5\" markerWidth=\"7\" markerHeight=\"7\" orient=\"auto-start-reverse\"><path d=\"M0,0 L10,5 L0,10 z\" fill=\"#c0392b\"/></marker></defs>\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<g class=\"participants\">\n"
        for p in plan.participants {
            let cx = x[p]!, w = widths[p]!
            out += "<line class=\"lifeline\" x1=\"\(cx)\" y1=\"\(SVGSequenceFormatter.headerHeight)\" x2=\"\(cx)\" y2=\"\(height - 10)\" stroke=\"#bbb\" stroke-dasharray=\"4 3\"/>\n"
            out += "<rect x=\"\(cx - w / 2)\" y=\"10\" width=\"\(w)\" height=\"28\" rx=\"5\" fill=\"#eef2f5\" stroke=\"#555\"/>"
            out += "<text class=\"participant\" x=\"\(cx)\" y=\"29\" text-anchor=\"middle\">\(SVGEscaper.text(plan.label(p)))</text>\n"
        }
        out += "</g>\n<g class=\"messages\">\n"
        var y = SVGSequenceFormatter.headerHeight + 20
        var activeSince: [String: Int] = [:]
        let left = SVGSequenceFormatter.margin, right = width - SVGSequenceFormatter.margin
        for block in plan.blocks {
            let blockTop = y
            if let title = block.title {
                // Drawn as a band first so the calls sit on top of it.
                var bandHeight = SVGSequenceFormatter.titleHeight + 6
                for m in block.messages { bandHeight += SVGSequenceFormatter.rowHeight + m.notes.count * SVGSequenceFormatter.noteHeight }
                out += "<g class=\"transition\"><rect x=\"\(left)\" y=\"\(blockTop - 4)\" width=\"\(right - left)\" height=\"\(bandHeight)\" rx=\"6\" fill=\"#78909c\" fill-opacity=\"0.08\" stroke=\"#78909c\" stroke-opacity=\"0.5\"/>"
                out += "<text x=\"\(left + 8)\" y=\"\(blockTop + 12)\" font-weight=\"bold\" fill=\"#455a64\">\(SVGEscaper.text("\(title) (steps \(block.firstSeq)–\(block.lastSeq))"))</text></g>\n"
                y += SVGSequenceFormatter.titleHeight + 6
            }
            for m in block.messages {
                let rowY = y + 16
                let fx = x[m.from]!, tx = x[m.to]!
                let bad = m.violation != nil
                let stroke = bad ? "#c0392b" : "#444"
                var label = "\(m.seq). \(m.text)"
                if let v = m.violation { label += " ⚠ \(v)" }
                out += "<g class=\"message\" data-seq=\"\(m.seq)\">"
                if fx == tx {
                    out += "<path d=\"M\(fx),\(rowY - 6) h24 v10 h-22\" fill=\"none\" stroke=\"\(stroke)\" marker-end=\"url(#\(bad ? "arrow-bad" : "arrow"))\"/>"
                    out += "<text x=\"\(fx + 30)\" y=\"\(rowY)\" fill=\"\(stroke)\">\(SVGEscaper.text(label))</text>"
                } else {
                    out += "<line x1=\"\(fx)\" y1=\"\(rowY)\" x2=\"\(tx)\" y2=\"\(rowY)\" stroke=\"\(stroke)\" marker-end=\"url(#\(bad ? "arrow-bad" : "arrow"))\"/>"
                    out += "<text x=\"\(min(fx, tx) + 6)\" y=\"\(rowY - 4)\" fill=\"\(stroke)\">\(SVGEscaper.text(label))</text>"
                }
                out += "</g>\n"
                if m.activates { activeSince[m.to] = rowY }
                if m.deactivates, let start = activeSince.removeValue(forKey: m.to) {
                    out += "<rect class=\"activation\" x=\"\(x[m.to]! - 4)\" y=\"\(start)\" width=\"8\" height=\"\(rowY - start)\" fill=\"#c8e6c9\" fill-opacity=\"0.8\" stroke=\"#2e7d32\"/>\n"
                }
                y += SVGSequenceFormatter.rowHeight
                for note in m.notes {
                    out += "<g class=\"note\"><rect x=\"\(x[m.to]! + 8)\" y=\"\(y - 4)\" width=\"\(note.count * 7 + 12)\" height=\"16\" fill=\"#fff8e1\" stroke=\"#f9a825\"/>"
                    out += "<text x=\"\(x[m.to]! + 14)\" y=\"\(y + 8)\" font-size=\"11\">\(SVGEscaper.text(note))</text></g>\n"
                    y += SVGSequenceFormatter.noteHeight
                }
            }
        }
        for p in plan.participants {
            if let start = activeSince[p] {
                out += "<rect class=\"activation\" x=\"\(x[p]! - 4)\" y=\"\(start)\" width=\"8\" height=\"\(y - start)\" fill=\"#c8e6c9\" fill-opacity=\"0.8\" stroke=\"#2e7d32\"/>\n"
            }
        }
        out += "</g>\n</svg>\n"
        return out
    }
}
