/// One recorded call: the unit of every trace (native format v1, see README).
public struct TraceEvent: Sendable, Hashable {
    /// 1-based order in the trace.
    public var seq: Int
    /// Stable instance id such as `HomeViewController#1`.
    public var object: String
    /// Canonical event name (see `CanonicalEvent`), or a custom name kept as logged.
    public var event: String {
        didSet { canonical = CanonicalEvent(rawValue: event) }
    }
    /// The canonical event, nil for a custom one; kept in step with `event`.
    public private(set) var canonical: CanonicalEvent?
    public var className: String?
    public var address: String?
    /// Seconds since the trace's first timed event.
    public var time: Double?
    public var thread: String?
    public var args: [String: ArgValue]
    /// Values that this step sets, e.g. `selectedViewController`.
    public var state: [String: ArgValue]
    public var note: String?
    public var source: TraceLocation?

    public init(
        seq: Int, object: String, event: String, className: String? = nil, address: String? = nil,
        time: Double? = nil, thread: String? = nil, args: [String: ArgValue] = [:],
        state: [String: ArgValue] = [:], note: String? = nil, source: TraceLocation? = nil
    ) {
        self.init(
            seq: seq, object: object, event: event, canonical: CanonicalEvent(rawValue: event), className: className,
            address: address, time: time, thread: thread, args: args, state: state, note: note, source: source)
    }

    /// For the event store, which knows the canonical event without parsing the name again.
    init(
        seq: Int, object: String, event: String, canonical: CanonicalEvent?, className: String?, address: String?,
        time: Double?, thread: String?, args: [String: ArgValue], state: [String: ArgValue], note: String?,
        source: TraceLocation?
    ) {
        self.seq = seq
        self.object = object
        self.event = event
        self.canonical = canonical
        self.className = className
        self.address = address
        self.time = time
        self.thread = thread
        self.args = args
        self.state = state
        self.note = note
        self.source = source
    }
}
