/// Collects calls from a reader into a `Trace`: assigns `seq`, resolves identities, makes
/// times relative to the first timed event, and keeps the reader's diagnostics.
public struct TraceBuilder {
    public private(set) var trace: Trace
    private var resolver = IdentityResolver()
    private var firstTime: Double?
    /// When set, each event goes here as soon as it is read, with its derived state, and the
    /// builder keeps none: memory stays flat however long the input.
    private var sink: ((TraceEvent) -> Void)?
    private var deriver = StateDeriver()
    public private(set) var eventCount = 0

    public init(source: String, sink: ((TraceEvent) -> Void)? = nil) {
        trace = Trace(source: source)
        self.sink = sink
    }

    private mutating func append(_ event: TraceEvent) {
        eventCount += 1
        guard let sink else {
            trace.events.append(event)
            return
        }
        var event = event
        deriver.apply(to: &event)
        sink(event)
    }

    public mutating func warn(_ rule: String, _ message: String, line: Int?) {
        trace.diagnostics.append(
            Diagnostic(.warning, rule, message, at: line.map { TraceLocation(file: trace.source, line: $0) }))
    }

    public mutating func uikitWarning(_ text: String, line: Int?) {
        let location = line.map { TraceLocation(file: trace.source, line: $0) }
        trace.findings.append(Diagnostic(.warning, "uikit-warning", text, at: location))
    }

    /// Adds a call read from a log. `absoluteTime` is in seconds on any fixed clock.
    public mutating func add(_ call: RawCall, line: Int?) {
        let canonical = call.canonical
        let eventName = canonical?.rawValue ?? TraceBuilder.customName(call.method)
        let ref = call.object ?? TraceBuilder.implicitObject(for: canonical)
        let object = ref.map { resolver.resolve($0) } ?? IdentityResolver.unknownObject
        var args: [String: ArgValue] = [:]
        for (key, value) in call.args {
            switch value {
            case .value(let v): args[key] = v
            case .object(let r): args[key] = .string(resolver.resolve(r))
            }
        }
        var time: Double? = nil
        if let t = call.time {
            if firstTime == nil { firstTime = t }
            time = t - firstTime!
        }
        let event = TraceEvent(
            seq: eventCount + 1, object: object, event: eventName,
            className: ref?.name == IdentityResolver.unknownObject ? nil : ref?.name,
            address: ref?.address ?? resolver.addressById[object], time: time, thread: call.thread, args: args, note: call.note,
            source: line.map { TraceLocation(file: trace.source, line: $0) })
        append(event)
        if canonical == .`deinit`, let ref { resolver.forget(ref, id: object) }
    }

    /// Adds an event that already carries its identity (the native format).
    public mutating func add(resolved event: TraceEvent) {
        var event = event
        event.seq = eventCount + 1
        append(event)
    }

    public func finish() -> Trace { trace }

    /// Calls logged without an object still have one: a tab delegate's calls belong to the tab
    /// bar controller, a navigation delegate's to the navigation controller.
    static func implicitObject(for event: CanonicalEvent?) -> ObjectRef? {
        switch event {
        case .shouldSelect?, .didSelect?, .setSelected?: return ObjectRef(name: "UITabBarController")
        case .push?, .pop?, .willShow?, .didShow?: return ObjectRef(name: "UINavigationController")
        default: return nil
        }
    }

    /// `textFieldDidBeginEditing:` → `textFieldDidBeginEditing`, `refresh(_:)` → `refresh`,
    /// `prepare(for:sender:)` stays as it is.
    static func customName(_ method: String) -> String {
        if method.hasSuffix("(_:)") { return String(method.dropLast(4)) }
        if method.hasSuffix("()") { return String(method.dropLast(2)) }
        if method.hasSuffix(":"), method.dropLast().firstIndex(of: ":") == nil { return String(method.dropLast()) }
        return method
    }
}
