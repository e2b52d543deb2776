import Foundation

/// Big files read in two parts, one on each core.
extension TraceLoader {
    /// Files at least this big are read in two parts at once.
    static let parallelThreshold = 8 << 20

    /// Reads a native file as two halves, one on each of two threads: its lines stand alone
    /// (identities are already resolved), so the second half needs nothing from the first
    /// until the two are joined. The first half goes into `builder` (which may stream it);
    /// the second is held until then.
    static func readNativeInParts(path: String, size: Int, options: ReadOptions, into builder: inout TraceBuilder)
        throws
    {
        let split = try ByteInput.lineEnd(in: path, after: size / 2)
        let progress = PartProgress(size: size, report: options.progress)
        func half(_ index: Int, _ range: Range<Int>, into builder: inout TraceBuilder) throws -> Int {
            let input = try ByteInput(path: path, range: range)
            input.progress = progress.part(index)
            var lines = 0
            try NativeJSONLinesReader(options: options).read(input, into: &builder, lineCount: &lines)
            return lines
        }
        let (lines, later) = try Parallel.run(
            { try half(0, 0..<split, into: &builder) },
            alongside: {
                var later = TraceBuilder(source: path)
                _ = try half(1, split..<size, into: &later)
                return later
            })
        builder.append(later, afterLines: lines)
    }

    /// A console log is read in pieces of this size (see `FilePieces`).
    static let consolePieceSize = 4 << 20

    /// Reads a console log's first part into `builder` while another thread reads the last
    /// part's prefixes and messages; then adds the last part in order (see `ConsoleLogPart`).
    /// The two threads share the file's pieces, the first from the front and the other from the
    /// back, so the parts end together.
    static func readConsoleInParts(path: String, size: Int, options: ReadOptions, into builder: inout TraceBuilder)
        throws
    {
        let pieces = try FilePieces(path: path, size: size, pieceSize: consolePieceSize)
        let progress = PartProgress(size: size, report: options.progress)
        var memo = MessageMemo()
        memo.localized = options.readsLocalizedWords
        memo.readsReceiverLines = true
        let (lines, lastPart) = try Parallel.run(
            {
                let input = try ByteInput(path: path)
                input.progress = progress.part(0)
                let reader = ConsoleLogReader(options: options)
                var lines = 0
                while let range = pieces.takeFront() {
                    try input.select(range)
                    try reader.read(input, into: &builder, memo: &memo, lineCount: &lines)
                }
                return lines
            },
            alongside: {
                let input = try ByteInput(path: path)
                input.progress = progress.part(1)
                var part = ConsoleLogPart(source: path)
                while let range = pieces.takeBack() {
                    try input.select(range)
                    try part.prepend(input, options: options)
                }
                return part
            })
        var part = lastPart
        part.replay(into: &builder, memo: &memo, afterLines: lines)
        memo.finish(into: &builder)
    }

    /// Reading progress of a file read in parts on several threads, reported as one figure.
    private final class PartProgress: @unchecked Sendable {
        private let lock = NSLock()
        private var read = [0, 0]
        private let size: Int
        private let report: (@Sendable (Int, Int) -> Void)?

        init(size: Int, report: (@Sendable (Int, Int) -> Void)?) {
            self.size = size
            self.report = report
        }

        /// The callback for part `index`'s input, or nil when nobody listens.
        func part(_ index: Int) -> ((Int, Int) -> Void)? {
            guard report != nil else { return nil }
            return { [self] bytes, _ in
                lock.lock()
                defer { lock.unlock() }
                read[index] = bytes
                report?(read[0] + read[1], size)
            }
        }
    }
}
