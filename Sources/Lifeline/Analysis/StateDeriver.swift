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
        for index in trace.events.indices {
            switch trace.events.canonical(at: index) {
            case .shouldSelect?, .didSelect?, .setSelected?: break
            default: guard trace.events.hasState(at: index) else { continue }
            }
            var event = trace.events[index]
            let before = event.state
            deriver.apply(to: &event)
            if event.state != before { trace.events[index] = event }
        }
    }

    private var current: [String: ArgValue] = [:]

    public init() {}

    /// Derives one event's state from the ones before it; for streaming readers.
    public mutating func apply(to event: inout TraceEvent) {
        for (key, value) in event.state { current[key] = value }
        var implied: [String: ArgValue] = [:]
        switch event.canonical {
        case .shouldSelect?:
            if current[StateDeriver.selectedViewController] == nil, let from = event.args["from"] {
                implied[StateDeriver.selectedViewController] = from
            }
        case .didSelect?, .setSelected?:
            if let to = event.args["to"] ?? event.args[StateDeriver.selectedViewController] {
                implied[StateDeriver.selectedViewController] = to
            }
            if let index = event.args["index"] ?? event.args["selectedIndex"] { implied[StateDeriver.selectedIndex] = index }
        default:
            break
        }
        for (key, value) in implied.sorted(by: { $0.key < $1.key }) where event.state[key] == nil && current[key] != value {
            event.state[key] = value
            current[key] = value
        }
    }
}
