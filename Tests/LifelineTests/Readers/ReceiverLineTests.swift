import Testing

@testable import Lifeline

/// A call logged on a UIKit class itself, whose receiver a symbolic breakpoint prints alone on
/// the next line (`po $arg1`).
@Suite struct ReceiverLineTests {
    private func read(_ text: String) throws -> [(object: String, event: String, note: String?, line: Int?)] {
        let trace = try Fixture.trace(text, name: "t.log")
        return trace.events.map { ($0.object, $0.event, $0.note, $0.source?.line) }
    }

    @Test func theNextLineNamesTheReceiver() throws {
        let calls = try read(
            """
            -[UIViewController viewDidAppear:]
            <LaunchScreenViewController: 0x7fc2a8974ba0>

            -[UIViewController viewDidAppear:]
            <Feed.TimelineViewController: 0x7fc2a884c650>
            """)
        #expect(calls.map(\.object) == ["LaunchScreenViewController#1", "TimelineViewController#1"])
        #expect(calls.map(\.event) == ["viewDidAppear", "viewDidAppear"])
        #expect(calls.map(\.note) == ["implemented in UIViewController", "implemented in UIViewController"])
        #expect(calls.map(\.line) == [1, 4])
    }

    @Test func anyOtherLineLetsTheCallStand() throws {
        let calls = try read(
            """
            -[UIViewController viewDidLoad]

            <HomeViewController: 0x1>
            -[UIViewController viewWillAppear:]
            -[DetailViewController viewDidLoad]
            <OtherViewController: 0x2>
            -[UIViewController viewDidAppear:]
            """)
        #expect(
            calls.map { "\($0.object) \($0.event)" } == [
                "UIViewController#1 viewDidLoad", "UIViewController#1 viewWillAppear",
                "DetailViewController#1 viewDidLoad", "UIViewController#1 viewDidAppear",
            ])
        #expect(calls.map(\.line) == [1, 4, 5, 7])
    }

    /// Only a breakpoint's name waits for a receiver (not an app's own line or a category's
    /// method), only a controller is one, and only on the call's thread.
    @Test(arguments: [
        "UIViewController viewDidLoad\n<HomeViewController: 0x1>",
        "-[UIViewController(Tracking) viewDidAppear:]\n<HomeViewController: 0x1>",
        "-[UIViewController viewWillAppear:]\n<CLLocationManager: 0x2811c4000>",
        "-[UIViewController viewWillDisappear:]\n<UIView: 0x7fc2a8a0b6e0>",
        "2023-04-04 10:00:00.100 App[1:100] -[UIViewController viewDidAppear:]\n"
            + "2023-04-04 10:00:00.101 App[1:200] <HomeViewController: 0x1>",
    ])
    func onlyABreakpointsNameTakesAControllerOnItsThread(_ log: String) throws {
        #expect(try read(log).map(\.object) == ["UIViewController#1"])
    }

    /// A log that prints each receiver before its call (the breakpoint's actions the other
    /// way round) holds no call: each would take the next call's receiver.
    @Test func receiversPrintedFirstNameNoCall() throws {
        let calls = try read(
            """
            <TimelineViewController: 0x1>
            -[UIViewController viewWillAppear:]
            <PostViewController: 0x2>
            -[UIViewController viewDidAppear:]
            """)
        #expect(calls.map(\.object) == ["UIViewController#1", "UIViewController#1"])
    }

    @Test func theExplanationNamesTheReceiver() throws {
        var lines: [String] = []
        try ReadingExplainer.explain(
            ByteInput(
                bytes: Array("-[UIViewController viewDidAppear:]\n<TimelineViewController: 0x7fc2a884c650>\n".utf8),
                name: "t.log")
        ) { lines.append($0) }
        #expect(
            lines.last
                == "t.log:2: the receiver of the call on the line before, which is TimelineViewController's, implemented in UIViewController"
        )
    }
}
