/// The Markdown step table: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note. Linear in the trace: each distinct object/call pair is
/// escaped once.
public struct MarkdownTableFormatter: TraceFormatter {
    /// A formatter for GitHub-flavoured Markdown.
    public init() {}

    /// Writes the step table to `output`.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        output.write(text(trace).string)
    }

    /// The table as UTF-8 bytes, for long traces. The rows are made in pieces on two threads;
    /// each piece starts from the state values that stand before its first step.
    package func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
        let events = trace.events
        let names = DisplayNames(trace)
        var stateKeys: [String] = []
        var seenStates = Set<UInt32>()
        var hasTime = false
        // The state values standing before each piece, every key kept (keys not in a state
        // are never read).
        var startStates: [[String: ArgValue]] = []
        var current: [String: ArgValue] = [:]
        var lastState: UInt32 = 0
        for i in events.indices {
            if i % Parallel.pieceSize == 0 { startStates.append(current) }
            if !hasTime, events.time(at: i) != nil { hasTime = true }
            let state = events.stateID(at: i)
            guard state != 0, state != lastState else { continue }
            lastState = state
            let values = events.state(at: i)
            for (key, value) in values { current[key] = value }
            guard seenStates.insert(state).inserted else { continue }
            for key in values.keys.sorted() where !stateKeys.contains(key) { stateKeys.append(key) }
        }
        var header = ["Step"]
        var align = ["---:"]
        if hasTime { header.append("Time (s)"); align.append("---:") }
        header += ["Object", "Event"]
        align += ["---", "---"]
        for key in stateKeys { header.append(MarkdownEscaper.cell(key)); align.append("---") }
        header.append("Note")
        align.append("---")

        var out = out
        out += "| " + header.joined(separator: " | ") + " |\n"
        out += "| " + align.joined(separator: " | ") + " |\n"
        let keys = stateKeys, timed = hasTime, starts = startStates
        Parallel.pieces(
            of: events.count, into: &out, cache: { Rows(events: events, names: names, stateKeys: keys, hasTime: timed) }
        ) { k, range, rows, piece in
            rows.start(from: starts[k])
            rows.write(range, to: &piece)
        }
        if !trace.findings.isEmpty {
            out += "\nUIKit warnings in the log:\n\n"
            for finding in trace.findings {
                let place = finding.location.map { "line \($0.line): " } ?? ""
                out += "- " + place + MarkdownEscaper.cell(finding.message) + "\n"
            }
        }
        return out
    }

    /// The rows of a run of steps. Each distinct object, call, state value and change note is
    /// escaped once into a store of its own (one per thread), so the threads share no counted
    /// references while they write rows, and a row is copied out of one buffer.
    private struct Rows {
        let events: EventList, names: DisplayNames, stateKeys: [String], hasTime: Bool
        /// The value id standing for each state key, -1 for none yet.
        var current: [Int32]
        /// The state cells as they stand, ready to append.
        var carried: [UInt8] = []
        /// Every cell and note below, escaped, end to end.
        var store = TextStore()
        /// ` | Name | ` for each object symbol.
        var objectIndex = IdMap(), objectCells: [Range<Int>] = []
        /// The event cell and the note for each event symbol and extras id.
        var callIndex = IdMap(), callCells: [Call] = []
        /// Each distinct state value: its id, its display text, and its escaped cell.
        var valueIDs: [ArgValue: Int32] = [:], shown: [String] = [], valueCells: [Range<Int>] = []
        /// The value id of each state key (-1 when unset) in each distinct state.
        var stateIndex = IdMap(), states: [[Int32]] = []
        /// `key: old → new` notes, escaped, by key, old and new value.
        var noteIndex = IdMap(), changeNotes: [Range<Int>] = []
        var texts: CallTexts

        struct Call {
            var cell: Range<Int>
            /// The event's own note, escaped; empty for none.
            var note: Range<Int>
            /// ` | note |` and the line end, for a step that sets no state.
            var tail: Range<Int>
            var hasState: Bool
        }

        init(events: EventList, names: DisplayNames, stateKeys: [String], hasTime: Bool) {
            (self.events, self.names, self.stateKeys, self.hasTime) = (events, names, stateKeys, hasTime)
            texts = CallTexts(names)
            current = []
        }

        /// Starts a run of steps with the state values standing before it.
        mutating func start(from values: [String: ArgValue]) {
            current = stateKeys.map { key in values[key].map { valueID($0) } ?? -1 }
            carried = carriedCells()
        }

        mutating func valueID(_ value: ArgValue) -> Int32 {
            if let known = valueIDs[value] { return known }
            let text = names.show(value)
            shown.append(text)
            valueCells.append(store.keep(MarkdownEscaper.cell(text)))
            valueIDs[value] = Int32(shown.count - 1)
            return Int32(shown.count - 1)
        }

        func carriedCells() -> [UInt8] {
            var cells: [UInt8] = []
            for value in current {
                cells += " | ".utf8
                if value >= 0 { store.copy(valueCells[Int(value)], to: &cells) }
            }
            return cells
        }

        mutating func objectCell(_ object: SymbolTable.ID) -> Int {
            if let known = objectIndex[UInt64(object)] { return Int(known) }
            objectCells.append(store.keep(" | " + MarkdownEscaper.cell(names[events.symbols[object]]) + " | "))
            objectIndex.insert(UInt64(object), Int32(objectCells.count - 1))
            return objectCells.count - 1
        }

        mutating func callCell(_ row: EventRow, at i: Int) -> Int {
            let key = UInt64(row.event) << 32 | UInt64(row.extras)
            if let known = callIndex[key] { return Int(known) }
            let note = events.note(at: i).map(MarkdownEscaper.cell) ?? ""
            callCells.append(
                Call(
                    cell: store.keep(MarkdownEscaper.cell(texts.text(events, at: i))), note: store.keep(note),
                    tail: store.keep(" | " + note + " |\n"), hasState: events.hasState(at: i)))
            callIndex.insert(key, Int32(callCells.count - 1))
            return callCells.count - 1
        }

        mutating func stateValues(at i: Int) -> Int {
            let id = events.stateID(at: i)
            if let known = stateIndex[UInt64(id)] { return Int(known) }
            let state = events.state(at: i)
            states.append(stateKeys.map { key in state[key].map { valueID($0) } ?? -1 })
            stateIndex.insert(UInt64(id), Int32(states.count - 1))
            return states.count - 1
        }

        mutating func changeNote(key k: Int, from old: Int32, to new: Int32) -> Range<Int> {
            let fits = k < 1 << 16 && old + 1 < 1 << 24 && new < 1 << 24
            let packed = UInt64(k) << 48 | UInt64(old + 1) << 24 | UInt64(new)
            if fits, let known = noteIndex[packed] { return changeNotes[Int(known)] }
            let key = stateKeys[k], to = shown[Int(new)]
            let note = store.keep(
                MarkdownEscaper.cell(old < 0 ? "\(key) = \(to)" : "\(key): \(shown[Int(old)]) → \(to)"))
            if fits {
                changeNotes.append(note)
                noteIndex.insert(packed, Int32(changeNotes.count - 1))
            }
            return note
        }

        mutating func write(_ range: Range<Int>, to out: inout TextBuffer) {
            for i in range {
                let row = events.row(at: i)
                let object = objectCells[objectCell(row.object)], call = callCells[callCell(row, at: i)]
                if call.hasState {
                    writeState(at: i, row: row, object: object, call: call, to: &out)
                    continue
                }
                let room = 2 * ByteWriter.numberRoom + object.count + call.cell.count + carried.count + call.tail.count
                store.withBytes { texts in
                    carried.withUnsafeBytes { carried in
                        out.write { b in
                            ByteWriter.append(to: &b, room: room) { w in
                                writeStart(row, object: object, call: call, texts: texts, to: &w)
                                w.put(carried)
                                w.put(texts, call.tail)
                            }
                        }
                    }
                }
            }
        }

        /// `| step | time | object | event`, the cells every row starts with.
        @inline(__always) private func writeStart(
            _ row: EventRow, object: Range<Int>, call: Call, texts: UnsafeRawBufferPointer, to w: inout ByteWriter
        ) {
            w.put("| ")
            w.putInteger(Int64(row.seq))
            if hasTime {
                w.put(" | ")
                if !row.time.isNaN { MarkdownTableFormatter.putSeconds(row.time, to: &w) }
            }
            w.put(texts, object)
            w.put(texts, call.cell)
        }

        /// A step that sets state values: its cells, a changed value in bold, and the notes
        /// saying what changed, then its own note.
        mutating func writeState(at i: Int, row: EventRow, object: Range<Int>, call: Call, to out: inout TextBuffer) {
            let values = states[stateValues(at: i)]
            var notes: [Range<Int>] = []
            var bold = [Bool](repeating: false, count: values.count)
            for (k, value) in values.enumerated() where value >= 0 && current[k] != value {
                notes.append(changeNote(key: k, from: current[k], to: value))
                current[k] = value
                bold[k] = true
            }
            if !notes.isEmpty { carried = carriedCells() }
            if !call.note.isEmpty { notes.append(call.note) }
            let cellRoom = current.reduce(0) { $0 + 7 + ($1 < 0 ? 0 : valueCells[Int($1)].count) }
            let room =
                2 * ByteWriter.numberRoom + object.count + call.cell.count + cellRoom
                + notes.reduce(8) { $0 + $1.count + 2 }
            let standing = current, cells = valueCells
            store.withBytes { texts in
                out.write { b in
                    ByteWriter.append(to: &b, room: room) { w in
                        writeStart(row, object: object, call: call, texts: texts, to: &w)
                        for (k, value) in standing.enumerated() {
                            w.put(bold[k] ? " | **" : " | ")
                            if value >= 0 { w.put(texts, cells[Int(value)]) }
                            if bold[k] { w.put("**") }
                        }
                        w.put(" | ")
                        for (n, note) in notes.enumerated() {
                            if n > 0 { w.put("; ") }
                            w.put(texts, note)
                        }
                        w.put(" |\n")
                    }
                }
            }
        }
    }

    /// `seconds`, written with a `ByteWriter` (at most `ByteWriter.numberRoom` bytes).
    @inline(__always) static func putSeconds(_ t: Double, to w: inout ByteWriter) {
        guard t.isFinite, abs(t) < 1e15 else {
            w.put(0x3F)
            return
        }
        let ms = Int((t * 1000).rounded())
        if ms < 0 { w.put(0x2D) }
        let magnitude = abs(ms)
        w.putInteger(Int64(magnitude / 1000))
        let frac = magnitude % 1000
        w.put(0x2E)
        w.put(UInt8(0x30 + frac / 100))
        w.put(UInt8(0x30 + frac / 10 % 10))
        w.put(UInt8(0x30 + frac % 10))
    }

    /// Seconds with three decimals; a log whose clock went backwards gives negative times.
    static func seconds(_ t: Double) -> String {
        var out: [UInt8] = []
        ByteWriter.append(to: &out, room: ByteWriter.numberRoom) { putSeconds(t, to: &$0) }
        return String(decoding: out, as: UTF8.self)
    }
}
