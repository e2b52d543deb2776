/// Fills in the named values a trace implies at each step, so tables and charts can show them.
/// Today that is the tab bar controller's `selectedViewController` (and `selectedIndex`):
/// - `shouldSelect(from:)` tells the value before a switch, when it is not yet known;
/// - `didSelect(to:)` and `setSelected(to:)` set the new value.
/// UIKit assigns `selectedViewController` after the new tab's
/// `viewDidAppear` and before `didSelect`; a log sees the change first at `didSelect`.
/// Values a trace states itself (`state` in the native format) always win.
package struct StateDeriver {
    package static let selectedViewController = "selectedViewController"
    package static let selectedIndex = "selectedIndex"

    package static func apply(to trace: inout Trace) {
        var deriver = StateDeriver()
        for index in trace.events.indices { deriver.apply(to: &trace.events, at: index) }
    }

    /// Derives the state of the event at `index` from the ones before it; for readers that
    /// stream. Touches only the events it can change. What a step does depends only on its
    /// kind, its extras id and the values so far, so each such triple is worked out once: a
    /// long trace switches between the same few tabs again and again.
    package mutating func apply(to events: inout EventList, at index: Int) {
        let canonical = events.canonical(at: index)
        let kind: UInt64
        switch canonical {
        case .shouldSelect?: kind = 1
        case .didSelect?, .setSelected?: kind = 2
        default:
            guard events.hasState(at: index) else { return }
            kind = 0
        }
        let extras = events.extrasID(at: index)
        // A trace whose switches keep naming new controllers (a new instance per screen) never
        // meets a step again; past a few thousand steps with hardly a repeat, each step is
        // worked out without numbering the values or remembering the step.
        guard remembers else {
            let added = derive(canonical, args: events.args(at: index), state: events.state(at: index))
            if !added.isEmpty { events.addState(added, at: index, remembering: false) }
            return
        }
        let currentID = self.currentID ?? number(current)
        let key = kind << 62 | UInt64(extras) << 32 | UInt64(currentID)
        let remembered = extras < 1 << 30
        if remembered, let known = steps[key] {
            let step = stepOutcomes[Int(known)]
            events.setExtrasID(step.extras, at: index)
            current = currents[step.current]
            self.currentID = step.current
            repeats += 1
            return
        }
        let added = derive(canonical, args: events.args(at: index), state: events.state(at: index))
        if !added.isEmpty { events.addState(added, at: index) }
        let after = number(current)
        self.currentID = after
        if remembered {
            steps.insert(key, Int32(stepOutcomes.count))
            stepOutcomes.append((events.extrasID(at: index), after))
        }
        if stepOutcomes.count >= StateDeriver.trialSteps, repeats * 10 < stepOutcomes.count {
            remembers = false
            steps = IdMap()
            stepOutcomes = []
            currents = DictionaryInterner()
        }
    }

    /// Whether steps are remembered (see `apply(to:at:)`), and how often one met again.
    private var remembers = true
    private var repeats = 0
    private static let trialSteps = 4096

    private var current: [String: ArgValue] = [:]
    /// The id of `current` among `currents`; nil when it changed outside `apply(to:at:)`.
    private var currentID: UInt32? = 0
    /// Each distinct set of values so far, by id (0 is none).
    private var currents = DictionaryInterner()
    /// Per kind, extras id and values so far: the step's extras id and values after.
    private var steps = IdMap()
    private var stepOutcomes: [(extras: UInt32, current: UInt32)] = []

    private mutating func number(_ values: [String: ArgValue]) -> UInt32 { currents.id(values) }

    package init() {}

    /// Derives one event's state from the ones before it.
    package mutating func apply(to event: inout TraceEvent) {
        for (key, value) in derive(event.canonical, args: event.args, state: event.state) { event.state[key] = value }
        currentID = nil
    }

    /// The values an event adds to its own `state`, in key order.
    private mutating func derive(
        _ canonical: CanonicalEvent?, args: [String: ArgValue], state: [String: ArgValue]
    ) -> [(String, ArgValue)] {
        for (key, value) in state { current[key] = value }
        var added: [(String, ArgValue)] = []
        for (key, value) in StateDeriver.implied(by: canonical, args: args)
        where state[key] == nil && current[key] != value {
            // `shouldSelect(from:)` tells the value before a switch only while it is unknown.
            if canonical == .shouldSelect, current[key] != nil { continue }
            added.append((key, value))
            current[key] = value
        }
        return added
    }

    /// Whether a call of this kind implies state values by its own arguments.
    package static func implies(_ canonical: CanonicalEvent?) -> Bool {
        canonical == .shouldSelect || canonical == .didSelect || canonical == .setSelected
    }

    /// The state values a call implies by its own arguments, in key order (at most two:
    /// selectedIndex < selectedViewController).
    package static func implied(by canonical: CanonicalEvent?, args: [String: ArgValue]) -> [(String, ArgValue)] {
        var implied: [(String, ArgValue)] = []
        switch canonical {
        case .shouldSelect?:
            if let from = args["from"] { implied.append((selectedViewController, from)) }
        case .didSelect?, .setSelected?:
            if let index = args["index"] ?? args[selectedIndex] { implied.append((selectedIndex, index)) }
            if let to = args["to"] ?? args[selectedViewController] { implied.append((selectedViewController, to)) }
        default:
            break
        }
        return implied
    }

    /// `state` without the values the call's own arguments imply: what it says beyond them.
    package static func unimplied(
        _ state: [String: ArgValue], by canonical: CanonicalEvent?, args: [String: ArgValue]
    ) -> [String: ArgValue] {
        var state = state
        for (key, value) in implied(by: canonical, args: args) where state[key] == value { state[key] = nil }
        return state
    }
}
