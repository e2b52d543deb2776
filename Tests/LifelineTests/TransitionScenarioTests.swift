import Testing

@testable import Lifeline

/// A small model of UIKit's documented callback orders writes random sessions of pushes, pops,
/// cancelled interactive pops, full-screen and page-sheet presents and dismisses, and tab
/// switches, each with the transition it is, in several log styles, with the container's
/// delegate and API calls logged or not. Every session is read back and must give exactly its
/// transitions, named as the model says.
@Suite struct TransitionScenarioTests {
    /// A seeded generator, so a failing session can be replayed.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Style: CaseIterable { case nslog, printSelf, roles, native }

    /// One session: its log and the kind of each transition in it.
    struct Session {
        var lines: [String] = []
        var kinds: [Transition.Kind] = []
    }

    struct Model {
        var rng: SplitMix
        let style: Style
        let delegates: Bool
        var session = Session()
        var count = 0
        var tabs: [[String]] = []
        var selected = 0
        var modal: (name: String, sheet: Bool)? = nil
        /// Controllers that have appeared: a tab switch to one of them is told by its order.
        var shown: Set<String> = []

        init(seed: UInt64, style: Style, delegates: Bool) {
            rng = SplitMix(state: seed)
            self.style = style
            self.delegates = delegates
        }

        mutating func new() -> String {
            count += 1
            return "Screen\(count)"
        }

        mutating func call(_ name: String, _ event: String) {
            switch style {
            case .nslog: session.lines.append("2024-01-01 10:00:00.000 App[1:2] -[\(name)ViewController \(event):]")
            case .printSelf: session.lines.append("<App.\(name)ViewController: 0x7f00\(address(name))> \(event)(_:)")
            case .roles: session.lines.append("\(name): \(event)")
            case .native: native(name + "ViewController#1", event == "dealloc" ? "deinit" : event)
            }
            if event == "viewDidAppear" { shown.insert(name) }
        }

        func address(_ name: String) -> String { String(Int(name.dropFirst(6))! * 16, radix: 16) }

        func object(_ name: String) -> String {
            switch style {
            case .nslog, .printSelf: return "<App.\(name)ViewController: 0x7f00\(address(name))>"
            case .roles, .native: return name
            }
        }

        /// A native JSON Lines event.
        mutating func native(_ object: String, _ event: String, _ args: [(String, String)] = []) {
            let list = args.map { "\"\($0.0)\":\"\($0.1)ViewController#1\"" }.joined(separator: ",")
            session.lines.append(
                "{\"seq\":\(session.lines.count + 1),\"object\":\"\(object)\",\"event\":\"\(event)\"" + (list.isEmpty ? "" : ",\"args\":{\(list)}") + "}")
        }

        /// A container's call, logged only with `delegates`: `[present] to: X` and the like,
        /// or a native event of the container.
        mutating func container(_ event: String, _ args: [(String, String)], container: String) {
            guard delegates else { return }
            if style == .native { return native(container, event, args) }
            session.lines.append("[\(event)] " + args.map { "\($0.0): \(object($0.1))" }.joined(separator: ", "))
        }

        /// The navigation delegate's `willShow`/`didShow`.
        mutating func show(_ name: String, _ event: String) {
            guard delegates else { return }
            switch style {
            case .roles, .native: container(event, [("to", name)], container: "UINavigationController#1")
            default: session.lines.append("<UINavigationController: 0x7f000001> \(event)ViewController \(object(name))")
            }
        }

        mutating func load(_ name: String) {
            switch style {
            case .nslog: session.lines.append("2024-01-01 10:00:00.000 App[1:2] -[\(name)ViewController viewDidLoad]")
            case .printSelf: session.lines.append("<App.\(name)ViewController: 0x7f00\(address(name))> viewDidLoad()")
            case .roles: session.lines.append("\(name): viewDidLoad")
            case .native: native(name + "ViewController#1", "viewDidLoad")
            }
        }

        var top: String { modal?.name ?? tabs[selected].last! }

        mutating func launch() {
            tabs = [[new()], [new()]]
            load(tabs[0][0])
            call(tabs[0][0], "viewWillAppear")
            call(tabs[0][0], "viewDidAppear")
            session.kinds.append(.appearanceChange)
        }

        mutating func step() {
            var choices: [Int] = []
            if modal == nil { choices += [0, 0, 2, 3, 5] }
            if modal == nil, tabs[selected].count > 1 { choices += [1, 1, 4] }
            if modal != nil { choices += [6, 6] }
            switch choices.randomElement(using: &rng)! {
            case 0: push()
            case 1: pop()
            case 2: present(sheet: false)
            case 3: present(sheet: true)
            case 4: cancelledPop()
            case 5: tabSwitch()
            default: dismiss()
            }
        }

        mutating func push() {
            let a = top, b = new()
            load(b)
            show(b, "willShow")
            call(a, "viewWillDisappear")
            call(b, "viewWillAppear")
            call(a, "viewDidDisappear")
            call(b, "viewDidAppear")
            show(b, "didShow")
            tabs[selected].append(b)
            session.kinds.append(delegates ? .push : .pushByOrder)
        }

        mutating func pop() {
            let b = tabs[selected].removeLast(), a = tabs[selected].last!
            show(a, "willShow")
            call(b, "viewWillDisappear")
            call(a, "viewWillAppear")
            call(b, "viewDidDisappear")
            call(a, "viewDidAppear")
            show(a, "didShow")
            call(b, "dealloc")
            session.kinds.append(delegates ? .pop : .popOrTabByOrder)
        }

        mutating func cancelledPop() {
            let b = tabs[selected].last!, a = tabs[selected][tabs[selected].count - 2]
            show(a, "willShow")
            call(b, "viewWillDisappear")
            call(a, "viewWillAppear")
            call(a, "viewWillDisappear")
            call(a, "viewDidDisappear")
            call(b, "viewWillAppear")
            call(b, "viewDidAppear")
            session.kinds.append(.cancelledInteractivePop)
        }

        mutating func present(sheet: Bool) {
            let a = top, b = new()
            load(b)
            container("present", [("to", b)], container: "\(a)ViewController#1")
            if !sheet { call(a, "viewWillDisappear") }
            call(b, "viewWillAppear")
            call(b, "viewDidAppear")
            if !sheet { call(a, "viewDidDisappear") }
            modal = (b, sheet)
            session.kinds.append(delegates ? .present : sheet ? .sheetPresentByOrder : .presentByOrder)
        }

        mutating func dismiss() {
            let (b, sheet) = modal!
            modal = nil
            let a = top
            container("dismiss", [("from", b)], container: "\(a)ViewController#1")
            call(b, "viewWillDisappear")
            if !sheet {
                call(a, "viewWillAppear")
                call(a, "viewDidAppear")
            }
            call(b, "viewDidDisappear")
            call(b, "dealloc")
            session.kinds.append(delegates ? .dismiss : sheet ? .sheetDismissByOrder : .dismissByOrder)
        }

        /// With the delegate logged, either documented order of the will-calls; without it, the
        /// order that tells a tab switch from a push (the arriving controller's viewWillAppear
        /// first): the other is the same as a push's, and the name says so.
        mutating func tabSwitch() {
            let a = top
            selected = 1 - selected
            let b = top
            let firstTime = !shown.contains(b)
            if firstTime { load(b) }
            container("shouldSelect", [("from", a), ("to", b)], container: "UITabBarController#1")
            let newFirst = !delegates || Bool.random(using: &rng)
            if newFirst {
                call(b, "viewWillAppear")
                call(a, "viewWillDisappear")
            } else {
                call(a, "viewWillDisappear")
                call(b, "viewWillAppear")
            }
            call(a, "viewDidDisappear")
            call(b, "viewDidAppear")
            container("didSelect", [("to", b)], container: "UITabBarController#1")
            session.kinds.append(delegates ? .tabSwitch : .tabSwitchByOrder)
        }
    }

    static func session(seed: UInt64) -> (Session, Style, Bool) {
        var pick = SplitMix(state: seed &* 31)
        let style = Style.allCases.randomElement(using: &pick)!
        let delegates = Bool.random(using: &pick)
        var model = Model(seed: seed, style: style, delegates: delegates)
        model.launch()
        for _ in 0..<Int.random(in: 2...10, using: &pick) { model.step() }
        return (model.session, style, delegates)
    }

    @Test func everySessionIsReadBackWithItsTransitions() throws {
        var failures: [String] = []
        for seed in 1...2000 as ClosedRange<UInt64> {
            let (session, style, delegates) = Self.session(seed: seed)
            let trace = try Fixture.trace(session.lines.joined(separator: "\n") + "\n")
            let kinds = TransitionDetector.detect(trace).map(\.kind)
            if kinds != session.kinds {
                failures.append("seed \(seed) (\(style), delegates \(delegates)): want \(session.kinds.map(\.rawValue)), got \(kinds.map(\.rawValue))")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 2000 sessions:\n\(failures.prefix(5).joined(separator: "\n"))")
    }
}

@Suite struct LoadBeforeTransitionTests {
    @Test func aPushedControllersViewDidLoadBelongsToItsPush() throws {
        let log = "A viewWillAppear\nA viewDidAppear\nB viewDidLoad\nA viewWillDisappear\nB viewWillAppear\nA viewDidDisappear\nB viewDidAppear\n"
        let transitions = TransitionDetector.detect(try Fixture.trace(log))
        #expect(transitions.map(\.range) == [0...1, 2...6])
        #expect(transitions.last?.kind == .pushByOrder)
    }
}
