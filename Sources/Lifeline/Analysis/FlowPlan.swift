/// The shape shared by every flow chart: the trace cut into transitions, each cut into phases
/// (the `viewWill…` calls of a switch together, then the `viewDid…` calls, then runs of other
/// calls; a container's own call such as `shouldSelect` stands alone), as seed 000's
/// 终极流程图 draws it.
public struct FlowPlan: Sendable {
    public struct Phase: Sendable {
        /// Indexes into `trace.events`.
        public var events: [Int]
    }

    public struct Section: Sendable {
        /// Nil for calls outside any transition.
        public var transition: Transition?
        public var phases: [Phase]
    }

    public var sections: [Section] = []
    public var phaseCount: Int { sections.reduce(0) { $0 + $1.phases.count } }

    public init(_ trace: Trace) {
        let transitions = TransitionDetector.detect(trace)
        var i = 0
        var t = 0
        let events = trace.events
        while i < events.count {
            if t < transitions.count, transitions[t].range.lowerBound == i {
                let transition = transitions[t]
                sections.append(Section(transition: transition, phases: FlowPlan.phases(events, Array(transition.range))))
                i = transition.range.upperBound + 1
                t += 1
            } else {
                let end = t < transitions.count ? transitions[t].range.lowerBound : events.count
                sections.append(Section(transition: nil, phases: FlowPlan.phases(events, Array(i..<end))))
                i = end
            }
        }
    }

    static func phaseKey(_ event: CanonicalEvent?) -> String? {
        switch event {
        case .viewWillAppear?, .viewWillDisappear?: return "will"
        case .viewDidAppear?, .viewDidDisappear?: return "did"
        case let e? where e.kind == .container: return nil
        default: return "calls"
        }
    }

    static func phases(_ events: EventList, _ indexes: [Int]) -> [Phase] {
        var phases: [Phase] = []
        var currentKey: String? = nil
        for i in indexes {
            let key = phaseKey(events[i].canonical)
            if let key, key == currentKey, !phases.isEmpty {
                phases[phases.count - 1].events.append(i)
            } else {
                phases.append(Phase(events: [i]))
            }
            currentKey = key
        }
        return phases
    }
}
