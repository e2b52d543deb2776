/// Chrome trace-event JSON that Perfetto and chrome://tracing open. Each controller is a
/// thread whose appearance states are complete ("X") slices, which cannot mis-nest; each call
/// is an instant event; transitions, which may overlap, are async ("b"/"e") events; each
/// controller's lifetime is an object ("N"/"D") pair. Times are microseconds (steps × 1 ms
/// when the trace has no times).
package struct ChromeTraceFormatter: TraceFormatter {
    /// A formatter for Chrome's trace-event JSON (Perfetto, `chrome://tracing`).
    package init() {}

    /// Writes the trace-event JSON to `output`.
    package func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The trace as UTF-8 bytes, for long traces.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let events = trace.events
        let names = DisplayNames(trace)
        // Each transition is kept as its first and last step and a key (`TransitionSteps`).
        let (timeline, transitions) = try! Parallel.run(
            { AppearanceTimeline(trace) }, alongside: { TransitionSteps.walking(trace) })
        let usesTime = timeline.usesTime
        func us(_ t: Double) -> Int { ChromeTraceFormatter.microseconds(t, usesTime: usesTime) }
        func ts(_ i: Int) -> Int { usesTime ? us(max(0, events.time(at: i)!)) : events.seq(at: i) * 1000 }
        var tid: [String: Int] = [:]
        for (i, lane) in timeline.lanes.enumerated() { tid[lane.object] = i + 1 }
        var out = out
        out += "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n"
        out +=
            "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":\(JSONEscaper.quoted("lifeline: " + trace.source))}}"
        // Each controller is a thread of state slices, made in pieces on both cores. A lane
        // is its thread's head and then its intervals, one part each; the pieces are runs of
        // parts, so one long lane is cut like many short ones.
        var partStarts = [0]  // per lane, its first part's number among all lanes' parts
        for lane in timeline.lanes { partStarts.append(partStarts.last! + lane.intervals.count + 1) }
        Parallel.pieces(of: partStarts.last!, into: &out) { _, range, piece in
            // The lane of the piece's first part: the last whose first part is not after it.
            var (t, above) = (0, timeline.lanes.count)
            while above - t > 1 {
                let mid = (t + above) / 2
                if partStarts[mid] <= range.lowerBound { t = mid } else { above = mid }
            }
            var part = range.lowerBound
            while part < range.upperBound {
                let end = min(range.upperBound, partStarts[t + 1])
                ChromeTraceFormatter.write(
                    lane: timeline.lanes[t], parts: part - partStarts[t]..<end - partStarts[t], tid: t + 1,
                    names: names,
                    timeline: timeline, to: &piece)
                part = end
                t += 1
            }
        }
        // Each call is an instant, made in pieces on both cores.
        Parallel.pieces(
            of: events.count, into: &out,
            cache: { Instants(events: events, names: names, tid: tid, usesTime: usesTime) }
        ) { _, range, instants, piece in
            instants.write(range, to: &piece)
        }
        // Each transition is a pair of async events, made in pieces on both cores. The text
        // before the phase is made once per key.
        let found = transitions.found
        let quotedTitles = transitions.keys.spans.map {
            Array(
                ("{\"name\":" + JSONEscaper.quoted(Transition($0, events.symbols).title(names))
                    + ",\"cat\":\"transition\",\"ph\":\"").utf8)
        }
        Parallel.pieces(of: found.count / 3, into: &out) { _, range, piece in
            for i in range {
                let (first, last, key) = TransitionSteps.transition(i, in: found)
                let start = ts(first)
                let end = max(start + 1, usesTime ? ts(last) : events.seq(at: last) * 1000 + 500)
                func write(_ phase: UInt8, _ time: Int) {
                    piece.write { b in
                        b.append(",\n")
                        b.append(contentsOf: quotedTitles[key])
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

    /// Some parts of one controller's thread: part 0 is its name, order and birth, part k its
    /// (k-1)th state interval as a complete slice. Its death follows its last part.
    static func write(
        lane: AppearanceTimeline.Lane, parts: Range<Int>, tid: Int, names: DisplayNames, timeline: AppearanceTimeline,
        to out: inout TextBuffer
    ) {
        func us(_ t: Double) -> Int { microseconds(t, usesTime: timeline.usesTime) }
        let intervals = lane.intervals
        let name = JSONEscaper.quoted(names[lane.object])
        /// The controller's birth ("N") or death ("D") as an object event.
        func lifetime(_ phase: String, _ time: Double) {
            out += ",\n{\"name\":"
            out += name
            out += ",\"cat\":\"controller\",\"ph\":\"" + phase + "\",\"id\":"
            out += JSONEscaper.quoted(lane.object)
            out += ",\"pid\":1,\"tid\":"
            out.append(tid)
            out += ",\"ts\":"
            out.append(us(time))
            out += "}"
        }
        if parts.contains(0) {
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
            lifetime("N", lane.born)
        }
        let usesTime = timeline.usesTime, timelineEnd = timeline.end
        out.write { b in
            for k in max(1, parts.lowerBound)..<max(1, parts.upperBound) {
                let interval = intervals[k - 1]
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
        if parts.upperBound == intervals.count + 1, let died = lane.died { lifetime("D", died) }
    }

    /// The instant events of runs of calls. The text around each call's time and step is
    /// made once per distinct object and event, in a cache of its own (one per thread).
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
                    ",\n{\"name\":\(JSONEscaper.quoted(events.symbols[event])),\"cat\":\"call\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,\"tid\":\(tid[id] ?? 0),\"ts\":"
                ))
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
