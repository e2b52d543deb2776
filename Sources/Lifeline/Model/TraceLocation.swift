/// Where an event or a diagnostic came from: a file (or `-`) and a 1-based line.
public struct TraceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int

    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    public var description: String { "\(file):\(line)" }
}
