import Foundation

@testable import LifelineRecorder

/// A plain object standing in for a view controller: it has the class name the runtime would
/// give, and keeps the recorder's deinit watcher as a real controller keeps it as an
/// associated object. (Sendable for the threads test: its watcher is set under the
/// recorder's lock.)
final class FakeController: @unchecked Sendable {
    let className: String
    var watcher: DeinitWatcher?

    init(_ className: String) { self.className = className }
}

/// A recorder driven by hand: the test sets the clock and the thread, makes calls on fake
/// controllers, and reads the lines written.
final class FakeApp {
    var now = 0.0
    var thread = "1"
    private(set) var lines: [String] = []
    var includes: (String) -> Bool = { _ in true }
    var keepsLayout = false
    /// Fixed addresses by class name, for tests that compare whole lines.
    var addresses: [String: String] = [:]
    /// Called after each line with the number of lines written so far.
    var onWrite: (Int) -> Void = { _ in }

    lazy var recorder = Recorder(
        environment: RecorderEnvironment(
            clock: { [unowned self] in self.now },
            thread: { [unowned self] in self.thread },
            className: { ($0 as! FakeController).className },
            address: { [unowned self] in
                self.addresses[($0 as! FakeController).className] ?? "0x"
                    + String(UInt(bitPattern: ObjectIdentifier($0)), radix: 16)
            },
            watch: { ($0 as! FakeController).watcher = $1 },
            write: { [unowned self] in
                self.lines.append($0)
                self.onWrite(self.lines.count)
            },
            includes: { [unowned self] in self.includes($0) },
            keepsLayout: keepsLayout))

    func call(_ controller: FakeController, _ call: RecordedCall) {
        recorder.record(call, on: controller)
    }

    /// The recorded trace, as a file would hold it.
    var jsonl: String { lines.map { $0 + "\n" }.joined() }
}
