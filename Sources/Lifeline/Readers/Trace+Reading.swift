import Foundation

extension Trace {
    /// Reads a trace from a file: a console log, a unified-log export or a native trace.
    ///
    /// The format is detected from the file's first bytes unless `format` (or
    /// `options.format`) names one. The trace names the file as the URL gives it, relative when
    /// the URL is. Lines that cannot be read become ``diagnostics``; the rest
    /// of the file is still read.
    ///
    /// - Throws: ``TraceReadError`` when the file cannot be read or holds no lifecycle call.
    public init(contentsOf url: URL, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
        throws(TraceReadError)
    {
        var options = options
        if let format { options.format = format }
        self = try TraceLoader.load(path: url.relativePath, options: options)
    }

    /// Reads a trace from text in hand, as ``init(contentsOf:format:options:)`` reads a file;
    /// its ``source`` is `-`.
    ///
    /// - Throws: ``TraceReadError`` when the text holds no lifecycle call.
    public init(parsing text: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
        throws(TraceReadError)
    {
        var options = options
        if let format { options.format = format }
        self = try TraceLoader.load(ByteInput(bytes: Array(text.utf8), name: "-"), options: options)
    }
}
