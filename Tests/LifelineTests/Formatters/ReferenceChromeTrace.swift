@testable import Lifeline

/// Chrome's trace-event JSON written the plain way: each controller's lane from
/// `AppearanceTimeline`, each call as a `TraceEvent`, the transitions from
/// `TransitionDetector`, Strings throughout, one thread. `ChromeTraceFormatter` must give the
/// same bytes.
enum ReferenceChromeTrace {
    static func format(_ trace: Trace) -> String {
        let names = DisplayNames(trace)
        let events = Array(trace.events)
        let timeline = AppearanceTimeline(trace)
        let usesTime = timeline.usesTime

        /// A place on the timeline's axis (seconds, or steps) in microseconds (steps are 1 ms).
        func micro(_ t: Double) -> Int { usesTime ? Int(clamping: t * 1_000_000) : Int(clamping: t * 1000) }
        /// When a call happened: its time, never before 0, or its step as milliseconds.
        func callTime(_ event: TraceEvent) -> Int { usesTime ? micro(max(0, event.time!)) : event.seq * 1000 }

        var records: [String] = []
        records.append(
            "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,\"tid\":0,\"args\":{\"name\":"
                + JSONEscaper.quoted("lifeline: " + trace.source) + "}}")

        // One thread per controller with a lane, numbered from 1 in lane order: its name and
        // place, its birth, one complete slice per state, and its death if it had one.
        var threadOf: [String: Int] = [:]
        for (k, lane) in timeline.lanes.enumerated() {
            let tid = k + 1
            threadOf[lane.object] = tid
            let name = JSONEscaper.quoted(names[lane.object])
            func lifetime(_ phase: String, _ time: Double) -> String {
                "{\"name\":\(name),\"cat\":\"controller\",\"ph\":\"\(phase)\",\"id\":\(JSONEscaper.quoted(lane.object)),"
                    + "\"pid\":1,\"tid\":\(tid),\"ts\":\(micro(time))}"
            }
            records.append(
                "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"name\":\(name)}}")
            records.append(
                "{\"name\":\"thread_sort_index\",\"ph\":\"M\",\"pid\":1,\"tid\":\(tid),\"args\":{\"sort_index\":\(tid)}}"
            )
            records.append(lifetime("N", lane.born))
            for interval in lane.intervals {
                let start = micro(interval.start)
                let end = micro(interval.end ?? timeline.end)
                records.append(
                    "{\"name\":\"\(interval.state.rawValue)\",\"cat\":\"appearance\",\"ph\":\"X\",\"pid\":1,\"tid\":\(tid),"
                        + "\"ts\":\(start),\"dur\":\(max(0, end - start)),\"args\":{\"step\":\(interval.startSeq)}}")
            }
            if let died = lane.died { records.append(lifetime("D", died)) }
        }

        // One instant per call, on its controller's thread (0 for an object without a lane).
        for event in events {
            records.append(
                "{\"name\":\(JSONEscaper.quoted(event.event)),\"cat\":\"call\",\"ph\":\"i\",\"s\":\"t\",\"pid\":1,"
                    + "\"tid\":\(threadOf[event.object] ?? 0),\"ts\":\(max(0, callTime(event))),"
                    + "\"args\":{\"step\":\(event.seq),\"object\":\(JSONEscaper.quoted(names[event.object]))}}")
        }

        // One async pair per transition, numbered from 1: it begins at its first call and ends
        // at its last (half a step after it without times), always at least 1 µs later.
        for (k, transition) in TransitionDetector.detect(trace).enumerated() {
            let first = events[transition.range.lowerBound], last = events[transition.range.upperBound]
            let start = callTime(first)
            let end = max(start + 1, usesTime ? callTime(last) : last.seq * 1000 + 500)
            for (phase, time) in [("b", start), ("e", end)] {
                records.append(
                    "{\"name\":\(JSONEscaper.quoted(transition.title(names))),\"cat\":\"transition\",\"ph\":\"\(phase)\","
                        + "\"id\":\(k + 1),\"pid\":1,\"tid\":0,\"ts\":\(time)}")
            }
        }

        return "{\"displayTimeUnit\":\"ms\",\"traceEvents\":[\n" + records.joined(separator: ",\n") + "\n]}\n"
    }
}
