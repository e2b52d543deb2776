/// One recorded call: the unit of every trace, and one line of the native JSON Lines format.
public struct TraceEvent: Sendable, Hashable {
    /// 1-based order in the trace.
    public var seq: Int
    /// Stable instance id such as `HomeViewController#1`.
    public var object: String
    /// The event's canonical name, such as `viewWillAppear` or `didMoveToParent`, or a custom
    /// name kept as logged.
    public var event: String {
        didSet { canonical = CanonicalEvent(rawValue: event) }
    }
    /// The canonical event, nil for a custom one; kept in step with `event`.
    package private(set) var canonical: CanonicalEvent?
    /// The class as logged, such as `MyApp.HomeViewController`.
    public var className: String?
    /// The instance's address as logged, such as `0x7f8e0c40a2b0`.
    public var address: String?
    /// Seconds since the trace's first timed event.
    public var time: Double?
    /// The thread the call was logged on, as the log names it.
    public var thread: String?
    /// The call's arguments, such as `animated` or `parent`; a controller is named by its id.
    public var args: [String: ArgValue]
    /// Values that this step sets, e.g. `selectedViewController`.
    public var state: [String: ArgValue]
    /// Free text the log carried with the call.
    public var note: String?
    /// Where the call was read.
    public var source: TraceLocation?

    /// Makes a call; `event` may be a canonical name or a custom one.
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
