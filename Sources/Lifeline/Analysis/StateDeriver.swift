/// Fills in the named values a trace implies at each step, so tables and charts can show them.
/// Today that is the tab bar controller's `selectedViewController` (and `selectedIndex`):
/// - `shouldSelect(from:)` tells the value before a switch, when it is not yet known;
/// - `didSelect(to:)` and `setSelected(to:)` set the new value.
/// As seed 000 explains, UIKit assigns `selectedViewController` after the new tab's
/// `viewDidAppear` and before `didSelect`; a log sees the change first at `didSelect`.
/// Values a trace states itself (`state` in the native format) always win.
public struct StateDeriver {
    public static let selectedViewController = "selectedViewController"
    public static let selectedIndex = "selectedIndex"

    public static func apply(to trace: inout Trace) {
        var deriver = StateDeriver()
        for index in trace.events.indices { deriver.apply(to: &trace.events, at: index) }
    }

    /// Derives the state of the event at `index` from the ones before it; for readers that
    /// stream. Touches only the events it can change.
    public mutating func apply(to events: inout EventList, at index: Int) {
        let canonical = events.canonical(at: index)
        switch canonical {
        case .shouldSelect?, .didSelect?, .setSelected?: break
        default: guard events.hasState(at: index) else { return }
        }
        let added = derive(canonical, args: events.args(at: index), state: events.state(at: index))
        guard !added.isEmpty else { return }
        events.addState(added, at: index)
    }

    private var current: [String: ArgValue] = [:]

    public init() {}

    /// Derives one event's state from the ones before it.
    public mutating func apply(to event: inout TraceEvent) {
        for (key, value) in derive(event.canonical, args: event.args, state: event.state) { event.state[key] = value }
    }

    /// The values an event adds to its own `state`, in key order.
    private mutating func derive(
        _ canonical: CanonicalEvent?, args: [String: ArgValue], state: [String: ArgValue]
    ) -> [(String, ArgValue)] {
        for (key, value) in state { current[key] = value }
        // At most two values, already in key order (selectedIndex < selectedViewController).
        var implied: [(String, ArgValue)] = []
        switch canonical {
        case .shouldSelect?:
            if current[StateDeriver.selectedViewController] == nil, let from = args["from"] {
                implied.append((StateDeriver.selectedViewController, from))
            }
        case .didSelect?, .setSelected?:
            if let index = args["index"] ?? args["selectedIndex"] { implied.append((StateDeriver.selectedIndex, index)) }
            if let to = args["to"] ?? args[StateDeriver.selectedViewController] {
                implied.append((StateDeriver.selectedViewController, to))
            }
        default:
            break
        }
        var added: [(String, ArgValue)] = []
        for (key, value) in implied where state[key] == nil && current[key] != value {
            added.append((key, value))
            current[key] = value
        }
        return added
    }
}
