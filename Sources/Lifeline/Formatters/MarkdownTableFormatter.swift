/// The Markdown step table of seed 000: `Step | Time | Object | Event | <state...> | Note`.
/// State columns carry the last known value forward; the step where a value changes shows it
/// in bold and says so in the note. Linear in the trace: each distinct object/call pair is
/// escaped once.
public struct MarkdownTableFormatter {
    public init() {}

    public func format(_ trace: Trace) -> String { text(trace).string }

    /// The table as UTF-8 bytes, for long traces. The rows are made in pieces on two threads;
    /// each piece starts from the state values that stand before its first step.
    public func text(_ trace: Trace, into out: TextBuffer = TextBuffer()) -> TextBuffer {
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
    /// escaped once into a cache of its own (one per thread), so the threads share no counted
    /// references while they write rows.
    private struct Rows {
        let events: EventList, names: DisplayNames, stateKeys: [String], hasTime: Bool
        /// The value id standing for each state key, -1 for none yet.
        var current: [Int32]
        /// The state cells as they stand, ready to append.
        var carried: [UInt8] = []
        /// ` | Name | ` for each object symbol.
        var objectIndex = IdMap(), objectCells: [[UInt8]] = []
        /// The event cell and the note for each event symbol and extras id.
        var callIndex = IdMap(), callCells: [Call] = []
        /// Each distinct state value: its id, its display text, and its escaped cell.
        var valueIDs: [ArgValue: Int32] = [:], shown: [String] = [], valueCells: [String] = []
        /// The value id of each state key (-1 when unset) in each distinct state.
        var stateIndex = IdMap(), states: [[Int32]] = []
        /// `key: old → new` notes, escaped, by key, old and new value.
        var noteIndex = IdMap(), changeNotes: [String] = []
        var texts: CallTexts

        struct Call {
            var cell: [UInt8]
            /// The event's own note, escaped.
            var note: String?
            /// ` | note |` and the line end, for a step that sets no state.
            var tail: [UInt8]
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
            valueCells.append(MarkdownEscaper.cell(text))
            valueIDs[value] = Int32(shown.count - 1)
            return Int32(shown.count - 1)
        }

        func carriedCells() -> [UInt8] {
            Array(current.map { " | " + ($0 < 0 ? "" : valueCells[Int($0)]) }.joined().utf8)
        }

        mutating func objectCell(_ object: SymbolTable.ID) -> Int {
            if let known = objectIndex[UInt64(object)] { return Int(known) }
            objectCells.append(Array((" | " + MarkdownEscaper.cell(names[events.symbols[object]]) + " | ").utf8))
            objectIndex.insert(UInt64(object), Int32(objectCells.count - 1))
            return objectCells.count - 1
        }

        mutating func callCell(_ row: EventRow, at i: Int) -> Int {
            let key = UInt64(row.event) << 32 | UInt64(row.extras)
            if let known = callIndex[key] { return Int(known) }
            let note = events.note(at: i).map(MarkdownEscaper.cell)
            callCells.append(Call(
                cell: Array(MarkdownEscaper.cell(texts.text(events, at: i)).utf8), note: note,
                tail: Array((" | " + (note ?? "") + " |\n").utf8), hasState: events.hasState(at: i)))
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

        mutating func changeNote(key k: Int, from old: Int32, to new: Int32) -> String {
            let fits = k < 1 << 16 && old + 1 < 1 << 24 && new < 1 << 24
            let packed = UInt64(k) << 48 | UInt64(old + 1) << 24 | UInt64(new)
            if fits, let known = noteIndex[packed] { return changeNotes[Int(known)] }
            let key = stateKeys[k], to = shown[Int(new)]
            let note = MarkdownEscaper.cell(old < 0 ? "\(key) = \(to)" : "\(key): \(shown[Int(old)]) → \(to)")
            if fits {
                changeNotes.append(note)
                noteIndex.insert(packed, Int32(changeNotes.count - 1))
            }
            return note
        }

        mutating func write(_ range: Range<Int>, to out: inout TextBuffer) {
            for i in range {
                let row = events.row(at: i)
                let object = objectCell(row.object), call = callCell(row, at: i)
                out.write { b in
                    b.append("| ")
                    NumberFormat.appendInteger(Int64(row.seq), to: &b)
                    if hasTime {
                        b.append(" | ")
                        if !row.time.isNaN { MarkdownTableFormatter.appendSeconds(row.time, to: &b) }
                    }
                    b.append(contentsOf: objectCells[object])
                    b.append(contentsOf: callCells[call].cell)
                    if !callCells[call].hasState {
                        b.append(contentsOf: carried)
                        b.append(contentsOf: callCells[call].tail)
                    }
                }
                if callCells[call].hasState { writeState(at: i, note: callCells[call].note, to: &out) }
            }
        }

        /// The state cells of a step that sets state values, a changed value in bold, and the
        /// notes saying what changed.
        mutating func writeState(at i: Int, note: String?, to out: inout TextBuffer) {
            let values = states[stateValues(at: i)]
            var cells = ""
            var notes: [String] = []
            var changed = false
            for (k, value) in values.enumerated() {
                if value >= 0, current[k] != value {
                    notes.append(changeNote(key: k, from: current[k], to: value))
                    current[k] = value
                    changed = true
                    cells += " | **" + valueCells[Int(value)] + "**"
                } else {
                    cells += " | " + (current[k] < 0 ? "" : valueCells[Int(current[k])])
                }
            }
            if changed { carried = carriedCells() }
            if let note { notes.append(note) }
            out += cells + " | " + notes.joined(separator: "; ") + " |\n"
        }
    }

    /// `seconds`, written as bytes.
    static func appendSeconds(_ t: Double, to out: inout [UInt8]) {
        guard t.isFinite, abs(t) < 1e15 else {
            out.append(0x3F)
            return
        }
        let ms = Int((t * 1000).rounded())
        if ms < 0 { out.append(0x2D) }
        let magnitude = abs(ms)
        NumberFormat.appendInteger(Int64(magnitude / 1000), to: &out)
        let frac = magnitude % 1000
        out.append(0x2E)
        out.append(UInt8(0x30 + frac / 100))
        out.append(UInt8(0x30 + frac / 10 % 10))
        out.append(UInt8(0x30 + frac % 10))
    }

    /// Seconds with three decimals; a log whose clock went backwards gives negative times.
    static func seconds(_ t: Double) -> String {
        var out: [UInt8] = []
        appendSeconds(t, to: &out)
        return String(decoding: out, as: UTF8.self)
    }
}
