import Testing

@testable import Lifeline

/// A page view controller's scroll calls the next page first, which no present, push or tab
/// switch does; its swipe given up halfway is no interactive pop.
@Suite struct PageScrollTests {
    static func kinds(_ calls: [String]) throws -> [Transition.Kind] {
        let log = (["One viewWillAppear", "One viewDidAppear"] + calls).joined(separator: "\n") + "\n"
        return TransitionDetector.detect(try Fixture.trace(log)).map(\.kind)
    }

    @Test func aScrollIsNoPresent() throws {
        let scroll = ["Two viewWillAppear", "One viewWillDisappear", "Two viewDidAppear", "One viewDidDisappear"]
        #expect(try Self.kinds(scroll).last == .pageScrollByOrder)
        let present = ["One viewWillDisappear", "Two viewWillAppear", "Two viewDidAppear", "One viewDidDisappear"]
        #expect(try Self.kinds(present).last == .presentByOrder)
    }

    @Test(arguments: [
        // Scroll style: the current page comes back before the next one leaves.
        [
            "Two viewWillAppear", "One viewWillDisappear", "One viewWillAppear", "One viewDidAppear",
            "Two viewWillDisappear", "Two viewDidDisappear",
        ],
        // Page curl style.
        [
            "Two viewWillAppear", "One viewWillDisappear", "Two viewWillDisappear", "One viewWillAppear",
            "Two viewDidDisappear", "One viewDidAppear",
        ],
    ])
    func aSwipeGivenUpIsACancelledPageScroll(_ calls: [String]) throws {
        #expect(try Self.kinds(calls).last == .cancelledPageScroll)
    }

    @Test func aCancelledPopStartsWithTheTopLeaving() throws {
        let pop = [
            "One viewWillDisappear", "Two viewWillAppear", "Two viewWillDisappear", "Two viewDidDisappear",
            "One viewWillAppear", "One viewDidAppear",
        ]
        #expect(try Self.kinds(pop).last == .cancelledInteractivePop)
    }
}
