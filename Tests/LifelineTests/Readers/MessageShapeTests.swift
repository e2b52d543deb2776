import Testing

@testable import Lifeline

/// Every documented message shape on its own line.
struct MessageShapeTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var line: String
        var object: String
        var event: String
        var args: [String: ArgValue] = [:]
        var testDescription: String { line }
    }

    static let cases: [Case] = [
        Case(line: "-[HomeViewController viewWillAppear:]", object: "HomeViewController#1", event: "viewWillAppear"),
        Case(line: "[HomeViewController viewWillAppear:]", object: "HomeViewController#1", event: "viewWillAppear"),
        Case(line: "+[HomeViewController new]", object: "HomeViewController#1", event: "init"),
        Case(
            line: "(-[X viewDidAppear:]) - Called for object <X: 0x7fe1c0d0b3a0>, animated = YES", object: "X#1",
            event: "viewDidAppear", args: ["animated": .bool(true)]),
        Case(line: "方法:-[TTViewController viewDidAppear:]", object: "TTViewController#1", event: "viewDidAppear"),
        Case(line: "HomeViewController viewWillAppear(_:)", object: "HomeViewController#1", event: "viewWillAppear"),
        Case(line: "HomeViewController.viewWillAppear(_:)", object: "HomeViewController#1", event: "viewWillAppear"),
        Case(line: "HomeViewController.viewDidLoad", object: "HomeViewController#1", event: "viewDidLoad"),
        Case(
            line: "<MyApp.HomeViewController: 0x7f8e0c40a2b0> viewWillAppear(_:)", object: "HomeViewController#1",
            event: "viewWillAppear"),
        Case(line: "<A: 0x6c11b10> viewWillAppear", object: "A#1", event: "viewWillAppear"),
        Case(line: "A: viewWillDisappear", object: "A#1", event: "viewWillDisappear"),
        Case(line: "    B: viewDidLoad()", object: "B#1", event: "viewDidLoad"),
        Case(line: "[FirstVC] viewDidLoad", object: "FirstVC#1", event: "viewDidLoad"),
        Case(line: "vc1 – viewDidLoad", object: "vc1#1", event: "viewDidLoad"),
        Case(line: "vc1 - viewDidLoad", object: "vc1#1", event: "viewDidLoad"),
        Case(line: "vc1 — viewDidLoad", object: "vc1#1", event: "viewDidLoad"),
        Case(line: "viewWillAppear(_:)", object: "?", event: "viewWillAppear"),
        Case(line: "3: A: viewDidAppear", object: "A#1", event: "viewDidAppear"),
        Case(line: "- A: viewDidAppear", object: "A#1", event: "viewDidAppear"),
        Case(line: "• A: viewDidAppear", object: "A#1", event: "viewDidAppear"),
        Case(
            line: "[shouldSelect] from: X, to: Y", object: "UITabBarController#1", event: "shouldSelect",
            args: ["from": .string("X#1"), "to": .string("Y#1")]),
        Case(
            line: "<UINavigationController: 0x7fa4c2008200> willShowViewController <B: 0x7fa4c1e0b5d0>",
            object: "UINavigationController#1", event: "willShow", args: ["to": .string("B#1")]),
        Case(
            line: "A viewWillAppear: animated:YES", object: "A#1", event: "viewWillAppear",
            args: ["animated": .bool(true)]),
        Case(
            line: "A viewWillAppear animated = 1", object: "A#1", event: "viewWillAppear", args: ["animated": .int(1)]),
        Case(
            line: "<A: 0x1> viewWillAppear(_:) true", object: "A#1", event: "viewWillAppear",
            args: ["animated": .bool(true)]),
        Case(line: "A dealloc", object: "A#1", event: "deinit"),
        Case(line: "-[A dealloc]", object: "A#1", event: "deinit"),
        Case(line: "A prepare(for:sender:)", object: "A#1", event: "prepare(for:sender:)"),
        Case(line: "-[A textFieldDidBeginEditing:]", object: "A#1", event: "textFieldDidBeginEditing"),
        Case(
            line: "<C: 0x2> didMove(toParent:) Optional(<P: 0x3>)", object: "C#1", event: "didMoveToParent",
            args: ["parent": .string("P#1")]),
        Case(line: "C didMove(toParent:) nil", object: "C#1", event: "didMoveToParent", args: ["parent": .null]),
        Case(
            line: "-[C willMoveToParentViewController:] (null)", object: "C#1", event: "willMoveToParent",
            args: ["parent": .null]),
        Case(
            line: "-[P addChildViewController:] <C: 0x9>", object: "P#1", event: "addChild",
            args: ["child": .string("C#1")]),
        Case(
            line: "C beginAppearanceTransition(true, animated: false)", object: "C#1",
            event: "beginAppearanceTransition",
            args: ["isAppearing": .bool(true), "animated": .bool(false)]),
        Case(line: "C endAppearanceTransition()", object: "C#1", event: "endAppearanceTransition"),
        Case(
            line: "-[AppDelegate tabBarController:shouldSelectViewController:] <B: 0x1>", object: "AppDelegate#1",
            event: "shouldSelect", args: ["to": .string("B#1")]),
        Case(
            line: "P transition(from:to:duration:options:animations:completion:) vc1, vc2", object: "P#1",
            event: "transition",
            args: ["from": .string("vc1#1"), "to": .string("vc2#1")]),
        Case(
            line: "Tabs.selectedIndex = 2", object: "Tabs#1", event: "setSelected", args: ["index": .int(2)]),
        Case(line: "A viewIsAppearing(_:)", object: "A#1", event: "viewIsAppearing"),
        Case(line: "A viewWillLayoutSubviews()", object: "A#1", event: "viewWillLayoutSubviews"),
        Case(
            line: "<A: 0x1> present(_:animated:completion:) <B: 0x2>", object: "A#1", event: "present",
            args: ["to": .string("B#1")]),
        Case(line: "B dismiss(animated:completion:)", object: "B#1", event: "dismiss"),
        Case(
            line: "-[UINavigationController pushViewController:animated:] <B: 0x2>", object: "UINavigationController#1",
            event: "push",
            args: ["to": .string("B#1")]),
    ]

    @Test(arguments: cases)
    func readsShape(_ c: Case) throws {
        let trace = try Fixture.trace(c.line + "\n")
        #expect(trace.diagnostics.isEmpty, "\(trace.diagnostics)")
        let event = try #require(trace.events.first)
        #expect(trace.events.count == 1)
        #expect(event.object == c.object)
        #expect(event.event == c.event)
        for (key, value) in c.args {
            #expect(event.args[key] == value, "arg \(key) in \(event.args)")
        }
    }

    static let prefixes = [
        "2013-06-18 21:30:00.447 App[123:4567] ",
        "2021-02-20 16:48:20.967536+0800 App[123:4567] ",
        "App[123:4567] ",
        "",
        "   ",
        "2021-02-20 16:48:20.967536+0800 My App[123:4567] ",
        "2021-02-20 16:48:20.967536+0800 App[123:0x1a2b] ",
    ]

    @Test(arguments: prefixes)
    func readsPrefix(_ prefix: String) throws {
        let trace = try Fixture.trace(
            prefix + "-[HomeViewController viewWillAppear:]  \r\n" + prefix + "A: viewDidAppear\r\n")
        #expect(trace.diagnostics.isEmpty, "\(trace.diagnostics)")
        #expect(trace.events.map(\.event) == ["viewWillAppear", "viewDidAppear"])
        if prefix.contains("[") { #expect(trace.events[0].thread != nil) }
    }

    @Test func timesAreRelativeAndHonourZones() throws {
        let trace = try Fixture.trace(
            """
            2021-02-20 16:48:20.967536+0800 App[1:2] A: viewWillAppear
            2021-02-20 09:48:21.000000+0100 App[1:2] A: viewDidAppear
            2013-06-18 21:30:00.447 App[1:2] A: viewWillDisappear
            """)
        #expect(trace.events[0].time == 0)
        #expect(abs(trace.events[1].time! - 0.032464) < 1e-6)
        #expect(trace.events[2].time! < 0)
    }

    @Test func millisecondsAfterAColonAreATimestamp() throws {
        let trace = try Fixture.trace(
            """
            2016-03-06 16:12:29:263 App[1105:60b] Logging: HomeViewController viewDidLoad
            2016-03-06 16:12:31:438 App[1105:60b] Logging: HomeViewController viewDidAppear:
            """)
        #expect(trace.diagnostics.isEmpty, "\(trace.diagnostics)")
        #expect(trace.events.map(\.object) == ["HomeViewController#1", "HomeViewController#1"])
        #expect(abs(trace.events[1].time! - 2.175) < 1e-6)
        #expect(trace.events[1].thread == "60b")
    }

    @Test func separatorsAndBlankLinesAreSkippedSilently() throws {
        let trace = try Fixture.trace("--------PUSH--------\n\n   \nA: viewDidLoad\n========\n// comment\n")
        #expect(trace.diagnostics.isEmpty)
        #expect(trace.events.count == 1)
    }

    @Test func uikitWarningsBecomeFindingsNotEvents() throws {
        let trace = try Fixture.trace(
            """
            A: viewWillAppear
            2021-02-20 16:48:20.967536+0800 App[1:2] Unbalanced calls to begin/end appearance transitions for <MyApp.A: 0x7f8e0c40a2b0>.
            """)
        #expect(trace.events.count == 1)
        #expect(trace.diagnostics.isEmpty)
        #expect(trace.findings.count == 1)
        #expect(trace.findings[0].location?.line == 2)
        #expect(trace.findings[0].message.contains("Unbalanced calls"))
    }

    @Test func unknownLinesAreWarningsWithFileAndLine() throws {
        let trace = try Fixture.trace(
            "A: viewWillAppear\nLoading the feed took 3 ms\nA: viewDidAppear\n", name: "app.log")
        #expect(trace.events.count == 2)
        #expect(trace.diagnostics.count == 1)
        #expect(trace.diagnostics[0].description.hasPrefix("app.log:2: warning: [unparsed-line]"))
    }

    @Test func addressesBecomeStableOrdinals() throws {
        let run1 = try Fixture.trace(
            "<M.A: 0x1> viewDidLoad\n<M.A: 0x2> viewDidLoad\n<M.A: 0x1> viewWillAppear\n<M.A: 0x2> deinit\n<M.A: 0x2> viewDidLoad\n"
        )
        let run2 = try Fixture.trace(
            "<M.A: 0xaaa> viewDidLoad\n<M.A: 0xbbb> viewDidLoad\n<M.A: 0xaaa> viewWillAppear\n<M.A: 0xbbb> deinit\n<M.A: 0xbbb> viewDidLoad\n"
        )
        #expect(run1.events.map(\.object) == ["A#1", "A#2", "A#1", "A#2", "A#3"])
        #expect(run2.events.map(\.object) == run1.events.map(\.object))
    }

    @Test func anAddressJoinsTheInstanceFirstSeenWithout() throws {
        let trace = try Fixture.trace(
            "-[B viewDidLoad]\n<B: 0x00007f8e0c40a2b0> viewWillAppear\n<B: 0x7f8e0c40a2b0> viewDidAppear\n")
        #expect(trace.events.map(\.object) == ["B#1", "B#1", "B#1"])
        #expect(trace.events[2].address == "0x7f8e0c40a2b0")
    }
}
