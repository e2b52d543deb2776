/// Chrome trace-event JSON that Perfetto and chrome://tracing open. Each controller is a
/// thread whose appearance states are complete ("X") slices, which cannot mis-nest; each call
/// is an instant event; transitions, which may overlap, are async ("b"/"e") events; each
/// controller's lifetime is an object ("N"/"D") pair. Times are microseconds (steps × 1 ms
/// when the trace has no times).
public struct ChromeTraceFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        func us(_ t: Double) -> Int { timeline.usesTime ? Int(clamping: t * 1_000_000) : Int(clamping: t * 1000) }
        var tid: [String: Int] = [:]
        for (i, lane) in timeline.lanes.enumerated() { tid[lane.object] = i + 1 }
        var lines: [String] = []
        lines.append("{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\(JSONEscaper.quoted("lifeline: " + trace.source))}}")
        for lane in timeline.lanes {
            let t = tid[lane.object]!
            let name = JSONEscaper.quoted(names[lane.object])
            lines.append("{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(t),\"args\":{\"name\":\(name)}}")
            lines.append("{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(t),\"args\":{\"sort_index\":\(t)}}")
            let id = JSONEscaper.quoted(lane.object)
            lines.append("{\"name\":\(name),\"cat\":\"controller\",\"ph\":\"N\",\"id\":\(id),\"pid\":1,\"tid\":\(t),\"ts\":\(us(lane.born))}")
            for interval in lane.intervals {
                let end = us(interval.end ?? timeline.end)
                let start = us(interval.start)
                lines.append("{\"name\":\"\(interval.state.rawValue)\",\"cat\":\"appearance\",\"ph\":\"X\",\"pid\":1,\"tid\":\(t),\"ts\":\(start),\"dur\":\(max(0, end - start)),\"args\":{\"step\":\(interval.startSeq)}}")
            }
            if let died = lane.died {
                lines.append("{\"name\":\(name),\"cat\":\"controller\",\"ph\":\"D\",\"id\":\(id),\"pid\":1,\"tid\":\(t),\"ts\":\(us(died))}")
            }
        }
        var lastTs = 0
        for event in trace.events {
            let t = timeline.usesTime ? us(max(0, event.time!)) : event.seq * 1000
            lastTs = max(lastTs, t)
            let lane = tid[event.object] ?? 0
            lines.append("{\"name\":\(JSONEscaper.quoted(event.event)),\"cat\":\"call\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":\(lane),\"ts\":\(max(t, 0)),\"args\":{\"step\":\(event.seq),\"object\":\(JSONEscaper.quoted(names[event.object]))}}")
        }
        for (i, transition) in TransitionDetector.detect(trace).enumerated() {
            let first = trace.events[transition.range.lowerBound], last = trace.events[transition.range.upperBound]
            let start = timeline.usesTime ? us(max(0, first.time!)) : first.seq * 1000
            let end = max(start + 1, timeline.usesTime ? us(max(0, last.time!)) : last.seq * 1000 + 500)
            let name = JSONEscaper.quoted(transition.title(names))
            lines.append("{\"name\":\(name),\"cat\":\"transition\",\"ph\":\"b\",\"id\":\(i + 1),\"pid\":1,\"tid\":0,\"ts\":\(start)}")
            lines.append("{\"name\":\(name),\"cat\":\"transition\",\"ph\":\"e\",\"id\":\(i + 1),\"pid\":1,\"tid\":0,\"ts\":\(end)}")
        }
        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + lines.joined(separator: ",\n") + "\n]}\n"
    }
}
