/// Free-form console logs: Xcode/NSLog prefixes of both eras or none, and every message shape
/// `MessageParser` knows. Streams line by line over bytes.
package struct ConsoleLogReader: TraceReader {
    package var options: ReadOptions
    package init(options: ReadOptions) { self.options = options }

    package func read(_ input: ByteInput, into builder: inout TraceBuilder) throws {
        var memo = MessageMemo()
        memo.localized = options.readsLocalizedWords
        // Following a growing log, each call is shown as soon as its line is read.
        memo.readsReceiverLines = !options.follows
        var lines = 0
        try read(input, into: &builder, memo: &memo, lineCount: &lines)
        memo.finish(into: &builder)
    }

    /// Reads every line with `memo`. `lineCount` is the number of lines before the input's
    /// first (it is a piece of a file read after the pieces before it); it is then counted on
    /// through the input's last line.
    func read(_ input: ByteInput, into builder: inout TraceBuilder, memo: inout MessageMemo, lineCount: inout Int)
        throws
    {
        var cache = LogPrefix.PrefixCache(readsTimes: options.readsTimes)
        let before = lineCount
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            let number = before + number
            lineCount = number
            guard screenLength(number: number, fullLength: length, options: options, builder: &builder) else { return }
            let start = LogPrefix.lineStart(line, to: line.count)
            let prefix = LogPrefix.parse(line, from: start, to: line.count, cache: &cache)
            if let process = prefix.processRange, !prefix.processRepeated {
                builder.noteProcess(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(line)[process]))
            }
            let thread = prefix.threadRange.map { UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(line)[$0]) }
            memo.readScreening(
                line, from: prefix.messageStart, to: line.count, time: prefix.time, thread: thread, number: number,
                into: &builder)
        }
    }
}
