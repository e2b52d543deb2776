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
        let (timeline, transitions) = try! Parallel.run(
            { AppearanceTimeline(trace) }, alongside: { TransitionDetector.spans(in: trace) })
        let usesTime = timeline.usesTime
        func us(_ t: Double) -> Int { ChromeTraceFormatter.microseconds(t, usesTime: usesTime) }
        func ts(_ i: Int) -> Int { usesTime ? us(max(0, events.time(at: i)!)) : events.seq(at: i) * 1000 }
        var tid: [String: Int] = [:]
        for (i, lane) in timeline.lanes.enumerated() { tid[lane.object] = i + 1 }
        var out = out
        out += "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out += "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\(JSONEscaper.quoted("lifeline: " + trace.source))}}"
        // Each controller is a thread of state slices, made in pieces on both cores.
        // A few long lanes are as common as many short ones: about 64 pieces either way.
        Parallel.pieces(of: timeline.lanes.count, size: max(1, timeline.lanes.count / 64), into: &out) { _, range, piece in
            for t in range { ChromeTraceFormatter.write(lane: timeline.lanes[t], tid: t + 1, names: names, timeline: timeline, to: &piece) }
        }
        // Each call is an instant, made in pieces on both cores.
        Parallel.pieces(of: events.count, into: &out) { _, range, piece in
            var instants = Instants(events: events, names: names, tid: tid, usesTime: usesTime)
            instants.write(range, to: &piece)
        }
        // Each transition is a pair of async events; titles are numbered here, the text is
        // made in pieces on both cores.
        var titles = TransitionTitles(names)
        let titleIDs = transitions.map { Int32(titles.id($0, events.symbols)) }
        let quotedTitles = titles.titles.map { Array(("{\"name\":" + JSONEscaper.quoted($0) + ",\"cat\":\"transition\",\"ph\":\"").utf8) }
        Parallel.pieces(of: transitions.count, into: &out) { _, range, piece in
            for i in range {
                let first = transitions[i].range.lowerBound, last = transitions[i].range.upperBound
                let start = ts(first)
                let end = max(start + 1, usesTime ? ts(last) : events.seq(at: last) * 1000 + 500)
                func write(_ phase: UInt8, _ time: Int) {
                    piece.write { b in
                        b.append(",\n")
                        b.append(contentsOf: quotedTitles[Int(titleIDs[i])])
                        b.append(phase)
                        b.append("\",\"id\":")
                        NumberFormat.appendInteger(Int64(i + 1), to: &b)
                        b.append(",\"pid\":1,\"tid\":0,\"ts\":")
                        NumberFormat.appendInteger(Int64(time), to: &b)
                        b.append(UInt8(ascii: "}"))
                    }
                }
                write(UInt8(ascii: "b"), start)
                write(UInt8(ascii: "e"), end)
            }
        }
        out += "\n]}\n"
        return out
    }

    static func microseconds(_ t: Double, usesTime: Bool) -> Int {
        usesTime ? Int(clamping: t * 1_000_000) : Int(clamping: t * 1000)
    }

    /// One controller's thread: its name, lifetime markers and one complete slice per state
    /// interval.
    static func write(lane: AppearanceTimeline.Lane, tid: Int, names: DisplayNames, timeline: AppearanceTimeline, to out: inout TextBuffer) {
        func us(_ t: Double) -> Int { microseconds(t, usesTime: timeline.usesTime) }
        let name = JSONEscaper.quoted(names[lane.object])
        let id = JSONEscaper.quoted(lane.object)
        out += ",\n{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":"
        out.append(tid)
        out += ",\"args\":{\"name\":"
        out += name
        out += "}}"
        out += ",\n{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":"
        out.append(tid)
        out += ",\"args\":{\"sort_index\":"
        out.append(tid)
        out += "}}"
        /// The controller's birth ("N") or death ("D") as an object event.
        func lifetime(_ phase: String, _ time: Double) {
            out += ",\n{\"name\":"
            out += name
            out += ",\"cat\":\"controller\",\"ph\":\"" + phase + "\",\"id\":"
            out += id
            out += ",\"pid\":1,\"tid\":"
            out.append(tid)
            out += ",\"ts\":"
            out.append(us(time))
            out += "}"
        }
        lifetime("N", lane.born)
        let usesTime = timeline.usesTime, timelineEnd = timeline.end
        out.write { b in
            for interval in lane.intervals {
                let end = microseconds(interval.end ?? timelineEnd, usesTime: usesTime)
                let start = microseconds(interval.start, usesTime: usesTime)
                b.append(",\n{\"name\":\"")
                b.append(contentsOf: interval.state.rawValue.utf8)
                b.append("\",\"cat\":\"appearance\",\"ph\":\"X\",\"pid\":1,\"tid\":")
                NumberFormat.appendInteger(Int64(tid), to: &b)
                b.append(",\"ts\":")
                NumberFormat.appendInteger(Int64(start), to: &b)
                b.append(",\"dur\":")
                NumberFormat.appendInteger(Int64(max(0, end - start)), to: &b)
                b.append(",\"args\":{\"step\":")
                NumberFormat.appendInteger(Int64(interval.startSeq), to: &b)
                b.append("}}")
            }
        }
        if let died = lane.died { lifetime("D", died) }
    }

    /// The instant events of a run of calls. The text around each call's time and step is
    /// made once per distinct object and event, in a cache of this piece's own.
    private struct Instants {
        let events: EventList, names: DisplayNames, tid: [String: Int], usesTime: Bool
        /// The text before the time and after the step, per distinct object and event.
        var index = IdMap(), store = TextStore(), heads: [Range<Int>] = [], tails: [Range<Int>] = []

        mutating func piece(_ object: SymbolTable.ID, _ event: SymbolTable.ID) -> Int {
            let key = UInt64(object) << 32 | UInt64(event)
            if let known = index[key] { return Int(known) }
            let id = events.symbols[object]
            heads.append(
                store.keep(
                    ",\n{\"name\":\(JSONEscaper.quoted(events.symbols[event])),\"cat\":\"call\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":\(tid[id] ?? 0),\"ts\":"))
            tails.append(store.keep(",\"object\":\(JSONEscaper.quoted(names[id]))}}"))
            index.insert(key, Int32(heads.count - 1))
            return heads.count - 1
        }

        mutating func write(_ range: Range<Int>, to out: inout TextBuffer) {
            for i in range {
                let row = events.row(at: i)
                let k = piece(row.object, row.event)
                let ts = usesTime ? Int(clamping: max(0, row.time) * 1_000_000) : Int(row.seq) * 1000
                let (head, tail) = (heads[k], tails[k])
                // Assembled on the stack and appended once.
                let room = 32 + 2 * ByteWriter.numberRoom + head.count + tail.count
                store.withBytes { store in
                    out.write { b in
                        ByteWriter.append(to: &b, room: room) { w in
                            w.put(store, head)
                            w.putInteger(Int64(max(ts, 0)))
                            w.put(",\"args\":{\"step\":")
                            w.putInteger(Int64(row.seq))
                            w.put(store, tail)
                        }
                    }
                }
            }
        }
    }
}
