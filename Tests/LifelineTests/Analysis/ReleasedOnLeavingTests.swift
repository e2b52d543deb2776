import Testing

@testable import Lifeline

/// A controller released as it leaves, or right after, was popped or dismissed: a push or a
/// tab switch keeps the controller it leaves.
@Suite struct ReleasedOnLeavingTests {
    static func lastKind(_ calls: [String]) throws -> Transition.Kind? {
        let log = (["A viewWillAppear", "A viewDidAppear"] + calls).joined(separator: "\n") + "\n"
        return TransitionDetector.detect(try Fixture.trace(log)).last?.kind
    }

    static let leaving = ["A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "B viewDidAppear"]

    @Test func aReleaseRightAfterIsAPop() throws {
        #expect(try Self.lastKind(Self.leaving) == .pushOrTabByOrder)
        #expect(try Self.lastKind(Self.leaving + ["A deinit"]) == .popByOrder)
        // Released inside the run, before the arriving controller settles.
        let inside = ["A viewWillDisappear", "B viewWillAppear", "A viewDidDisappear", "A deinit", "B viewDidAppear"]
        #expect(try Self.lastKind(inside) == .popByOrder)
    }

    @Test func anotherControllersReleaseTellsNothing() throws {
        #expect(try Self.lastKind(Self.leaving + ["C deinit"]) == .pushOrTabByOrder)
    }

    @Test func aReleaseAfterThePresentOrderIsADismiss() throws {
        let order = ["A viewWillDisappear", "B viewWillAppear", "B viewDidAppear", "A viewDidDisappear"]
        #expect(try Self.lastKind(order) == .presentByOrder)
        #expect(try Self.lastKind(order + ["A dealloc"]) == .dismissByOrder)
    }
}
