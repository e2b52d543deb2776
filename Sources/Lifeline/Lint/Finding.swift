/// One problem `lifeline check` reports: a rule, a message, where, and related earlier places.
public struct Finding: Sendable, Hashable {
    public struct Note: Sendable, Hashable {
        public var location: TraceLocation
        public var message: String
    }

    public var rule: String
    public var message: String
    public var location: TraceLocation
    public var notes: [Note]
    /// Step of the call the finding is about, for ordering (0 for findings about the log itself).
    public var seq: Int
    /// The controller the finding is about, when there is one.
    public var subject: String?

    public init(rule: String, message: String, location: TraceLocation, notes: [Note] = [], seq: Int, subject: String? = nil) {
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
public struct LintContext: Sendable {
    public let trace: Trace
    public let names: DisplayNames
    public let machine: AppearanceStateMachine

    public init(_ trace: Trace) {
        self.trace = trace
        names = DisplayNames(trace)
        machine = AppearanceStateMachine(trace, keepingSteps: false)
    }

    /// Where an event was read; native traces without `source` point at their own line.
    public func location(_ event: TraceEvent) -> TraceLocation {
        event.source ?? TraceLocation(file: trace.source, line: event.seq)
    }

    public func event(seq: Int) -> TraceEvent { trace.events[seq - 1] }

    /// The calls whose canonical event is one of `kinds`, in order. The others are passed over
    /// by id and never made into `TraceEvent`s, so a rule about a few kinds of call costs
    /// little on a long trace.
    public func calls(_ kinds: CanonicalEvent...) -> some Sequence<TraceEvent> {
        var wanted = CanonicalEvent.Set()
        for kind in kinds { wanted.insert(kind) }
        let events = trace.events
        return events.indices.lazy.filter { events.canonical(at: $0).map(wanted.contains) ?? false }.map { events[$0] }
    }

    public func name(_ id: String) -> String { names[id] }

    public func object(_ value: ArgValue?) -> String? {
        if case .string(let s)? = value, DisplayNames.isInstanceId(s) { return s }
        return nil
    }
}

/// A check over a whole trace. Each rule is one small type.
public protocol LintRule: Sendable {
    /// The id printed in brackets and accepted by `--disable`.
    var id: String { get }
    /// One line for `--list-rules` and the README.
    var summary: String { get }
    func check(_ context: LintContext) -> [Finding]
}
