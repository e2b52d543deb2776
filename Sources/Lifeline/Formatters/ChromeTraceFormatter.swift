/// Chrome trace-event JSON that Perfetto and chrome://tracing open. Each controller is a
/// thread whose appearance states are complete ("X") slices, which cannot mis-nest; each call
/// is an instant event; transitions, which may overlap, are async ("b"/"e") events; each
/// controller's lifetime is an object ("N"/"D") pair. Times are microseconds (steps × 1 ms
/// when the trace has no times).
public struct ChromeTraceFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String { text(trace).string }

    /// The trace as UTF-8 bytes, for long traces.
    public func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let events = trace.events
        let names = DisplayNames(trace)
        let timeline = AppearanceTimeline(trace)
        func us(_ t: Double) -> Int { timeline.usesTime ? Int(clamping: t * 1_000_000) : Int(clamping: t * 1000) }
        func ts(_ i: Int) -> Int { timeline.usesTime ? us(max(0, events.time(at: i)!)) : events.seq(at: i) * 1000 }
        var tid: [String: Int] = [:]
        for (i, lane) in timeline.lanes.enumerated() { tid[lane.object] = i + 1 }
        var out = out
        out += "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\(JSONEscaper.quoted("lifeline: " + trace.source))}}"
        for lane in timeline.lanes {
            let t = tid[lane.object]!
            let name = JSONEscaper.quoted(names[lane.object])
            out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(t),\"args\":{\"name\":\(name)}}"
            out += ",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(t),\"args\":{\"sort_index\":\(t)}}"
            let id = JSONEscaper.quoted(lane.object)
            out += ",\n{\"name\":\(name),\"cat\":\"controller\",\"ph\":\"N\",\"id\":\(id),\"pid\":1,\"tid\":\(t),\"ts\":\(us(lane.born))}"
            // One slice per state interval: the text around its numbers is made once a lane.
            let heads = AppearanceState.allCases.map {
                ",\n{\"name\":\"\($0.rawValue)\",\"cat\":\"appearance\",\"ph\":\"X\",\"pid\":1,\"tid\":\(t),\"ts\":"
            }
            for interval in lane.intervals {
                let end = us(interval.end ?? timeline.end)
                let start = us(interval.start)
                out += heads[AppearanceState.allCases.firstIndex(of: interval.state)!]
                out.append(start)
                out += ",\"dur\":"
                out.append(max(0, end - start))
                out += ",\"args\":{\"step\":"
                out.append(interval.startSeq)
                out += "}}"
            }
            if let died = lane.died {
                out += ",\n{\"name\":\(name),\"cat\":\"controller\",\"ph\":\"D\",\"id\":\(id),\"pid\":1,\"tid\":\(t),\"ts\":\(us(died))}"
            }
        }
        // Each call is an instant; the text around its time and step is made once per
        // distinct object and event.
        var pieces: [UInt64: (head: [UInt8], tail: [UInt8])] = [:]
        let argsStep = Array(",\"args\":{\"step\":".utf8)
        for i in events.indices {
            let object = events.objectSymbol(at: i), event = events.eventSymbol(at: i)
            let key = UInt64(object) << 32 | UInt64(event)
            let piece: (head: [UInt8], tail: [UInt8])
            if let known = pieces[key] {
                piece = known
            } else {
                let id = events.symbols[object]
                piece = (
                    Array(",\n{\"name\":\(JSONEscaper.quoted(events.symbols[event])),\"cat\":\"call\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":\(tid[id] ?? 0),\"ts\":".utf8),
                    Array(",\"object\":\(JSONEscaper.quoted(names[id]))}}".utf8)
                )
                pieces[key] = piece
            }
            out += piece.head
            out.append(max(ts(i), 0))
            out += argsStep
            out.append(events.seq(at: i))
            out += piece.tail
        }
        var titles = TransitionTitles(names)
        var quotedTitles: [String] = []
        for (i, transition) in TransitionDetector.spans(in: trace).enumerated() {
            let first = transition.range.lowerBound, last = transition.range.upperBound
            let start = ts(first)
            let end = max(start + 1, timeline.usesTime ? ts(last) : events.seq(at: last) * 1000 + 500)
            let id = titles.id(transition, events.symbols)
            if id == quotedTitles.count { quotedTitles.append(JSONEscaper.quoted(titles.titles[id])) }
            let name = quotedTitles[id]
            out += ",\n{\"name\":\(name),\"cat\":\"transition\",\"ph\":\"b\",\"id\":\(i + 1),\"pid\":1,\"tid\":0,\"ts\":\(start)}"
            out += ",\n{\"name\":\(name),\"cat\":\"transition\",\"ph\":\"e\",\"id\":\(i + 1),\"pid\":1,\"tid\":0,\"ts\":\(end)}"
        }
        out += "\n]}\n"
        return out
    }
}
