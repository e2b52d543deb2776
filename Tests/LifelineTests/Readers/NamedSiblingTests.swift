import Testing

@testable import Lifeline

/// Several controllers of one class logged by name alone: an appearance call goes to the one
/// whose state awaits it.
@Suite struct NamedSiblingTests {
    func objects(_ log: String) throws -> [String] {
        let trace = try Fixture.trace(log)
        return (0..<trace.events.count).map { trace.events[$0].object }
    }

    /// Two tabs of one class: the one on screen disappears, and the first comes back.
    @Test func twoTabsOfOneClassTakeTurns() throws {
        let log = """
            ListVC viewDidLoad
            ListVC viewWillAppear
            ListVC viewDidAppear
            ListVC viewDidLoad
            ListVC viewWillDisappear
            ListVC viewWillAppear
            ListVC viewDidDisappear
            ListVC viewDidAppear
            ListVC viewWillDisappear
            ListVC viewWillAppear
            ListVC viewDidDisappear
            ListVC viewDidAppear

            """
        let trace = try Fixture.trace(log)
        let objects = (0..<trace.events.count).map { trace.events[$0].object }
        #expect(
            objects == [
                "ListVC#1", "ListVC#1", "ListVC#1", "ListVC#2", "ListVC#1", "ListVC#2", "ListVC#1", "ListVC#2",
                "ListVC#2", "ListVC#1", "ListVC#2", "ListVC#1",
            ])
        #expect(Linter().run(trace).isEmpty)
    }

    /// One screen pushed twice over itself and popped twice: each pop brings back the one
    /// that disappeared last.
    @Test func aPopBringsBackTheScreenUnderIt() throws {
        let push =
            "Feed viewDidLoad\nFeed viewWillDisappear\nFeed viewWillAppear\nFeed viewDidDisappear\nFeed viewDidAppear\n"
        let pop = "Feed viewWillDisappear\nFeed viewWillAppear\nFeed viewDidDisappear\nFeed viewDidAppear\n"
        let trace = try Fixture.trace(
            "Feed viewDidLoad\nFeed viewWillAppear\nFeed viewDidAppear\n" + push + push + pop + pop)
        let objects = (0..<trace.events.count).map { trace.events[$0].object }
        let ids = { (numbers: [Int]) in numbers.map { "Feed#\($0)" } }
        #expect(objects.suffix(8) == ids([3, 2, 3, 2, 2, 1, 2, 1]))
        #expect(objects.dropFirst(3).prefix(10) == ArraySlice(ids([2, 1, 2, 1, 2, 3, 2, 3, 2, 3])))
        #expect(Linter().run(trace).isEmpty)
    }

    /// Children of one class added in a row end their appearances in the order they began.
    @Test func childrenOfOneClassAppearInTurn() throws {
        let added = (0..<3).map { _ in "Child viewDidLoad\nChild viewWillAppear\n" }.joined()
        let trace = try Fixture.trace(
            added + "Child viewDidLayoutSubviews\n" + "Child viewDidAppear\n" + "Child viewDidAppear\n"
                + "Child viewDidAppear\n")
        let objects = (0..<trace.events.count).map { trace.events[$0].object }
        #expect(objects.suffix(4) == ["Child#3", "Child#1", "Child#2", "Child#3"])
        #expect(Linter().run(trace).isEmpty)
    }

    /// A released controller is no longer one of them: with one left, nothing is chosen.
    @Test func aReleasedControllerLeavesTheChoice() throws {
        let log = """
            Page viewDidLoad
            Page viewWillAppear
            Page viewDidAppear
            Page viewDidLoad
            Page deinit
            Page viewWillAppear
            Page viewDidAppear

            """
        let objects = try objects(log)
        // The second page's deinit ends it; a call of the name after it is a new controller.
        #expect(objects == ["Page#1", "Page#1", "Page#1", "Page#2", "Page#2", "Page#3", "Page#3"])
    }
}
