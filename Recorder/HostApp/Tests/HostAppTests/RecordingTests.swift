#if canImport(UIKit)
    import Foundation
    import HostApp
    import LifelineRecorder
    import Testing
    import UIKit

    /// Drives the app through a push, a pop, a full-screen presentation and a tab switch with
    /// the recorder on, and leaves the trace where `LIFELINE_TRACE_OUT` says (xcodebuild passes
    /// `TEST_RUNNER_LIFELINE_TRACE_OUT` through to the simulator).
    @MainActor @Suite struct RecordingTests {
        func settle() async throws { try await Task.sleep(nanoseconds: 400_000_000) }

        @Test func pushPopPresentAndSwitchTabs() async throws {
            LifelineRecorder.start(
                LifelineRecorder.Options(
                    includes: { $0.hasPrefix("HostApp.") }, destinations: [.unifiedLog, .file], fileName: "host.jsonl"))
            LifelineRecorder.start()  // A second start changes nothing.
            let tabs = TabsController()
            let window = UIWindow(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
            window.rootViewController = tabs
            window.makeKeyAndVisible()
            try await settle()

            let stack = try #require(tabs.home.navigationController)
            stack.pushViewController(DetailViewController(), animated: false)
            try await settle()
            stack.popViewController(animated: false)
            try await settle()
            tabs.home.present(SheetViewController(), animated: false)
            try await settle()
            tabs.home.dismiss(animated: false)
            try await settle()
            tabs.tap(1)
            try await settle()

            let file = try #require(LifelineRecorder.fileURL)
            let trace = try String(contentsOf: file, encoding: .utf8)
            print(trace)
            #expect(trace.contains(#""event":"push""#))
            #expect(trace.contains(#""event":"shouldSelect""#))
            if let out = ProcessInfo.processInfo.environment["LIFELINE_TRACE_OUT"] {
                try trace.write(toFile: out, atomically: true, encoding: .utf8)
            }
            window.isHidden = true
        }
    }
#endif
