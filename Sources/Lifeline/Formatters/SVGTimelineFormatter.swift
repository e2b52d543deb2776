import Foundation

/// Swimlanes of appearance states, one lane per controller, drawn by Lifeline as SVG. The axis
/// is seconds when the trace has times and steps otherwise, and starts at the first call drawn:
/// a part of a trace (`--transition`, `--range`) fills the width, its ticks counted from its
/// start, which the title gives.
public struct SVGTimelineFormatter: TraceFormatter {
    /// A formatter for a standalone SVG picture.
    public init() {}

    /// Writes the timeline to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The chart, written into `out` lane by lane: a long trace streams to its file.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        // Seven pixels a character, or the widest name measured where its letters are wider.
        let labelWidth = min(
            SVGTimelineFormatter.maxLabelWidth,
            max(
                120, (timeline.lanes.map { names[$0.object].count }.max() ?? 10) * 7 + 20,
                (timeline.lanes.map { TextWidth.pixels(names[$0.object], size: 12) }.max() ?? 0) + 14))
        let transitions = TransitionDetector.detect(trace)
        let banded = !transitions.isEmpty && transitions.count <= SVGTimelineFormatter.maxBands
        let plotWidth = 900, laneHeight = 30
        // Where the axis starts: the first call drawn (0 for a whole trace with times).
        let origin = timeline.usesTime ? timeline.start : 0
        let span = max(timeline.end - origin, timeline.usesTime ? 0.001 : 1)
        let axis = TimelineAxis(
            trace, timeline: timeline, left: Double(labelWidth), width: Double(plotWidth), origin: origin, span: span)
        let labels =
            banded
            ? SVGTimelineFormatter.bandLabels(
                transitions, trace: trace, names: names, usesTime: timeline.usesTime, axis: axis) : []
        // A second row of names when one row cannot hold them all.
        let top = banded ? (labels.contains { $0?.row == 1 } ? 76 : 62) : 40
        let width = max(
            labelWidth + plotWidth + 40,
            SVGTimelineFormatter.labelsRight(labels, transitions, trace: trace, usesTime: timeline.usesTime, axis: axis)
        )
        let height = top + timeline.lanes.count * laneHeight + 60
        func x(_ t: Double) -> String { NumberFormat.decimal(axis.x(t)) }
        var out = out
        out += "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" font-family=\"Helvetica, Arial, sans-serif\" font-size=\"12\">\n"
        out += "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n"
        let from = origin > 0 ? ", from \(SVGTimelineFormatter.timeLabel(origin, span: max(1, origin)))" : ""
        out +=
            "<text x=\"10\" y=\"22\" font-weight=\"bold\">Appearance states over \(timeline.usesTime ? "time" : "steps")\(from)</text>\n"
        if banded {
            SVGTimelineFormatter.writeBands(
                transitions, labels: labels, trace: trace, names: names, usesTime: timeline.usesTime, axis: axis,
                top: top, bottom: top + timeline.lanes.count * laneHeight, into: &out)
        }
        // Each interval's box is put together from numbers and these texts, made once.
        let fills = AppearanceState.allCases.map { state in
            (
                class: Array("<rect class=\"\(state.rawValue)\" x=\"".utf8),
                fill: Array(
                    "\" height=\"20\" fill=\"\(HierarchyDOTFormatter.fill(state))\" stroke=\"#777\" stroke-width=\"0.5\"><title>"
                        .utf8),
                title: Array(": \(state.rawValue) from step ".utf8)
            )
        }
        for (i, lane) in timeline.lanes.enumerated() {
            let y = top + i * laneHeight
            let name = Array(SVGEscaper.text(names[lane.object]).utf8)
            out += "<g class=\"lane\"><text x=\"10\" y=\"\(y + 19)\">"
            // A name wider than its column is cut, whole in its tooltip and the boxes' titles.
            if let cut = SVGTimelineFormatter.laneLabel(names[lane.object], width: labelWidth) {
                out += "<title>"
                out += name
                out += "</title>"
                out += SVGEscaper.text(cut)
            } else {
                out += name
            }
            out += "</text>"
            let rectY = Array("\" y=\"\(y + 5)\" width=\"".utf8)
            for interval in lane.intervals {
                let end = interval.end ?? axis.end
                let parts = fills[AppearanceState.allCases.firstIndex(of: interval.state)!]
                let room =
                    3 * ByteWriter.numberRoom + parts.class.count + parts.fill.count + parts.title.count + rectY.count
                    + name.count + 16
                out.write { bytes in
                    ByteWriter.append(to: &bytes, room: room) { w in
                        w.put(parts.class)
                        w.putDecimal(axis.x(interval.start))
                        w.put(rectY)
                        w.putDecimal(axis.width(from: interval.start, to: end))
                        w.put(parts.fill)
                        w.put(name)
                        w.put(parts.title)
                        w.putInteger(Int64(interval.startSeq))
                        w.put("</title></rect>")
                    }
                }
            }
            if let died = lane.died {
                out +=
                    "<line x1=\"\(x(died))\" y1=\"\(y + 2)\" x2=\"\(x(died))\" y2=\"\(y + 28)\" stroke=\"#c0392b\" stroke-width=\"2\"/>"
            }
            out += "</g>\n"
        }
        // Axis with round ticks (1, 2 or 5 times a power of ten, in ms below a second) and a
        // legend for every mark.
        let axisY = top + timeline.lanes.count * laneHeight + 10
        out +=
            "<line x1=\"\(labelWidth)\" y1=\"\(axisY)\" x2=\"\(labelWidth + plotWidth)\" y2=\"\(axisY)\" stroke=\"#444\"/>\n"
        if axis.breaks.isEmpty {
            for t in SVGTimelineFormatter.ticks(span: span, whole: !timeline.usesTime) {
                let label =
                    timeline.usesTime
                    ? (origin > 0 ? "+" : "") + SVGTimelineFormatter.timeLabel(t, span: span)
                    : NumberFormat.decimal(t.rounded())
                out += SVGTimelineFormatter.tick(at: x(t + origin), label, axisY: axisY)
            }
        } else {
            SVGTimelineFormatter.writeBrokenAxis(axis, top: top, axisY: axisY, into: &out)
        }
        var lx = labelWidth
        for state in AppearanceState.allCases {
            out +=
                "<rect x=\"\(lx)\" y=\"\(axisY + 24)\" width=\"12\" height=\"12\" fill=\"\(HierarchyDOTFormatter.fill(state))\" stroke=\"#777\"/><text x=\"\(lx + 16)\" y=\"\(axisY + 34)\" font-size=\"11\">\(state.rawValue)</text>\n"
            lx += 120
        }
        if timeline.lanes.contains(where: { $0.died != nil }) {
            out +=
                "<line x1=\"\(lx + 6)\" y1=\"\(axisY + 22)\" x2=\"\(lx + 6)\" y2=\"\(axisY + 38)\" stroke=\"#c0392b\" stroke-width=\"2\"/><text x=\"\(lx + 16)\" y=\"\(axisY + 34)\" font-size=\"11\">deinit</text>\n"
            lx += 80
        }
        if banded {
            out +=
                "<rect x=\"\(lx)\" y=\"\(axisY + 24)\" width=\"18\" height=\"12\" fill=\"#78909c\" fill-opacity=\"0.12\" stroke=\"#78909c\" stroke-opacity=\"0.6\" stroke-dasharray=\"2,2\"/><text x=\"\(lx + 24)\" y=\"\(axisY + 34)\" font-size=\"11\">transition (named above)</text>\n"
            lx += 170
        }
        if !axis.breaks.isEmpty {
            out +=
                "<line x1=\"\(lx + 2)\" y1=\"\(axisY + 38)\" x2=\"\(lx + 8)\" y2=\"\(axisY + 22)\" stroke=\"#444\"/><line x1=\"\(lx + 7)\" y1=\"\(axisY + 38)\" x2=\"\(lx + 13)\" y2=\"\(axisY + 22)\" stroke=\"#444\"/><text x=\"\(lx + 18)\" y=\"\(axisY + 34)\" font-size=\"11\">idle time cut (its length above)</text>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// Past this many transitions the bands would be hairlines, and none is drawn.
    static let maxBands = 400

    /// Each transition's span on the axis, from its first call to its last.
    static func spans(_ transitions: [Transition], trace: Trace, usesTime: Bool, axis: TimelineAxis) -> [(
        Double, Double
    )] {
        func at(_ i: Int) -> Double {
            usesTime ? max(0, trace.events.time(at: i) ?? 0) : Double(trace.events.seq(at: i))
        }
        return transitions.map { (axis.x(at($0.range.lowerBound)), axis.x(at($0.range.upperBound))) }
    }

    /// Each transition's name above the lanes. When every name fits before the next band,
    /// they stand in one row; else in two, each in the first row free at its band's start,
    /// shortened with `…` to the start of the band after next (the next one's name takes the
    /// other row); nil when neither row is free or not even a few letters fit.
    static func bandLabels(
        _ transitions: [Transition], trace: Trace, names: DisplayNames, usesTime: Bool, axis: TimelineAxis
    ) -> [(row: Int, text: String)?] {
        let starts = spans(transitions, trace: trace, usesTime: usesTime, axis: axis).map(\.0)
        // The last names may run past the plot: the picture widens for them, up to a limit.
        let right = axis.left + axis.width + 30 + Self.labelOverhang
        let titles = transitions.map { $0.title(names) }
        let widths = titles.map { Double(TextWidth.pixels($0, size: 10)) }
        func start(_ k: Int) -> Double { k < starts.count ? starts[k] : right }
        if titles.indices.allSatisfy({ starts[$0] + widths[$0] <= start($0 + 1) - 6 }) {
            return titles.map { (0, $0) }
        }
        var ends = [-Double.infinity, -Double.infinity]
        return titles.indices.map { k -> (row: Int, text: String)? in
            let x1 = starts[k]
            for row in 0..<2 where ends[row] <= x1 {
                guard let label = fitted(titles[k], room: min(right, start(k + 2) - 6) - x1) else { return nil }
                ends[row] = x1 + Double(TextWidth.pixels(label, size: 10)) + 6
                return (row, label)
            }
            return nil
        }
    }

    /// Each transition as a band over the lanes from its first call to its last, named above
    /// the lanes as `bandLabels` placed it, the whole title in the band's tooltip.
    static func writeBands(
        _ transitions: [Transition], labels: [(row: Int, text: String)?], trace: Trace, names: DisplayNames,
        usesTime: Bool, axis: TimelineAxis, top: Int, bottom: Int, into out: inout TextBuffer
    ) {
        let spans = spans(transitions, trace: trace, usesTime: usesTime, axis: axis)
        let rows = labels.contains { $0?.row == 1 } ? 2 : 1
        out += "<g class=\"transitions\">\n"
        for (k, t) in transitions.enumerated() {
            let (x1, x2) = spans[k]
            let title = "\(t.title(names)) (steps \(t.firstSeq)–\(t.lastSeq))"
            out +=
                "<rect x=\"\(NumberFormat.decimal(x1))\" y=\"\(top - 2)\" width=\"\(NumberFormat.decimal(max(2, x2 - x1)))\" height=\"\(bottom - top + 4)\" fill=\"#78909c\" fill-opacity=\"0.12\" stroke=\"#78909c\" stroke-opacity=\"0.6\" stroke-dasharray=\"2,2\"><title>\(SVGEscaper.text(title))</title></rect>\n"
            if let label = labels[k] {
                let y = top - 22 - 14 * (rows - 1 - label.row)
                out +=
                    "<text x=\"\(NumberFormat.decimal(x1))\" y=\"\(y)\" font-size=\"10\" fill=\"#455a64\">\(SVGEscaper.text(label.text))</text>\n"
            }
        }
        out += "</g>\n"
    }

    /// How far past the plot's right edge the last names may run.
    static let labelOverhang = 400.0

    /// Where the band names end on the right, with a margin: the picture is at least as wide.
    static func labelsRight(
        _ labels: [(row: Int, text: String)?], _ transitions: [Transition], trace: Trace, usesTime: Bool,
        axis: TimelineAxis
    ) -> Int {
        guard labels.contains(where: { $0 != nil }) else { return 0 }
        let starts = spans(transitions, trace: trace, usesTime: usesTime, axis: axis).map(\.0)
        var right = 0.0
        for (k, label) in labels.enumerated() {
            if let label { right = max(right, starts[k] + Double(TextWidth.pixels(label.text, size: 10))) }
        }
        return Int(right.rounded(.up)) + 12
    }

    /// The widest the column of lane names grows, in pixels.
    static let maxLabelWidth = 360

    /// A lane's name cut to fit its column of `width` pixels, or nil when it fits whole.
    static func laneLabel(_ name: String, width: Int) -> String? {
        let room = Double(width - 14)
        guard Double(TextWidth.pixels(name, size: 12)) > room else { return nil }
        return fitted(name, room: room, size: 12) ?? "…"
    }

    /// `text` cut with `…` to fit `room` pixels at `size` px; nil when not even a few letters fit.
    static func fitted(_ text: String, room: Double, size: Int = 10) -> String? {
        if Double(TextWidth.pixels(text, size: size)) <= room { return text }
        // The longest start, of four characters up to all but one, that fits with the `…`.
        // A start is never narrower than a shorter one, so one pass finds it.
        let characters = text.count
        var width = TextWidth.thousandths("…".unicodeScalars)
        var count = 0
        var end: String.Index? = nil
        var index = text.startIndex
        while count < characters - 1 {
            width += TextWidth.thousandths(text[index].unicodeScalars)
            index = text.index(after: index)
            count += 1
            guard Double(TextWidth.pixels(thousandths: width, size: size)) <= room else { break }
            if count >= 4 { end = index }
        }
        return end.map { String(text[..<$0]) + "…" }
    }

    /// One tick of the axis at `x` and its label, if any, under it.
    static func tick(at x: String, _ label: String?, axisY: Int) -> String {
        "<line x1=\"\(x)\" y1=\"\(axisY)\" x2=\"\(x)\" y2=\"\(axisY + 4)\" stroke=\"#444\"/>"
            + (label.map { "<text x=\"\(x)\" y=\"\(axisY + 16)\" text-anchor=\"middle\" font-size=\"10\">\($0)</text>" }
                ?? "") + "\n"
    }

    /// The axis of a timeline with idle stretches cut: round ticks in each piece wide enough for
    /// them (else one at its start), and at each break a dashed line through the lanes, two
    /// slashes on the axis and the length of the time cut above the lanes.
    static func writeBrokenAxis(_ axis: TimelineAxis, top: Int, axisY: Int, into out: inout TextBuffer) {
        func x(_ t: Double) -> String { NumberFormat.decimal(axis.x(t)) }
        // Where the last label drawn ends: a label that would touch it (the end of one piece
        // and the start of the next, on either side of a break) is left out, its tick kept.
        var lastRight = -Double.infinity
        for piece in axis.pieces {
            let length = piece.end - piece.start
            let room = piece.width
            // A label takes about 60 px. Ticks fall on round values from the origin (`80 s`,
            // `90 s`), not on the piece's start (`75.394 s`), unless the piece is too narrow
            // for more than that one.
            let steps =
                room >= 120 ? ticks(span: length, whole: false, most: max(1, (room / 60).rounded(.down))) : [0]
            var offsets: [Double] = [0]
            if steps.count > 1 {
                let step = steps[1] - steps[0]
                let first = ((piece.start - axis.origin) / step).rounded(.up) * step + axis.origin - piece.start
                offsets = stride(from: first, through: length * (1 + 1e-9), by: step).map { $0 }
                if offsets.isEmpty { offsets = [0] }
            }
            for offset in offsets {
                let t = piece.start + offset
                let label =
                    (axis.origin > 0 ? "+" : "") + timeLabel(t - axis.origin, span: max(length, t - axis.origin))
                let half = Double(TextWidth.pixels(label, size: 10)) / 2
                guard axis.x(t) - half >= lastRight + 6 else {
                    out += tick(at: x(t), nil, axisY: axisY)
                    continue
                }
                lastRight = axis.x(t) + half
                out += tick(at: x(t), label, axisY: axisY)
            }
        }
        for b in axis.breaks {
            let mid = (axis.x(b.start) + axis.x(b.end)) / 2
            let m = NumberFormat.decimal(mid)
            out +=
                "<line x1=\"\(m)\" y1=\"\(top)\" x2=\"\(m)\" y2=\"\(axisY)\" stroke=\"#888\" stroke-dasharray=\"3,3\"/>"
            out +=
                "<rect x=\"\(NumberFormat.decimal(mid - 6))\" y=\"\(axisY - 6)\" width=\"12\" height=\"12\" fill=\"#ffffff\"/>"
            out +=
                "<line x1=\"\(NumberFormat.decimal(mid - 6))\" y1=\"\(axisY + 6)\" x2=\"\(NumberFormat.decimal(mid - 1))\" y2=\"\(axisY - 6)\" stroke=\"#444\"/>"
            out +=
                "<line x1=\"\(NumberFormat.decimal(mid + 1))\" y1=\"\(axisY + 6)\" x2=\"\(NumberFormat.decimal(mid + 6))\" y2=\"\(axisY - 6)\" stroke=\"#444\"/>"
            let cut = timeLabel(b.end - b.start, span: b.end - b.start)
            out +=
                "<text x=\"\(m)\" y=\"\(top - 4)\" text-anchor=\"middle\" font-size=\"10\" fill=\"#555\">\(cut) cut</text>\n"
        }
    }

    /// Tick positions from 0 to `span`: a step of 1, 2 or 5 times a power of ten that gives
    /// four to at most `most` ticks, ten by default (whole numbers only when `whole`, for steps).
    static func ticks(span: Double, whole: Bool, most: Double = 10) -> [Double] {
        guard span > 0, span.isFinite else { return [0] }
        var power = pow(10, (log10(span / 5)).rounded(.down))
        if whole { power = max(1, power) }
        var step = power
        for factor in [1.0, 2, 5, 10, 20, 50] where span / (power * factor) <= most {
            step = power * factor
            break
        }
        var result: [Double] = []
        var k = 0.0
        while k * step <= span * (1 + 1e-9), result.count < 12 {
            result.append(k * step)
            k += 1
        }
        return result
    }

    /// `250 ms` below a second of span, else `1.5 s`.
    static func timeLabel(_ t: Double, span: Double) -> String {
        if span < 1 {
            let ms = (t * 1000 * 1000).rounded() / 1000
            return NumberFormat.decimal(ms) + " ms"
        }
        return NumberFormat.decimal((t * 1000).rounded() / 1000) + " s"
    }
}
