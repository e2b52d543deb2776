/// One problem `lifeline check` reports: a rule, a message, where, and related earlier places.
public struct Finding: Sendable, Hashable {
    /// A related place, such as the earlier call that explains the finding.
    public struct Note: Sendable, Hashable {
        /// Where the related call was logged.
        public var location: TraceLocation
        /// What it has to do with the finding.
        public var message: String
    }

    /// The rule's id, such as `double-appear`.
    public var rule: String
    /// What is wrong, in a sentence.
    public var message: String
    /// Where the call the finding is about was logged.
    public var location: TraceLocation
    /// Related earlier places.
    public var notes: [Note]
    /// Step of the call the finding is about, for ordering (0 for findings about the log itself).
    package var seq: Int
    /// The controller the finding is about, when there is one.
    package var subject: String?

    package init(
        rule: String, message: String, location: TraceLocation, notes: [Note] = [], seq: Int, subject: String? = nil
    ) {
        self.rule = rule
        self.message = message
        self.location = location
        self.notes = notes
        self.seq = seq
        self.subject = subject
    }

    /// `file:line: warning: [rule] message`, then one `file:line: note: ...` per note.
    public var compilerStyle: String {
        var out = "\(location): warning: [\(rule)] \(message)\n"
        for note in notes { out += "\(note.location): note: \(note.message)\n" }
        return out
    }
}

/// What every rule reads: the trace, its names, and where each call was logged.
package struct LintContext: Sendable {
    package let trace: Trace
    package let names: DisplayNames
    package let machine: AppearanceStateMachine
    /// The machine's violations, in trace order: worked out once for the rules that read them.
    package let violations: [(object: String, step: StateStep)]

    package init(_ trace: Trace) {
        self.trace = trace
        names = DisplayNames(trace)
        machine = AppearanceStateMachine(trace, keepingSteps: false)
        violations = machine.violations
    }

    /// Where an event was read; native traces without `source` point at their own line.
    package func location(_ event: TraceEvent) -> TraceLocation {
        event.source ?? TraceLocation(file: trace.source, line: event.seq)
    }

    package func event(seq: Int) -> TraceEvent { trace.events[seq - 1] }

    /// The calls whose canonical event is one of `kinds`, in order. The others are passed over
    /// by id and never made into `TraceEvent`s, so a rule about a few kinds of call costs
    /// little on a long trace.
    package func calls(_ kinds: CanonicalEvent...) -> some Sequence<TraceEvent> {
        var wanted = CanonicalEvent.Set()
        for kind in kinds { wanted.insert(kind) }
        let events = trace.events
        return events.indices.lazy.filter { events.canonical(at: $0).map(wanted.contains) ?? false }.map { events[$0] }
    }

    /// Whether any call is of this kind: a rule about a kind the trace lacks has nothing to
    /// walk.
    package func contains(_ kind: CanonicalEvent) -> Bool {
        let events = trace.events
        return events.indices.contains { events.canonical(at: $0) == kind }
    }

    package func name(_ id: String) -> String { names[id] }

    package func object(_ value: ArgValue?) -> String? {
        if case .string(let s)? = value, DisplayNames.isInstanceId(s) { return s }
        return nil
    }
}

/// A check over a whole trace. Each rule is one small type.
package protocol LintRule: Sendable {
    /// The id printed in brackets and accepted by `--disable`.
    var id: String { get }
    /// One line for `--list-rules` and the README.
    var summary: String { get }
    func check(_ context: LintContext) -> [Finding]
}
