/// The horizontal axis of the SVG timeline: where a time is drawn. Idle stretches (no
/// controller appearing or disappearing, no call) longer than a quarter of the span are cut to
/// a narrow break, so a 6 ms switch after 4 idle seconds is drawn wide enough to read. The
/// pieces between breaks share the width by their length, each getting at least half of an
/// equal share, and each is linear.
struct TimelineAxis {
    struct Break {
        var start: Double, end: Double
    }

    let left: Double, width: Double, origin: Double
    /// The time the axis covers, and where it ends (open intervals run to there). With
    /// breaks, the room after the last call is a twentieth of the time drawn, not of the
    /// time cut.
    private(set) var span: Double, end: Double
    /// The cut stretches, in time order, at most `maxBreaks` of the longest.
    private(set) var breaks: [Break] = []
    /// With breaks: each piece's start and end in time, and its left edge and width drawn.
    private(set) var pieces: [(start: Double, end: Double, x: Double, width: Double)] = []
    static let breakWidth = 24.0, maxBreaks = 3

    init(_ trace: Trace, timeline: AppearanceTimeline, left: Double, width: Double, origin: Double, span: Double) {
        self.left = left
        self.width = width
        self.origin = origin
        self.span = span
        end = timeline.end
        guard timeline.usesTime else { return }
        let gaps = TimelineAxis.idleStretches(trace.events, longerThan: span / 4)
        let kept = gaps.sorted { ($0.end - $0.start, $1.start) > ($1.end - $1.start, $0.start) }.prefix(Self.maxBreaks)
        let found = kept.sorted { $0.start < $1.start }
        let cut = found.reduce(0) { $0 + $1.end - $1.start }
        let room = width - Double(found.count) * Self.breakWidth
        let drawn = timeline.last - origin - cut
        guard !found.isEmpty, drawn >= 0, room > 0 else { return }
        breaks = found
        self.span = timeline.last - origin + drawn * 0.05 + 0.001
        end = origin + self.span
        var times: [(Double, Double)] = []
        var from = origin
        for b in breaks {
            times.append((from, b.start))
            from = b.end
        }
        times.append((from, end))
        let total = times.reduce(0) { $0 + $1.1 - $1.0 }
        let least = 0.5 / Double(times.count)
        let shares = times.map { max(least, total > 0 ? ($0.1 - $0.0) / total : 0) }
        let sum = shares.reduce(0, +)
        var x = left
        for (k, piece) in times.enumerated() {
            let w = room * shares[k] / sum
            pieces.append((piece.0, piece.1, x, w))
            x += w + Self.breakWidth
        }
    }

    /// Where `t` is drawn.
    func x(_ t: Double) -> Double {
        // Without breaks, exactly the linear axis.
        if breaks.isEmpty { return left + ((t - origin) / span) * width }
        for (k, p) in pieces.enumerated() {
            if t <= p.end || k == pieces.count - 1 {
                let length = p.end - p.start
                return p.x + (length > 0 ? (max(t, p.start) - p.start) / length * p.width : 0)
            }
            // Within the break after this piece.
            let next = pieces[k + 1]
            if t < next.start {
                return p.x + p.width + (t - p.end) / (next.start - p.end) * Self.breakWidth
            }
        }
        return left
    }

    /// The width drawn from `a` to `b`, at least 1.
    func width(from a: Double, to b: Double) -> Double {
        if breaks.isEmpty { return max(1, (b - a) / span * width) }
        return max(1, x(b) - x(a))
    }

    /// Gaps between consecutive calls longer than `limit` during which every controller is
    /// settled (Appeared or Disappeared): one pass over the calls, in the order of the axis.
    static func idleStretches(_ events: EventList, longerThan limit: Double) -> [Break] {
        var state = [UInt8](repeating: 0, count: events.symbols.count)
        var unsettled = 0
        var gaps: [Break] = []
        var last: Double? = nil
        for i in events.indices {
            guard let t = events.time(at: i) else { continue }
            if let last, unsettled == 0, t - last > limit { gaps.append(Break(start: last, end: t)) }
            last = max(last ?? t, t)
            guard let target = AppearanceStateMachine.target(of: events.canonical(at: i)) else { continue }
            let object = Int(events.objectSymbol(at: i))
            let before = AppearanceState(code: state[object])
            if let before, !before.isSettled { unsettled -= 1 }
            if !target.isSettled { unsettled += 1 }
            state[object] = target.code
        }
        return gaps
    }
}
