/// The last part of a long console log, read on another thread while the first part is read
/// into the trace: each line's prefix is parsed and its message looked up (neither depends on
/// what came before), and kept as a small record. `replay` then adds the records to the trace
/// in order, where identities are resolved, exactly as if the lines had been read there.
///
/// The part is read a piece at a time from the end of the file toward its start (each piece
/// before the ones already read), so the thread that reads the first part from the start can
/// take pieces until the two meet.
struct ConsoleLogPart {
    /// 32 bytes, as an `EventRow`: the chunks of records replayed are reused for the rows.
    struct Record {
        /// Absolute seconds, NaN without a time.
        var time: Double
        var line: UInt32
        /// A message id; for a warning its index in `warnings`; for an unkept message where its
        /// values start in `unkeptValues`.
        var value: UInt32
        var thread: UInt32
        var kind: Kind
        /// For an unkept message, its template's index in `templates`.
        var template: UInt32 = 0
        /// The process's name and id (`App[1105`), an id in `processes`; 0 for none.
        var process: UInt32 = 0

        enum Kind: UInt8 {
            case message, warning, unkept
        }

        init(
            time: Double, line: UInt32, value: UInt32, thread: UInt32, kind: Kind, template: UInt32 = 0,
            process: UInt32 = 0
        ) {
            (self.time, self.line, self.value, self.thread, self.kind) = (time, line, value, thread, kind)
            (self.template, self.process) = (template, process)
        }
    }

    /// One piece's records; their line numbers count from the piece's first line.
    private struct Piece {
        var records = ChunkedArray<Record>()
        var lineCount = 0
    }

    /// The pieces read, last piece of the file first.
    private var pieces: [Piece] = []
    private var messages = RepeatedKeys()
    private var kinds: [ShapedReading] = [.kind(.ignorable)]
    /// What `scan` found in each message's bytes.
    private var scans: [ByteScan] = [ByteScan()]
    private var threads = SymbolTable()
    /// Each thread id's bytes, end to end, and where each one is (the first is none).
    private var threadBytes: [UInt8] = []
    private var threadRanges: [Range<Int>] = [0..<0]
    private var recentThread = RecentKey()
    /// The processes' names and ids (`App[1105`), kept as the threads are.
    private var processes = SymbolTable()
    private var processBytes: [UInt8] = []
    private var processRanges: [Range<Int>] = [0..<0]
    /// The last line's process id: a process part (`App[81234`) is longer than `RecentKey`
    /// holds, and a line whose prefix repeats the one before's has the same process.
    private var lastProcessID: UInt32 = 0
    private var shapes = AddressShapes()
    private var metOnce = MetOnce()
    /// Messages met once whose reading is a call template, kept as the template and the
    /// message's values instead of as a message (see `MessageMemo.entry`).
    private var templates: [CallTemplate] = []
    /// Per template, by its object's address, its index in `templates`.
    private var templateIndexes = IdMap()
    /// The values of the unkept messages, end to end (a template knows how many it takes).
    private var unkeptValues: [String] = []
    /// Collects the reading warnings (too long, binary, invalid UTF-8) with their lines.
    private var warnings: TraceBuilder

    init(source: String) { warnings = TraceBuilder(source: source) }

    /// Reads `input`, the piece of the file just before the pieces already read.
    mutating func prepend(_ input: ByteInput, options: ReadOptions) throws {
        // The part is moved out of `self` while it grows, so its tables are not copied.
        var me = ConsoleLogPart(source: warnings.trace.source)
        swap(&me, &self)
        defer { self = me }
        var piece = Piece()
        var cache = LogPrefix.PrefixCache(readsTimes: options.readsTimes)
        try input.forEachLine(maxLineBytes: options.maxLineBytes) { line, number, length in
            piece.lineCount = number
            let before = me.warnings.trace.diagnostics.count
            var keep = screenLength(number: number, fullLength: length, options: options, builder: &me.warnings)
            var prefix = LogPrefix(time: nil, threadRange: nil, messageStart: 0)
            var message: UInt32 = 0
            var kind = Record.Kind.message
            var template: UInt32 = 0
            let raw = UnsafeRawBufferPointer(line)
            if keep {
                let start = LogPrefix.lineStart(line, to: line.count)
                prefix = LogPrefix.parse(line, from: start, to: line.count, cache: &cache)
                // The prefix is screened on each line, the message once per distinct message.
                let bytes = UnsafeRawBufferPointer(rebasing: raw[prefix.messageStart..<line.count])
                let localized = options.readsLocalizedWords
                let messageStart = prefix.messageStart
                var messageScan: ByteScan
                var hash: UInt64 = 0
                if let known = me.messages.existing(bytes, hash: &hash) {
                    message = known
                    messageScan = me.scans[Int(known)]
                } else {
                    var reading: ShapedReading? = nil
                    if !me.metOnce.check(hash: hash) {
                        reading = me.shapes.read(bytes) {
                            MessageParser.parse(line, from: messageStart, to: line.count, localized: localized)
                        }
                        if case .template(let shape, let values) = reading {
                            kind = .unkept
                            message = UInt32(me.unkeptValues.count)
                            me.unkeptValues += values
                            template = me.index(of: shape)
                        }
                    }
                    if kind == .unkept {
                        messageScan = scan(bytes)
                    } else {
                        if reading == nil {
                            reading = me.shapes.read(bytes) {
                                MessageParser.parse(line, from: messageStart, to: line.count, localized: localized)
                            }
                        }
                        let kept = reading!
                        message = me.messages.id(bytes)
                        me.kinds.append(kept)
                        me.scans.append(scan(bytes))
                        messageScan = me.scans[Int(message)]
                    }
                }
                let scanned = scan(UnsafeRawBufferPointer(rebasing: raw[0..<prefix.messageStart])).and(messageScan)
                keep = screenBytes(line, scanned: scanned, number: number, builder: &me.warnings)
            }
            // The line's screening warnings come before its call.
            for k in before..<me.warnings.trace.diagnostics.count {
                piece.records.append(
                    Record(time: .nan, line: UInt32(number), value: UInt32(k), thread: 0, kind: .warning))
            }
            guard keep else { return }
            var thread: UInt32 = 0
            if let range = prefix.threadRange {
                let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
                thread = me.recentThread.id(bytes) { me.threads.id($0) }
                if Int(thread) == me.threadRanges.count {
                    me.threadRanges.append(me.threadBytes.count..<(me.threadBytes.count + bytes.count))
                    me.threadBytes.append(contentsOf: bytes)
                }
            }
            var process: UInt32 = 0
            if let range = prefix.processRange {
                let bytes = UnsafeRawBufferPointer(rebasing: raw[range])
                if prefix.processRepeated, me.lastProcessID != 0 {
                    process = me.lastProcessID
                } else {
                    process = me.processes.id(bytes)
                    if Int(process) == me.processRanges.count {
                        me.processRanges.append(me.processBytes.count..<(me.processBytes.count + bytes.count))
                        me.processBytes.append(contentsOf: bytes)
                    }
                    me.lastProcessID = process
                }
            }
            piece.records.append(
                Record(
                    time: prefix.time ?? .nan, line: UInt32(number), value: message, thread: thread, kind: kind,
                    template: template, process: process))
        }
        me.pieces.append(piece)
    }

    /// The index of `template` in `templates`, added when new.
    private mutating func index(of template: CallTemplate) -> UInt32 {
        let key = template.identityKey
        if let known = templateIndexes[key] { return UInt32(known) }
        let index = UInt32(templates.count)
        templates.append(template)  // held, so its identity is not reused while it is a key
        templateIndexes.insert(key, Int32(index))
        return index
    }

    /// The start of a message, as a warning quotes it (`excerpt(from:to:limit:)`).
    private static func excerpt(_ message: String) -> String {
        var message = message
        return message.withUTF8 { $0.excerpt(from: 0, to: $0.count) }
    }

    /// Adds the part to `builder`, after `lines` lines read with `memo`.
    mutating func replay(into builder: inout TraceBuilder, memo: inout MessageMemo, afterLines lines: Int) {
        var entries = [Int](repeating: -1, count: kinds.count)
        var calls = [TraceBuilder.CallMemo?](repeating: nil, count: kinds.count)
        var generation = memo.generation
        let warnings = self.warnings.trace.diagnostics
        let templates = self.templates, unkeptValues = self.unkeptValues
        let messages = self.messages, kinds = self.kinds, threadBytes = self.threadBytes,
            threadRanges = self.threadRanges
        let processBytes = self.processBytes, processRanges = self.processRanges
        var lastProcess: UInt32 = 0
        var lines = lines
        processBytes.withUnsafeBytes { processes in
            threadBytes.withUnsafeBytes { threads in
                while var piece = pieces.popLast() {
                    defer { lines += piece.lineCount }
                    piece.records.drain { r in
                        let number = Int(r.line) + lines
                        if r.kind == .warning {
                            builder.append(warnings[Int(r.value)], afterLines: lines)
                            return
                        }
                        if r.process != lastProcess, r.process != 0 {
                            lastProcess = r.process
                            builder.noteProcess(
                                UnsafeRawBufferPointer(rebasing: processes[processRanges[Int(r.process)]]))
                        }
                        if memo.generation != generation {
                            entries = [Int](repeating: -1, count: kinds.count)
                            generation = memo.generation
                        }
                        let time = r.time.isNaN ? nil : r.time
                        let thread =
                            r.thread == 0 ? nil : UnsafeRawBufferPointer(rebasing: threads[threadRanges[Int(r.thread)]])
                        if r.kind == .unkept {
                            let template = templates[Int(r.template)]
                            let first = Int(r.value)
                            let values = unkeptValues[first..<(first + template.valueCount)]
                            var call: TraceBuilder.CallMemo? = nil
                            memo.apply(
                                template, values: values, time: time, thread: thread, number: number, into: &builder,
                                call: &call)
                            return
                        }
                        // A call template needs no entry in the memo: its message is seldom seen
                        // again (its addresses are new), and its resolution is kept here.
                        if case .template(let template, let values) = kinds[Int(r.value)] {
                            memo.apply(
                                template, values: values[...], time: time, thread: thread, number: number,
                                into: &builder,
                                call: &calls[Int(r.value)])
                            return
                        }
                        if entries[Int(r.value)] < 0 {
                            var text = messages[r.value]
                            let id = text.withUTF8 {
                                memo.entry(UnsafeRawBufferPointer($0)) { _ in kinds[Int(r.value)] }
                            }
                            if memo.generation != generation {
                                entries = [Int](repeating: -1, count: kinds.count)
                                generation = memo.generation
                            }
                            entries[Int(r.value)] = id
                        }
                        let id = entries[Int(r.value)]
                        memo.apply(
                            id, time: time, thread: thread, number: number, into: &builder,
                            text: ConsoleLogPart.excerpt(messages[r.value]))
                    }
                }
            }
        }
    }
}
