/// Where an event or a diagnostic came from: a file (or `-`) and a 1-based line.
public struct TraceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The file's name as given, or `-` for standard input.
    public var file: String
    /// The 1-based line number.
    public var line: Int

    /// Makes a location.
    public init(file: String, line: Int) {
        self.file = file
        self.line = line
    }

    /// `file:line`.
    public var description: String { "\(file):\(line)" }
}
