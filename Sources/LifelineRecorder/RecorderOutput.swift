import Foundation

/// Where the lines of one recording go, made from `Options.destinations`.
struct RecorderOutput {
    /// The file lines are written to, when the options ask for one and it could be made.
    let file: TraceFile?
    private let unifiedLog: ((String) -> Void)?

    /// `unifiedLog` writes one line to the unified log; it is used when the options ask for it.
    init(options: LifelineRecorder.Options, temporaryDirectory: URL, unifiedLog: @escaping (String) -> Void) {
        self.unifiedLog = options.destinations.contains(.unifiedLog) ? unifiedLog : nil
        if options.destinations.contains(.file) {
            file = TraceFile(url: temporaryDirectory.appendingPathComponent(options.fileName))
        } else {
            file = nil
        }
    }

    func write(_ line: String) {
        unifiedLog?(line)
        file?.write(line)
    }
}
