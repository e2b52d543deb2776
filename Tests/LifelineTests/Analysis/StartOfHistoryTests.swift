import Testing

@testable import Lifeline

/// A log may start in the middle of a session, and may hold several runs of the app: what
/// the order of appearance calls cannot tell, the transition's name does not claim.
@Suite struct StartOfHistoryTests {
    static func kinds(_ log: String) throws -> [Transition.Kind] {
        TransitionDetector.detect(try Fixture.trace(log)).map(\.kind)
    }

    @Test func aPresentOrderBetweenControllersNotSeenBeforeMayBeADismiss() throws {
        let order = "VC2 viewWillDisappear\nVC1 viewWillAppear\nVC1 viewDidAppear\nVC2 viewDidDisappear\n"
        #expect(try Self.kinds(order) == [.presentOrDismissByOrder])
        // Seen before, the leaving controller was on screen: the arriving one is presented.
        #expect(try Self.kinds("VC2 viewWillAppear\nVC2 viewDidAppear\n" + order).last == .presentByOrder)
        // Loaded in the run, the arriving controller is new.
        #expect(try Self.kinds("VC1 viewDidLoad\n" + order) == [.presentByOrder])
    }

    @Test func aPushOrderBetweenControllersNotSeenBeforeMayBeAPop() throws {
        let order = "Child viewWillDisappear\nParent viewWillAppear\nChild viewDidDisappear\nParent viewDidAppear\n"
        #expect(try Self.kinds(order) == [.pushPopOrTabByOrder])
        #expect(try Self.kinds("Child viewWillAppear\nChild viewDidAppear\n" + order).last == .pushOrTabByOrder)
    }

    @Test func aControllerLeavingAloneIsASheetDismissOnlyIfItCameAsOne() throws {
        let first = "Home viewWillAppear\nHome viewDidAppear\n"
        let sheet = "Sheet viewWillAppear\nSheet viewDidAppear\nSheet viewWillDisappear\nSheet viewDidDisappear\n"
        #expect(
            try Self.kinds(first + sheet) == [.appearanceChange, .sheetPresentByOrder, .sheetDismissByOrder])
        // Covered by a controller the log does not show.
        #expect(try Self.kinds(first + "Home viewWillDisappear\nHome viewDidDisappear\n").last == .appearanceChange)
    }

    @Test func everyCancelledKindIsCancelled() {
        let all = Transition.Kind.allCases
        #expect(all.filter(\.isCancelled) == all.filter { $0.rawValue.hasPrefix("cancelled") })
    }

    /// The same cancelled order is a swipe back, a push or a present given up, by what the run
    /// shows: who was new in it, and which calls came with it.
    @Test func aCancelledTransitionIsNamedByWhatItsRunShows() throws {
        let back = "A viewWillDisappear\nB viewWillAppear\nB viewWillDisappear\nB viewDidDisappear\n"
        let cancel = back + "A viewWillAppear\nA viewDidAppear\n"
        #expect(try Self.kinds(cancel) == [.cancelledInteractivePop])
        #expect(try Self.kinds("B viewDidLoad\n" + cancel) == [.cancelledPushOrPresentByOrder])
        #expect(try Self.kinds("B viewDidLoad\nNav willShow\n" + cancel) == [.cancelledPush])
        #expect(try Self.kinds("B viewDidLoad\nA present: B\n" + cancel) == [.cancelledPresent])
        let sheet = "S viewWillAppear\nS viewDidAppear\n"
        let pulled = "S viewWillDisappear\nS viewWillAppear\nS viewDidAppear\n"
        #expect(
            try Self.kinds("H viewWillAppear\nH viewDidAppear\n" + sheet + pulled).last == .cancelledSheetDismissByOrder
        )
    }

    /// The first run of the app: its first screen appears.
    static let firstRun = """
        2019-08-04 13:09:15.940264+0900 App[11456:1111730] [Main] viewWillAppear
        2019-08-04 13:09:15.992826+0900 App[11456:1111730] [Main] viewDidAppear

        """

    @Test func anAppLaunchedAgainHasNewControllersAndAFirstScreen() throws {
        let trace = try Fixture.trace(
            Self.firstRun + """
                2019-08-04 13:10:41.097570+0900 App[11491:1116753] [Main] viewWillAppear
                2019-08-04 13:10:41.154884+0900 App[11491:1116753] [Main] viewDidAppear
                2019-08-04 13:10:43.128111+0900 App[11491:1116753] [Main] viewWillDisappear
                2019-08-04 13:10:43.158019+0900 App[11491:1116753] [Setting] viewWillAppear
                2019-08-04 13:10:43.666209+0900 App[11491:1116753] [Setting] viewDidAppear
                2019-08-04 13:10:43.666681+0900 App[11491:1116753] [Main] viewDidDisappear
                2019-08-04 13:10:44.000000+0900 Helper[11492:1116760] [Main] viewWillAppear
                """)
        #expect(trace.events.map(\.object).prefix(4) == ["Main#1", "Main#1", "Main#2", "Main#2"])
        #expect(trace.events[2].note == Transition.launchNote)
        #expect(trace.events[0].note == nil && trace.events[3].note == nil)
        // Another program logging into the same console starts nothing.
        #expect(trace.events[8].object == "Main#2" && trace.events[8].note == nil)
        let kinds = TransitionDetector.detect(trace).map(\.kind)
        #expect(kinds.prefix(3) == [.appearanceChange, .appearanceChange, .presentByOrder])
        #expect(Linter().run(trace).isEmpty)
    }

    @Test func aScreenLoadedFirstAfterALaunchIsNoSheet() throws {
        let trace = try Fixture.trace(
            Self.firstRun + """
                2019-08-04 13:10:41.000000+0900 App[11491:1116753] [Main] viewDidLoad
                2019-08-04 13:10:41.097570+0900 App[11491:1116753] [Main] viewWillAppear
                2019-08-04 13:10:41.154884+0900 App[11491:1116753] [Main] viewDidAppear
                """)
        // The launch is noted on the load, before the run of the first screen opens.
        #expect(trace.events[2].note == Transition.launchNote)
        #expect(TransitionDetector.detect(trace).map(\.kind) == [.appearanceChange, .appearanceChange])
    }
}

/// A tab bar delegate's other calls between `shouldSelect` and `didSelect` are one tap.
@Suite struct TabDelegateCallsTests {
    @Test func aDelegateCallBetweenShouldSelectAndDidSelectKeepsOneTransition() throws {
        let trace = try Fixture.trace(
            """
            -[ViewController tabBarController:shouldSelectViewController:]
            -[ViewController tabBarController:animationControllerForTransitionFromViewController:toViewController:]
            -[ViewController tabBarController:didSelectViewController:]
            -[ViewController tabBarController:shouldSelectViewController:]
            -[ViewController tabBarController:shouldSelectViewController:]
            -[ViewController tabBarController:didSelectViewController:]
            """)
        let ranges = TransitionDetector.detect(trace).map(\.range)
        // The second tap's first shouldSelect led to nothing: the next one starts afresh.
        #expect(ranges == [0...2, 3...3, 4...5])
    }
}
