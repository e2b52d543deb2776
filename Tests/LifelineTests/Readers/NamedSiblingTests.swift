import Testing

@testable import Lifeline

/// Several controllers of one class logged by name alone: a call the latest cannot take goes
/// to the oldest whose state awaits it.
@Suite struct NamedSiblingTests {
    func objects(_ trace: Trace) -> [String] {
        (0..<trace.events.count).map { trace.events[$0].object }
    }

    /// A second tab of one class: the first, on screen, is the one that disappears.
    @Test func aSecondTabOfOneClassCoversTheFirst() throws {
        let log = """
            ListVC viewDidLoad
            ListVC viewWillAppear
            ListVC viewDidAppear
            ListVC viewDidLoad
            ListVC viewWillDisappear
            ListVC viewWillAppear
            ListVC viewDidDisappear
            ListVC viewDidAppear

            """
        let trace = try Fixture.trace(log)
        #expect(
            objects(trace) == [
                "ListVC#1", "ListVC#1", "ListVC#1", "ListVC#2", "ListVC#1", "ListVC#2", "ListVC#1", "ListVC#2",
            ])
        #expect(Linter().run(trace).isEmpty)
    }

    /// One screen pushed twice over itself: each push covers the one before.
    @Test func aScreenPushedOverItselfCoversTheOneBefore() throws {
        let push =
            "Feed viewDidLoad\nFeed viewWillDisappear\nFeed viewWillAppear\nFeed viewDidDisappear\nFeed viewDidAppear\n"
        let trace = try Fixture.trace("Feed viewDidLoad\nFeed viewWillAppear\nFeed viewDidAppear\n" + push + push)
        let ids = [1, 1, 1, 2, 1, 2, 1, 2, 3, 2, 3, 2, 3].map { "Feed#\($0)" }
        #expect(objects(trace) == ids)
        #expect(Linter().run(trace).isEmpty)
    }

    /// Children of one class added in a row: the latest appears, then the others in turn.
    @Test func childrenOfOneClassAppearInTurn() throws {
        let added = (0..<3).map { _ in "Child viewDidLoad\nChild viewWillAppear\n" }.joined()
        let trace = try Fixture.trace(
            added + "Child viewDidLayoutSubviews\nChild viewDidAppear\nChild viewDidAppear\nChild viewDidAppear\n")
        #expect(objects(trace).suffix(4) == ["Child#3", "Child#3", "Child#1", "Child#2"])
        #expect(Linter().run(trace).isEmpty)
    }

    /// A call the latest can take stays its own: a cancelled transition, and a second
    /// `viewWillAppear`, which is a finding.
    @Test func aCallTheLatestCanTakeStaysItsOwn() throws {
        let log = """
            Page viewDidLoad
            Page viewWillAppear
            Page viewDidAppear
            Page viewDidLoad
            Page viewWillAppear
            Page viewWillAppear

            """
        let trace = try Fixture.trace(log)
        #expect(objects(trace) == ["Page#1", "Page#1", "Page#1", "Page#2", "Page#2", "Page#2"])
        #expect(Linter().run(trace).map(\.rule) == ["repeated-will"])
    }

    /// `name`'s calls, one per line, for each of `events`.
    func lines(_ name: String, _ events: String...) -> String {
        events.map { "\(name) \($0)\n" }.joined()
    }

    /// A screen shown, and one of its class pushed over it.
    func shownAndPushed(_ name: String) -> String {
        lines(name, "viewDidLoad", "viewWillAppear", "viewDidAppear")
            + lines(name, "viewDidLoad", "viewWillDisappear", "viewWillAppear", "viewDidDisappear", "viewDidAppear")
    }

    /// After a release, the name names the newest controller of its class still alive (the
    /// one below a popped screen of its own class), not a new one; a load after that is a new
    /// controller.
    @Test func aReleaseLeavesTheNameToTheOneBelow() throws {
        let trace = try Fixture.trace(
            shownAndPushed("Folder") + lines("Folder", "deinit", "viewWillDisappear", "viewDidLoad", "viewWillAppear"))
        #expect(objects(trace) == [1, 1, 1, 2, 1, 2, 1, 2, 2, 1, 3, 3].map { "Folder#\($0)" })
    }

    /// A controller seen at an address is known by it, and a released one is no longer one of
    /// them.
    @Test func anAddressOrAReleaseLeavesTheChoice() throws {
        let log = """
            Card viewDidLoad
            Card viewWillAppear
            Card viewDidAppear
            Card viewDidLoad
            <Card: 0x600000c0c000> viewWillDisappear
            Page viewDidLoad
            Page viewWillAppear
            Page viewDidAppear
            Page viewDidLoad
            Page deinit
            Page viewWillDisappear

            """
        let objects = objects(try Fixture.trace(log))
        #expect(objects[4] == "Card#2")
        #expect(objects.suffix(2) == ["Page#2", "Page#1"])
    }
}
