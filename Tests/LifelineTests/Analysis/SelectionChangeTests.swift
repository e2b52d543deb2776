import Testing

@testable import Lifeline

/// `stats` and `report` say when `selectedViewController` changed relative to a transition's
/// appearance calls: the question that tells one tab bar's order from another's.
@Suite struct SelectionChangeTests {
    static func change(_ log: String) throws -> (Transition.SelectionChange?, Bool) {
        let transition = try #require(TransitionDetector.detect(try Fixture.trace(log)).first)
        return (transition.selectionChange, transition.selectionSeenAtDidSelect)
    }

    @Test func aTapIsSeenAtDidSelectAfterTheDidCalls() throws {
        let log = """
            Tabs shouldSelect(from: A, to: B)
            A viewWillDisappear
            B viewWillAppear
            A viewDidDisappear
            B viewDidAppear
            Tabs didSelect(to: B)

            """
        #expect(try Self.change(log) == (.afterDidCalls, true))
    }

    @Test func aProgrammaticSelectionComesBeforeTheWillCalls() throws {
        let log = """
            Tabs selectedIndex = 1, selectedViewController = B
            A viewWillDisappear
            B viewWillAppear
            A viewDidDisappear
            B viewDidAppear

            """
        #expect(try Self.change(log) == (.beforeWillCalls, false))
    }

    /// A native trace that states the value itself is placed exactly.
    @Test func aLoggedStateIsPlacedWhereItChanged() throws {
        let lines = [
            #"{"seq":1,"object":"A#1","event":"viewWillDisappear","state":{"selectedViewController":"A#1"}}"#,
            #"{"seq":2,"object":"B#1","event":"viewWillAppear","state":{"selectedViewController":"A#1"}}"#,
            #"{"seq":3,"object":"A#1","event":"viewDidDisappear","state":{"selectedViewController":"B#1"}}"#,
            #"{"seq":4,"object":"B#1","event":"viewDidAppear","state":{"selectedViewController":"B#1"}}"#,
        ]
        let trace = try Fixture.trace(lines.joined(separator: "\n") + "\n", name: "t.jsonl")
        let transition = try #require(TransitionDetector.detect(trace).first)
        #expect(transition.selectionChange == .betweenWillAndDidCalls)
        #expect(transition.selectionSeenAtDidSelect == false)
    }
}
