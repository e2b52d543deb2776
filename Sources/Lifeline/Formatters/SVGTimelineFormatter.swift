/// Swimlanes of appearance states, one lane per controller, drawn by Lifeline as SVG. The axis
/// is seconds when the trace has times and steps otherwise.
public struct SVGTimelineFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        let labelWidth = min(260, max(120, (timeline.lanes.map { names[$0.object].count }.max() ?? 10) * 7 + 20))
        let plotWidth = 900, laneHeight = 30, top = 40
        let width = labelWidth + plotWidth + 40
        let height = top + timeline.lanes.count * laneHeight + 60
        let span = max(timeline.end, timeline.usesTime ? 0.001 : 1)
        func x(_ t: Double) -> String { NumberFormat.decimal(Double(labelWidth) + (t / span) * Double(plotWidth)) }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        out += "<text x=\"10\" y=\"22\" font-weight=\"bold\">Appearance states over \(timeline.usesTime ? "time (s)" : "steps")</text>\n"
        for (i, lane) in timeline.lanes.enumerated() {
            let y = top + i * laneHeight
            out += "<g class=\"lane\"><text x=\"10\" y=\"\(y + 19)\">\(SVGEscaper.text(names[lane.object]))</text>"
            for interval in lane.intervals {
                let end = interval.end ?? timeline.end
                out += "<rect class=\"\(interval.state.rawValue)\" x=\"\(x(interval.start))\" y=\"\(y + 5)\" width=\"\(NumberFormat.decimal(max(1, (end - interval.start) / span * Double(plotWidth))))\" height=\"20\" fill=\"\(HierarchyDOTFormatter.fill(interval.state))\" stroke=\"#777\" stroke-width=\"0.5\"><title>\(SVGEscaper.text("\(names[lane.object]): \(interval.state.rawValue) from step \(interval.startSeq)"))</title></rect>"
            }
            if let died = lane.died {
                out += "<line x1=\"\(x(died))\" y1=\"\(y + 2)\" x2=\"\(x(died))\" y2=\"\(y + 28)\" stroke=\"#c0392b\" stroke-width=\"2\"/>"
            }
            out += "</g>\n"
        }
        // Axis with five ticks and a legend.
        let axisY = top + timeline.lanes.count * laneHeight + 10
        out += "<line x1=\"\(labelWidth)\" y1=\"\(axisY)\" x2=\"\(labelWidth + plotWidth)\" y2=\"\(axisY)\" stroke=\"#444\"/>\n"
        for k in 0...4 {
            let t = span * Double(k) / 4
            out += "<text x=\"\(x(t))\" y=\"\(axisY + 14)\" text-anchor=\"middle\" font-size=\"10\">\(NumberFormat.decimal(timeline.usesTime ? (t * 1000).rounded() / 1000 : t.rounded()))</text>\n"
        }
        var lx = labelWidth
        for state in AppearanceState.allCases {
            out += "<rect x=\"\(lx)\" y=\"\(axisY + 24)\" width=\"12\" height=\"12\" fill=\"\(HierarchyDOTFormatter.fill(state))\" stroke=\"#777\"/><text x=\"\(lx + 16)\" y=\"\(axisY + 34)\" font-size=\"11\">\(state.rawValue)</text>\n"
            lx += 120
        }
        out += "</svg>\n"
        return out
    }
}
