/// Writes events in the native format (the same bytes as `JSONLinesFormatter`) straight from
/// the store's ids: the text of each distinct object, event, detail and extras is made once,
/// so a long trace costs a few copies and two numbers per line. A line is put together from
/// those texts, not from a text made per combination: in a long session nearly every object
/// is new, and a text per object and event would be made for one or two lines.
package struct JSONLinesWriter {
    /// Every text made so far; the tables below say where each one is.
    private var texts = TextStore()
    /// Texts per detail id and per extras id; the ids are dense, so arrays serve.
    private var details: [Detail?] = []
    private var extras: [Range<Int>?] = []
    /// `,"object":…` and `,"event":…` per symbol, `,"thread":…` per thread symbol and
    /// `,"source":{"file":…,"line":` per file symbol: a trace has a few events, threads and
    /// files, while every new instance has an object and a detail of its own.
    private var objectTexts = IdMap(), eventTexts = IdMap()
    private var threadTexts = IdMap(), sourceTexts = IdMap()
    private var symbolTexts: [Range<Int>] = []

    private struct Detail {
        /// `,"class":…,"address":…`, `,"thread":…` and `,"source":{"file":…,"line":`.
        var classAddress: Range<Int>, thread: Range<Int>, source: Range<Int>
        var hasFile: Bool
    }

    /// The texts of a line, by object, event, detail and extras, for the combination last
    /// seen in each slot: a long trace repeats a few combinations, so most lines find theirs
    /// here without the lookups that first make them.
    private var recent = [Template](repeating: Template(), count: 1 << JSONLinesWriter.recentBits)
    private static let recentBits = 12

    private struct Template {
        // An id no store hands out, so an empty slot matches no event.
        var object = UInt32.max, event = UInt32.max, detail = UInt32.max, extras = UInt32.max
        var objectText = 0..<0, eventText = 0..<0, classAddress = 0..<0
        var thread = 0..<0, extrasText = 0..<0, source = 0..<0
        var hasFile = false
    }

    package init() {}

    /// Appends the event at `index` as one line.
    package mutating func append(_ events: EventList, at index: Int, to out: inout [UInt8]) {
        let row = events.row(at: index)
        let slot = JSONLinesWriter.slot(row)
        if recent[slot].object != row.object || recent[slot].event != row.event || recent[slot].detail != row.detail
            || recent[slot].extras != row.extras
        {
            recent[slot] = template(events, row)
        }
        let template = recent[slot]
        let seq = Int64(row.seq), line = row.line, time = row.time
        let hasSource = template.hasFile || line != 0
        // The line is assembled on the stack and appended at once.
        let room =
            32 + 2 * ByteWriter.numberRoom + template.objectText.count + template.eventText.count
            + template.classAddress.count + template.thread.count + template.extrasText.count
            + (hasSource ? template.source.count : 0)
            + (time.isNaN
                ? 0 : NumberFormat.isShort(time) ? ByteWriter.numberRoom : NumberFormat.decimal(time).utf8.count)
        texts.withBytes { store in
            ByteWriter.append(to: &out, room: room) { w in
                w.put(#"{"seq":"#)
                w.putInteger(seq)
                w.put(store, template.objectText)
                w.put(store, template.eventText)
                w.put(store, template.classAddress)
                if !time.isNaN {
                    w.put(#","time":"#)
                    w.putDecimal(time)
                }
                w.put(store, template.thread)
                w.put(store, template.extrasText)
                if hasSource {
                    w.put(store, template.source)
                    w.putInteger(Int64(line))
                    w.put(0x7D)
                }
                w.put("}\n")
            }
        }
    }

    /// Where a row's combination of ids is remembered in `recent`.
    @inline(__always) private static func slot(_ row: EventRow) -> Int {
        let names = (UInt64(row.object) | UInt64(row.event) << 32) &* 0x9E37_79B9_7F4A_7C15
        let rest = (UInt64(row.detail) | UInt64(row.extras) << 32) &* 0xC2B2_AE3D_27D4_EB4F
        return Int(truncatingIfNeeded: (names ^ rest) >> UInt64(64 - recentBits))
    }

    /// The texts of a row's line, made or found in the tables below.
    private mutating func template(_ events: EventList, _ row: EventRow) -> Template {
        let symbols = events.symbols
        let objectText = Self.symbolText(row.object, in: &objectTexts, &texts, &symbolTexts) {
            ",\"object\":" + JSONEscaper.quoted(symbols[$0])
        }
        let eventText = Self.symbolText(row.event, in: &eventTexts, &texts, &symbolTexts) {
            ",\"event\":" + JSONEscaper.quoted(symbols[$0])
        }
        let detailID = Int(row.detail)
        if detailID >= details.count { details += Array(repeating: nil, count: detailID + 1 - details.count) }
        if details[detailID] == nil { details[detailID] = detail(events.detail(row.detail), symbols) }
        let detail = details[detailID]!
        let extrasID = Int(row.extras)
        if extrasID >= extras.count { extras += Array(repeating: nil, count: extrasID + 1 - extras.count) }
        if extras[extrasID] == nil { extras[extrasID] = self.extras(events, row.extras) }
        return Template(
            object: row.object, event: row.event, detail: row.detail, extras: row.extras, objectText: objectText,
            eventText: eventText, classAddress: detail.classAddress, thread: detail.thread,
            extrasText: extras[extrasID]!, source: detail.source, hasFile: detail.hasFile)
    }

    private mutating func detail(_ d: EventDetail, _ symbols: SymbolTable) -> Detail {
        var text = ""
        if d.className != 0 { text += ",\"class\":" + JSONEscaper.quoted(symbols[d.className]) }
        if d.address != 0 { text += ",\"address\":" + JSONEscaper.quoted(symbols[d.address]) }
        let thread = Self.symbolText(d.thread, in: &threadTexts, &texts, &symbolTexts) {
            $0 == 0 ? "" : ",\"thread\":" + JSONEscaper.quoted(symbols[$0])
        }
        let source = Self.symbolText(d.file, in: &sourceTexts, &texts, &symbolTexts) {
            ",\"source\":{\"file\":" + JSONEscaper.quoted(symbols[$0]) + ",\"line\":"
        }
        return Detail(classAddress: texts.keep(text), thread: thread, source: source, hasFile: d.file != 0)
    }

    /// The text of `symbol` kept in `table`, made by `make` the first time and kept in
    /// `texts`, at a place in `list`.
    private static func symbolText(
        _ symbol: UInt32, in table: inout IdMap, _ texts: inout TextStore, _ list: inout [Range<Int>],
        _ make: (UInt32) -> String
    ) -> Range<Int> {
        if let known = table[UInt64(symbol)] { return list[Int(known)] }
        let text = texts.keep(make(symbol))
        table.insert(UInt64(symbol), Int32(list.count))
        list.append(text)
        return text
    }

    private mutating func extras(_ events: EventList, _ id: UInt32) -> Range<Int> {
        let x = events.extras(id)
        var text = ""
        if x.args != 0 { text += ",\"args\":" + JSONEscaper.object(events.dictionary(x.args)) }
        if x.state != 0 { text += ",\"state\":" + JSONEscaper.object(events.dictionary(x.state)) }
        if x.note != 0 { text += ",\"note\":" + JSONEscaper.quoted(events.symbols[x.note]) }
        return texts.keep(text)
    }
}
