import Foundation
import Lifeline
import Testing

@testable import LifelineRecorder

/// Each sample scenario, recorded from fake controllers, reads back into the sample's own
/// step table and findings, and Lifeline writes the recording back byte for byte.
@Suite struct SampleReplayTests {
    static let samples = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Samples")

    /// Every trace file under Samples/, as `directory/file`.
    static var sampleTraces: [String] {
        let fm = FileManager.default
        let directories = (try? fm.contentsOfDirectory(atPath: samples.path)) ?? []
        return directories.sorted().flatMap { directory in
            let files = (try? fm.contentsOfDirectory(atPath: samples.appendingPathComponent(directory).path)) ?? []
            return files.sorted().filter { $0.hasPrefix("trace") }.map { "\(directory)/\($0)" }
        }
    }

    static func load(_ text: String, name: String) throws -> Trace {
        try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: name))
    }

    /// Records the script of `sample`, its clock and threads replaying the sample's. The
    /// stage holds the controllers; they live (and get no deinit) while it does.
    static func record(_ sample: Trace, script: @Sendable (Stage) -> Void) -> Stage {
        let app = FakeApp()
        var classNames: [String: String] = [:]
        for event in sample.events where classNames[event.object] == nil { classNames[event.object] = event.className }
        let stage = Stage(app: app, classNames: classNames)
        let events = Array(sample.events)
        let timing = RecordingClock(events: events, app: app)
        app.now = timing.time(0)
        app.thread = timing.thread(0)
        stage.app.onWrite = { count in
            app.now = timing.time(count)
            app.thread = timing.thread(count)
        }
        script(stage)
        return stage
    }

    /// The recording with what the sample's log could not carry set aside: arguments it did
    /// not log (the recorder always knows `animated`, the parent a child leaves, the
    /// controller a dismiss removes), and times when the log had none.
    static func projected(_ recorded: Trace, onto sample: Trace) -> String {
        let theirs = Array(sample.events)
        #expect(recorded.events.count == theirs.count)
        return zip(Array(recorded.events), theirs).map { mine, theirs in
            var event = mine
            event.args = mine.args.filter { theirs.args[$0.key] != nil }
            if theirs.time == nil { event.time = nil }
            return JSONLinesFormatter.line(event)
        }.joined()
    }

    @Test func everySampleHasAScript() {
        #expect(Set(Self.sampleTraces) == Set(SampleScripts.all.keys))
        #expect(Self.sampleTraces.count == 22)
    }

    @Test(arguments: SampleScripts.all.keys.sorted())
    func recordingReadsBackAsTheSamplesTable(_ name: String) throws {
        let sample = try TraceLoader.load(path: Self.samples.appendingPathComponent(name).path)
        let stage = Self.record(sample, script: SampleScripts.all[name]!)
        defer { withExtendedLifetime(stage) {} }
        let app = stage.app
        let recorded = try Self.load(app.jsonl, name: "recorded.jsonl")
        #expect(recorded.diagnostics.isEmpty)
        // Lifeline writes the recording back unchanged.
        #expect(JSONLinesFormatter().format(recorded) == app.jsonl)
        // The same calls on the same objects, in the same order.
        let ours = Array(recorded.events).map { "\($0.object) \($0.event)" }
        let theirs = Array(sample.events).map { "\($0.object) \($0.event)" }
        #expect(ours == theirs)
        // Every argument the sample logged, with the same value.
        for (mine, logged) in zip(Array(recorded.events), Array(sample.events)) {
            for (key, value) in logged.args {
                #expect(mine.args[key] == value, "step \(logged.seq): \(key)")
            }
        }
        // The step table, and the findings.
        let table = MarkdownTableFormatter().format(
            try Self.load(Self.projected(recorded, onto: sample), name: "projected.jsonl"))
        #expect(table == MarkdownTableFormatter().format(sample))
        let findings = { (trace: Trace) in Linter().run(trace).map { "\($0.rule) \($0.seq)" } }
        #expect(findings(recorded) == findings(sample))
    }
}

/// The time and thread of the sample's call number `n` (from 0); when the sample has no time,
/// a millisecond a call.
struct RecordingClock {
    let events: [TraceEvent]
    let app: FakeApp

    func time(_ n: Int) -> Double {
        guard n < events.count else { return Double(n) / 1000 }
        return events[n].time ?? Double(n) / 1000
    }

    func thread(_ n: Int) -> String {
        guard n < events.count else { return "1" }
        return events[n].thread ?? "1"
    }
}
