/// How a trace is read.
public struct ReadOptions: Sendable {
    /// Lines longer than this are reported and skipped (their first bytes are not parsed).
    public var maxLineBytes: Int = 1 << 20
    /// Forces a format instead of detecting one.
    public var format: InputFormat? = nil
    /// A regular expression with named groups `object`, `event` and optionally `time`, `thread`,
    /// `class`; used for every line when set.
    public var pattern: String? = nil
    /// Whether reading fills in the state values each step implies, such as the selected tab
    /// after a switch; outputs that never show state may skip it.
    public var derivesState = true
    /// Told the bytes read so far and the input's size, after each chunk of a file.
    package var progress: (@Sendable (Int, Int) -> Void)? = nil
    /// Whether call times are worked out; outputs that never show a time may skip them (the
    /// calls then have none).
    package var readsTimes = true
    /// Streamed, the calls a batch holds at least (and twice as many as the trace has
    /// names, so keeping a batch while reading goes on copies the tables linearly). Bigger
    /// batches wake the consumer less often; smaller ones end sooner after the last is read.
    package var streamBatch = 4096
    /// Whether the input is followed as it grows (a pipe from `log stream`, a file being
    /// appended to): each call goes to the stream's sink as soon as its line is read, and at
    /// the end of a regular file reading waits for more, until a signal (`FollowStop`).
    package var follows = false
    /// Whether a big file may be read in two parts on two threads; off when the caller already
    /// keeps both cores busy (two traces read at once).
    var readsInParts = true
    /// Whether Chinese and Japanese words for events (`视图将要显示`) are read: only in a log that
    /// prints no method names, where they are the calls and not an author's headings over them
    /// (`LogJudgement`).
    var readsLocalizedWords = false

    /// Options with the defaults of `lifeline`: the format detected, state derived, lines up
    /// to 1 MiB.
    public init(maxLineBytes: Int = 1 << 20, format: InputFormat? = nil, pattern: String? = nil) {
        self.maxLineBytes = maxLineBytes
        self.format = format
        self.pattern = pattern
    }
}

/// Reads one input format into a `TraceBuilder`. Each format is one small type.
package protocol TraceReader {
    func read(_ input: ByteInput, into builder: inout TraceBuilder) throws
}

/// Checks a line's bytes before a reader parses them: too long, NUL bytes, invalid UTF-8.
/// Returns false when the line must be skipped.
func screenLine(_ line: Bytes, number: Int, fullLength: Int, options: ReadOptions, builder: inout TraceBuilder) -> Bool
{
    screenLength(number: number, fullLength: fullLength, options: options, builder: &builder)
        && screenBytes(line, scanned: scan(UnsafeRawBufferPointer(line)), number: number, builder: &builder)
}

/// The first half of `screenLine`: false, with a warning, for a line over the length limit.
func screenLength(number: Int, fullLength: Int, options: ReadOptions, builder: inout TraceBuilder) -> Bool {
    guard fullLength > options.maxLineBytes else { return true }
    builder.warn(
        "line-too-long",
        "line is \(fullLength) bytes, over the \(options.maxLineBytes)-byte limit (--max-line-bytes); skipped",
        line: number)
    return false
}

/// The second half of `screenLine`, given what `scan` found in the line (perhaps in parts:
/// a reader that remembers its messages scans each distinct one once).
func screenBytes(_ line: Bytes, scanned: ByteScan, number: Int, builder: inout TraceBuilder) -> Bool {
    if scanned.hasNUL {
        builder.warn("binary-data", "line holds NUL bytes (binary data); skipped", line: number)
        return false
    }
    if !scanned.ascii, String(validating: line, as: UTF8.self) == nil {
        builder.warn("invalid-utf8", "line is not valid UTF-8; read with replacement characters", line: number)
    }
    return true
}

/// Whether some bytes hold a NUL, and whether all of them are below 0x80.
struct ByteScan {
    var hasNUL = false
    var ascii = true

    /// What the two parts of a line found together.
    func and(_ other: ByteScan) -> ByteScan { ByteScan(hasNUL: hasNUL || other.hasNUL, ascii: ascii && other.ascii) }
}

/// Whether the bytes hold a NUL, and whether every byte is below 0x80: one pass, 32 bytes at a
/// time in four words and then eight at a time (the last word overlapping the one before), with
/// no call.
@inline(__always) func scan(_ raw: UnsafeRawBufferPointer) -> ByteScan {
    let n = raw.count
    guard n >= 8 else {
        var bits: UInt8 = 0
        var hasNUL = false
        for byte in raw {
            bits |= byte
            if byte == 0 { hasNUL = true }
        }
        return ByteScan(hasNUL: hasNUL, ascii: bits & 0x80 == 0)
    }
    let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
    var bits: UInt64 = 0, zeros: UInt64 = 0
    @inline(__always) func word(_ i: Int) -> UInt64 { raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) }
    // A byte of a word is 0 when the word's bit is set here (under `highs`, kept for the end).
    @inline(__always) func zeroBits(_ word: UInt64) -> UInt64 { (word &- ones) & ~word }
    var i = 0
    while i &+ 32 <= n {
        let (a, b, c, d) = (word(i), word(i &+ 8), word(i &+ 16), word(i &+ 24))
        bits |= a | b | c | d
        zeros |= zeroBits(a) | zeroBits(b) | zeroBits(c) | zeroBits(d)
        i &+= 32
    }
    while i &+ 8 <= n {
        bits |= word(i)
        zeros |= zeroBits(word(i))
        i &+= 8
    }
    if i < n {
        bits |= word(n &- 8)
        zeros |= zeroBits(word(n &- 8))
    }
    return ByteScan(hasNUL: zeros & highs != 0, ascii: bits & highs == 0)
}
