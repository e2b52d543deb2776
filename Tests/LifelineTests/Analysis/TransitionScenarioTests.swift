import Testing

@testable import Lifeline

/// A small model of UIKit's documented callback orders writes random sessions of pushes, pops,
/// pops to root, cancelled interactive pops, full-screen and page-sheet presents and
/// dismisses, tab switches, and children added, removed and swapped (appearance calls are
/// forwarded to children), each with the transition it is, in several log styles, with the
/// container's delegate and API calls logged or not. Every session is read back and must give
/// exactly its transitions, named as the model says, with their leaving and arriving screens,
/// when the navigation stack's top changed, and who contains whom at the end.
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

    /// One transition as the model made it: its kind and the screens that left and came.
    struct Expected: Equatable, CustomStringConvertible {
        var kind: Transition.Kind
        var from: [String]
        var to: [String]
        /// When the navigation stack's top changed, for a push or pop with the delegate logged.
        var top: String? = nil
        var description: String {
            "\(kind.rawValue): \(from.joined(separator: ",")) → \(to.joined(separator: ","))"
                + (top.map { " (top \($0))" } ?? "")
        }
    }

    /// One session: its log, its transitions, and which screen contains which at its end.
    struct Session {
        var lines: [String] = []
        var expected: [Expected] = []
        var children: [String: String] = [:]
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
        /// Per parent, the children shown in it, in the order they were added.
        var children: [String: [String]] = [:]
        var gone: Set<String> = []
        /// Whether the navigation controller's own push and pop calls are logged.
        let logsStackCalls: Bool
        /// Whether each tab's root is a navigation controller, which the tab bar's delegate
        /// names and whose delegate shows the tab's first screen.
        let navigationRoots: Bool

        init(seed: UInt64, style: Style, delegates: Bool) {
            rng = SplitMix(state: seed)
            self.style = style
            self.delegates = delegates
            logsStackCalls = seed % 3 == 0
            navigationRoots = seed % 5 < 2
        }

        mutating func new() -> String {
            count += 1
            return "Screen\(count)"
        }

        /// An appearance or load call of `name`; UIKit forwards appearance calls to the
        /// controller's children, which log theirs after it.
        mutating func call(_ name: String, _ event: String) {
            switch style {
            case .nslog: session.lines.append("2024-01-01 10:00:00.000 App[1:2] -[\(name)ViewController \(event):]")
            case .printSelf: session.lines.append("<App.\(name)ViewController: 0x7f00\(address(name))> \(event)(_:)")
            case .roles: session.lines.append("\(name): \(event)")
            case .native: native(name + "ViewController#1", event == "dealloc" ? "deinit" : event)
            }
            if event == "viewDidAppear" { shown.insert(name) }
            if event == "dealloc" {
                gone.insert(name)
                return
            }
            for child in children[name] ?? [] { call(child, event) }
        }

        /// Every controller that leaves or comes with `name`: itself and its children.
        func withChildren(_ name: String) -> [String] {
            [name] + (children[name] ?? []).flatMap { withChildren($0) }
        }

        func address(_ name: String) -> String { String(Int(name.dropFirst(6))! * 16, radix: 16) }

        func object(_ name: String) -> String {
            if name.hasPrefix("Nav") {
                switch style {
                case .nslog, .printSelf: return "<UINavigationController: 0x7f00000\(name.dropFirst(3))>"
                case .roles: return name
                case .native: return "UINavigationController#\(name.dropFirst(3))"
                }
            }
            switch style {
            case .nslog, .printSelf: return "<App.\(name)ViewController: 0x7f00\(address(name))>"
            case .roles, .native: return name
            }
        }

        /// A native JSON Lines event.
        mutating func native(_ object: String, _ event: String, _ args: [(String, String)] = []) {
            let list = args.map { "\"\($0.0)\":" + ($0.1 == "nil" ? "null" : "\"\(nativeName($0.1))\"") }.joined(
                separator: ",")
            session.lines.append(
                "{\"seq\":\(session.lines.count + 1),\"object\":\"\(object)\",\"event\":\"\(event)\""
                    + (list.isEmpty ? "" : ",\"args\":{\(list)}") + "}")
        }

        func nativeName(_ name: String) -> String { name.hasPrefix("Nav") ? object(name) : name + "ViewController#1" }

        /// What the tab bar's delegate names for tab `k`: its navigation controller or its screen.
        func tabRoot(_ k: Int) -> String { navigationRoots ? "Nav\(k + 1)" : tabs[k][0] }

        /// A container's call, logged only with `delegates`: `[present] to: X` and the like,
        /// or a native event of the container.
        mutating func container(_ event: String, _ args: [(String, String)], container: String) {
            guard delegates else { return }
            if style == .native { return native(container, event, args) }
            session.lines.append("[\(event)] " + args.map { "\($0.0): \(object($0.1))" }.joined(separator: ", "))
        }

        /// The navigation delegate's `willShow`/`didShow`, from the selected tab's navigation
        /// controller.
        mutating func show(_ name: String, _ event: String) {
            guard delegates else { return }
            switch style {
            case .roles, .native: container(event, [("to", name)], container: "UINavigationController#\(selected + 1)")
            default:
                session.lines.append(
                    "<UINavigationController: 0x7f00000\(selected + 1)> \(event)ViewController \(object(name))")
            }
        }

        /// The navigation controller's own call (`pushViewController(_:animated:)`,
        /// `popViewController(animated:)`, `popToRootViewController(animated:)`), logged in
        /// some sessions with the delegate.
        mutating func stackCall(_ signature: String, _ selector: String, _ pushed: String?) {
            guard delegates, logsStackCalls else { return }
            let nav = "UINavigationController#\(selected + 1)"
            switch style {
            case .nslog:
                session.lines.append(
                    "2024-01-01 10:00:00.000 App[1:2] -[UINavigationController \(selector)] "
                        + (pushed.map(object) ?? "YES"))
            case .printSelf:
                session.lines.append(
                    "<UINavigationController: 0x7f00000\(selected + 1)> \(signature) "
                        + (pushed.map { object($0) + " true" } ?? "true"))
            case .roles: session.lines.append("Navigation: \(signature) " + (pushed ?? "true"))
            case .native: native(nav, pushed == nil ? "pop" : "push", pushed.map { [("to", $0)] } ?? [])
            }
        }

        /// A containment call of `child`, always logged (apps override these), with its parent
        /// or nil.
        mutating func move(_ child: String, _ event: String, parent: String?) {
            switch style {
            case .nslog:
                let selector =
                    event == "willMove" ? "willMoveToParentViewController:" : "didMoveToParentViewController:"
                session.lines.append(
                    "2024-01-01 10:00:00.000 App[1:2] -[\(child)ViewController \(selector)] \(parent.map(object) ?? "(null)")"
                )
            case .printSelf: session.lines.append("\(object(child)) \(event)(toParent:) \(parent.map(object) ?? "nil")")
            case .roles: session.lines.append("\(child): \(event)(toParent: \(parent ?? "nil"))")
            case .native:
                native(
                    child + "ViewController#1", event == "willMove" ? "willMoveToParent" : "didMoveToParent",
                    [("parent", parent ?? "nil")])
            }
        }

        /// `addChild` on the parent, `removeFromParent` on the child, `transition(from:to:…)` on
        /// the parent: the container's own calls, logged by the parent's class.
        mutating func containment(_ owner: String, _ event: String, _ args: [(String, String)]) {
            switch style {
            case .nslog:
                let selector = [
                    "addChild": "addChildViewController:", "removeFromParent": "removeFromParentViewController",
                    "transition":
                        "transitionFromViewController:toViewController:duration:options:animations:completion:",
                ][event]!
                let list = args.map { " " + object($0.1) }.joined()
                session.lines.append("2024-01-01 10:00:00.000 App[1:2] -[\(owner)ViewController \(selector)]\(list)")
            case .printSelf:
                let signature = [
                    "addChild": "addChild(_:)", "removeFromParent": "removeFromParent()",
                    "transition": "transition(from:to:duration:options:animations:completion:)",
                ][event]!
                session.lines.append("\(object(owner)) \(signature)" + args.map { " " + object($0.1) }.joined())
            case .roles:
                session.lines.append(
                    "\(owner): \(event)(" + args.map { "\($0.0): \($0.1)" }.joined(separator: ", ") + ")")
            case .native: native(owner + "ViewController#1", event, args)
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

        mutating func expect(_ kind: Transition.Kind, _ from: [String], _ to: [String]) {
            // The stack's top is set at the logged push or pop call, else seen at `willShow`;
            // both before the will-calls.
            let top =
                delegates && (kind == .push || kind == .pop)
                ? (logsStackCalls ? "set" : "seen at willShow") + " before the will-calls" : nil
            session.expected.append(Expected(kind: kind, from: from, to: to, top: top))
        }

        /// The first screen: a navigation root is shown by its navigation controller's delegate,
        /// which pushes nothing.
        mutating func launch() {
            tabs = [[new()], [new()]]
            load(tabs[0][0])
            if navigationRoots { show(tabs[0][0], "willShow") }
            call(tabs[0][0], "viewWillAppear")
            call(tabs[0][0], "viewDidAppear")
            if navigationRoots { show(tabs[0][0], "didShow") }
            expect(.appearanceChange, [], [tabs[0][0]])
        }

        mutating func step() {
            var choices: [Int] = []
            if modal == nil { choices += [0, 0, 2, 3, 5, 8] }
            if modal == nil, tabs[selected].count > 1 { choices += [1, 1, 4] }
            if modal == nil, tabs[selected].count > 2 { choices += [7] }
            if modal == nil, !(children[top] ?? []).isEmpty { choices += [9, 10] }
            if modal != nil { choices += [6, 6] }
            switch choices.randomElement(using: &rng)! {
            case 0: push()
            case 1: pop()
            case 2: present(sheet: false)
            case 3: present(sheet: true)
            case 4: cancelledPop()
            case 5: tabSwitch()
            case 7: popToRoot()
            case 8: addChild()
            case 9: removeChild()
            case 10: swapChild()
            default: dismiss()
            }
        }

        mutating func push() {
            let a = top, b = new()
            stackCall("pushViewController(_:animated:)", "pushViewController:animated:", b)
            load(b)
            show(b, "willShow")
            call(a, "viewWillDisappear")
            call(b, "viewWillAppear")
            call(a, "viewDidDisappear")
            call(b, "viewDidAppear")
            show(b, "didShow")
            tabs[selected].append(b)
            expect(delegates ? .push : .pushByOrder, withChildren(a), [b])
        }

        mutating func pop() {
            let stack = tabs[selected]
            tabs[selected].removeLast()
            popBack(stack, to: stack.count - 2, "popViewController(animated:)", "popViewControllerAnimated:")
        }

        /// Back to the root past every controller between: only the top and the root get
        /// appearance calls; all the popped ones go.
        mutating func popToRoot() {
            let stack = tabs[selected]
            tabs[selected] = [stack[0]]
            popBack(stack, to: 0, "popToRootViewController(animated:)", "popToRootViewControllerAnimated:")
        }

        /// The calls of a pop from the top of `stack` back to position `k`: the navigation
        /// controller's call and delegate (when logged), the two controllers' appearance calls,
        /// then every popped controller goes.
        mutating func popBack(_ stack: [String], to k: Int, _ signature: String, _ selector: String) {
            let b = stack.last!, a = stack[k]
            let leaving = withChildren(b)
            stackCall(signature, selector, nil)
            show(a, "willShow")
            call(b, "viewWillDisappear")
            call(a, "viewWillAppear")
            call(b, "viewDidDisappear")
            call(a, "viewDidAppear")
            show(a, "didShow")
            for popped in stack[(k + 1)...].reversed() { dealloc(popped) }
            // The leaving controller released right after it left tells the pop from a tab switch.
            expect(delegates ? .pop : .popByOrder, leaving, withChildren(a))
        }

        /// A controller and its children go: they log `dealloc`; a parent's children are not
        /// told they move.
        mutating func dealloc(_ name: String) {
            for child in children[name] ?? [] { dealloc(child) }
            children[name] = nil
            call(name, "dealloc")
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
            expect(.cancelledInteractivePop, withChildren(a), withChildren(b))
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
            expect(
                delegates ? .present : sheet ? .sheetPresentByOrder : .presentByOrder, sheet ? [] : withChildren(a), [b]
            )
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
            dealloc(b)
            expect(
                delegates ? .dismiss : sheet ? .sheetDismissByOrder : .dismissByOrder, [b], sheet ? [] : withChildren(a)
            )
        }

        /// With the delegate logged, either documented order of the will-calls; without it, the
        /// order that tells a tab switch from a push (the arriving controller's viewWillAppear
        /// first): the other is the same as a push's, and the name says so.
        mutating func tabSwitch() {
            let a = top
            selected = 1 - selected
            let b = top
            let firstTime = !shown.contains(b)
            container(
                "shouldSelect", [("from", tabRoot(1 - selected)), ("to", tabRoot(selected))],
                container: "UITabBarController#1")
            if firstTime { load(b) }
            // A navigation root's first appearance comes with its navigation controller's willShow.
            let showsRoot = firstTime && navigationRoots
            if showsRoot { show(b, "willShow") }
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
            if showsRoot { show(b, "didShow") }
            container("didSelect", [("to", tabRoot(selected))], container: "UITabBarController#1")
            // The arriving side is listed in the order of its first call.
            let gone = withChildren(a), came = withChildren(b)
            expect(delegates ? .tabSwitch : .tabSwitchByOrder, gone, came)
        }

        /// A child added to the screen on top and shown in it: `addChild` (which sends
        /// `willMove(toParent:)`), the child's view loads and appears, then `didMove(toParent:)`.
        mutating func addChild() {
            let parent = top, child = new()
            containment(parent, "addChild", [("child", child)])
            move(child, "willMove", parent: parent)
            load(child)
            call(child, "viewWillAppear")
            call(child, "viewDidAppear")
            move(child, "didMove", parent: parent)
            children[parent, default: []].append(child)
            expect(.containmentChange, [], [child])
        }

        /// The newest child hidden and removed: `willMove(toParent: nil)`, its view disappears,
        /// `removeFromParent` (which sends `didMove(toParent: nil)`).
        mutating func removeChild() {
            let parent = top
            let child = children[parent]!.removeLast()
            let leaving = withChildren(child)
            move(child, "willMove", parent: nil)
            call(child, "viewWillDisappear")
            call(child, "viewDidDisappear")
            containment(child, "removeFromParent", [])
            move(child, "didMove", parent: nil)
            dealloc(child)
            expect(.containmentChange, leaving, [])
        }

        /// The newest child replaced by a new one with `transition(from:to:…)` (logged with
        /// `delegates`): the new child's calls first, as UIKit's transition makes them.
        mutating func swapChild() {
            let parent = top
            let old = children[parent]!.removeLast(), new = new()
            let leaving = withChildren(old)
            move(old, "willMove", parent: nil)
            containment(parent, "addChild", [("child", new)])
            move(new, "willMove", parent: parent)
            if delegates { containment(parent, "transition", [("from", old), ("to", new)]) }
            load(new)
            call(new, "viewWillAppear")
            call(old, "viewWillDisappear")
            call(new, "viewDidAppear")
            call(old, "viewDidDisappear")
            containment(old, "removeFromParent", [])
            move(old, "didMove", parent: nil)
            move(new, "didMove", parent: parent)
            children[parent, default: []].append(new)
            dealloc(old)
            expect(delegates ? .childTransition : .containmentChange, leaving, [new])
        }

        /// Who contains whom at the end, among the controllers still alive.
        func finish() -> Session {
            var session = self.session
            for (parent, list) in children where !gone.contains(parent) {
                for child in list { session.children[child] = parent }
            }
            return session
        }
    }

    static func session(seed: UInt64) -> (Session, Style, Bool) {
        var pick = SplitMix(state: seed &* 31)
        let style = Style.allCases.randomElement(using: &pick)!
        let delegates = Bool.random(using: &pick)
        var model = Model(seed: seed, style: style, delegates: delegates)
        model.launch()
        for _ in 0..<Int.random(in: 2...10, using: &pick) { model.step() }
        return (model.finish(), style, delegates)
    }

    /// `Screen12` from any spelling of its object: `Screen12ViewController#1`, `Screen12`.
    static func screen(_ id: String) -> String? {
        guard let r = id.range(of: "Screen") else { return nil }
        let digits = id[r.upperBound...].prefix { $0.isNumber }
        return digits.isEmpty ? nil : "Screen" + digits
    }

    /// What a session reads back as: its transitions, and who contains whom at its end.
    static func readBack(_ session: Session) throws -> ([Expected], [String: String]) {
        let trace = try Fixture.trace(session.lines.joined(separator: "\n") + "\n")
        let found = TransitionDetector.detect(trace).map { t in
            Expected(
                kind: t.kind, from: t.disappearing.compactMap(screen), to: t.appearing.compactMap(screen),
                top: t.stackTopChange.map { (t.stackTopSeenAtWillShow ? "seen at willShow " : "set ") + $0.phrase })
        }
        var children: [String: String] = [:]
        for edge in Hierarchy(trace).edges(at: trace.events.count) where edge.relation == .child {
            if let child = screen(edge.child), let parent = screen(edge.parent) { children[child] = parent }
        }
        return (found, children)
    }

    @Test func everySessionIsReadBackWithItsTransitions() throws {
        var failures: [String] = []
        for seed in 1...2000 as ClosedRange<UInt64> {
            let (session, style, delegates) = Self.session(seed: seed)
            let (found, children) = try Self.readBack(session)
            if found != session.expected {
                failures.append(
                    "seed \(seed) (\(style), delegates \(delegates)): want \(session.expected), got \(found)")
            } else if children != session.children {
                failures.append(
                    "seed \(seed) (\(style), delegates \(delegates)): children want \(session.children), got \(children)"
                )
            }
        }
        #expect(failures.isEmpty, "\(failures.count) of 2000 sessions:\n\(failures.prefix(5).joined(separator: "\n"))")
    }
}

@Suite struct StackReplacementTests {
    /// `setViewControllers(_:animated:)` opens the transition it causes and sets the stack's
    /// top; the delegate's `willShow` of a controller not shown before names it a push.
    @Test func setViewControllersIsOneTransition() throws {
        let log = """
            A: viewDidLoad
            A: viewWillAppear
            A: viewDidAppear
            Navigation: setViewControllers(_:animated:) [A, C] true
            C: viewDidLoad
            [willShow] to: C
            A: viewWillDisappear
            C: viewWillAppear
            A: viewDidDisappear
            C: viewDidAppear
            [didShow] to: C

            """
        let transitions = TransitionDetector.detect(try Fixture.trace(log))
        #expect(transitions.map(\.range) == [0...2, 3...10])
        #expect(transitions.last?.kind == .push)
        #expect(transitions.last?.stackTopChange == .beforeWillCalls)
        #expect(transitions.last?.stackTopSeenAtWillShow == false)
    }
}

@Suite struct LoadBeforeTransitionTests {
    @Test func aPushedControllersViewDidLoadBelongsToItsPush() throws {
        let log =
            "A viewWillAppear\nA viewDidAppear\nB viewDidLoad\nA viewWillDisappear\nB viewWillAppear\nA viewDidDisappear\nB viewDidAppear\n"
        let transitions = TransitionDetector.detect(try Fixture.trace(log))
        #expect(transitions.map(\.range) == [0...1, 2...6])
        #expect(transitions.last?.kind == .pushByOrder)
    }
}
