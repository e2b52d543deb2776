/// A part of a trace chosen by step range or by transition number, for charts that would be too
/// big whole. Events keep their step numbers.
package enum TraceSlice {
    package struct SliceError: Error, CustomStringConvertible {
        package var description: String
    }

    /// `range` is `A-B` (1-based steps, inclusive); `transition` is 1-based.
    package static func apply(_ trace: Trace, range: String?, transition: Int?) throws -> Trace {
        var selected = trace
        if let range {
            let parts = range.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2, let a = Int(parts[0]), let b = Int(parts[1]), 1 <= a, a <= b,
                b <= trace.events.count
            else {
                throw SliceError(description: "--range must be A-B with 1 ≤ A ≤ B ≤ \(trace.events.count)")
            }
            selected.events = EventList(trace.events[(a - 1)...(b - 1)])
        }
        if let transition {
            let transitions = TransitionDetector.detect(trace)
            guard (1...max(1, transitions.count)).contains(transition), transition <= transitions.count else {
                throw SliceError(description: "--transition must be between 1 and \(transitions.count)")
            }
            selected.events = EventList(trace.events[transitions[transition - 1].range])
        }
        return selected
    }
}
