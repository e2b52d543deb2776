/// The shape shared by every flow chart: the trace cut into transitions, each cut into phases
/// (the `viewWill…` calls of a switch together, then the `viewDid…` calls, then runs of other
/// calls; a container's own call such as `shouldSelect` stands alone), as engineers draw the
/// order of a tab switch by hand.
package struct FlowPlan: Sendable {
    package struct Phase: Sendable {
        /// Indexes into `trace.events`: a phase is a run of consecutive calls.
        package var events: Range<Int>
    }

    package struct Section: Sendable {
        /// Nil for calls outside any transition.
        package var transition: Transition?
        package var phases: [Phase]
    }

    package var sections: [Section] = []
    package var phaseCount: Int { sections.reduce(0) { $0 + $1.phases.count } }

    package init(_ trace: Trace) {
        FlowPlan.forEachSection(in: trace) { sections.append($0) }
    }

    /// Hands each section to `body` as soon as it is known, keeping none: for long traces.
    package static func forEachSection(in trace: Trace, _ body: (Section) -> Void) {
        let events = trace.events
        var next = 0
        TransitionDetector.forEach(in: trace) { transition in
            if next < transition.range.lowerBound {
                body(Section(transition: nil, phases: phases(events, next..<transition.range.lowerBound)))
            }
            body(
                Section(
                    transition: transition,
                    phases: phases(events, transition.range.lowerBound..<(transition.range.upperBound + 1))))
            next = transition.range.upperBound + 1
        }
        if next < events.count { body(Section(transition: nil, phases: phases(events, next..<events.count))) }
    }

    /// Which calls share a phase: the `viewWill…` ones, the `viewDid…` ones, and other calls;
    /// a container's own call (nil) stands alone.
    private enum PhaseKey { case will, did, calls }

    private static func phaseKey(_ event: CanonicalEvent?) -> PhaseKey? {
        switch event {
        case .viewWillAppear?, .viewWillDisappear?: return .will
        case .viewDidAppear?, .viewDidDisappear?: return .did
        case let e? where e.kind == .container: return nil
        default: return .calls
        }
    }

    static func phases(_ events: EventList, _ indexes: Range<Int>) -> [Phase] {
        var phases: [Phase] = []
        var currentKey: PhaseKey? = nil
        for i in indexes {
            let key = phaseKey(events.canonical(at: i))
            if let key, key == currentKey, !phases.isEmpty {
                phases[phases.count - 1].events = phases[phases.count - 1].events.lowerBound..<(i + 1)
            } else {
                phases.append(Phase(events: i..<(i + 1)))
            }
            currentKey = key
        }
        return phases
    }
}
