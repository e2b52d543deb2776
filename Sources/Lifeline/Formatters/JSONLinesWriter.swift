/// Writes events in the native format (the same bytes as `JSONLinesFormatter`) straight from
/// the store's ids: the text of each distinct object/event pair, detail and extras is made once,
/// so a long trace costs a few copies and two numbers per line.
package struct JSONLinesWriter {
    /// Every text made so far; the tables below say where each one is.
    private var texts = TextStore()
    /// `,"object":…,"event":…` per object/event pair, found through their packed symbols.
    private var headIndex = IdMap()
    private var heads: [Range<Int>] = []
    /// Texts per detail id and per extras id; the ids are dense, so arrays serve.
    private var details: [Detail?] = []
    private var extras: [Range<Int>?] = []
    /// What comes before the time (object, event, class, address) per head and detail, and
    /// after it (thread, arguments, state, note) per detail and extras: one copy each.
    private var beforeTimeIndex = IdMap(), afterTimeIndex = IdMap()
    private var joined: [Range<Int>] = []
    /// `,"thread":…` per thread symbol and `,"source":{"file":…,"line":` per file symbol: a
    /// trace has a few of each, while every new instance has a detail of its own.
    private var threadTexts = IdMap(), sourceTexts = IdMap()
    private var symbolTexts: [Range<Int>] = []

    private struct Detail {
        /// `,"class":…,"address":…`, `,"thread":…` and `,"source":{"file":…,"line":`.
        var classAddress: Range<Int>, thread: Range<Int>, source: Range<Int>
        var hasFile: Bool
    }

    /// The fixed texts of a line, by object, event, detail and extras, for the combination
    /// last seen in each slot: a long trace repeats a few combinations, so most lines find
    /// theirs here without the lookups that first make them.
    private var recent = [Template](repeating: Template(), count: 1 << JSONLinesWriter.recentBits)
    private static let recentBits = 12

    private struct Template {
        // An id no store hands out, so an empty slot matches no event.
        var object = UInt32.max, event = UInt32.max, detail = UInt32.max, extras = UInt32.max
        var beforeTime = 0..<0, afterTime = 0..<0, source = 0..<0
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
            32 + 2 * ByteWriter.numberRoom + template.beforeTime.count + template.afterTime.count
            + (hasSource ? template.source.count : 0)
            + (time.isNaN
                ? 0 : NumberFormat.isShort(time) ? ByteWriter.numberRoom : NumberFormat.decimal(time).utf8.count)
        texts.withBytes { store in
            ByteWriter.append(to: &out, room: room) { w in
                w.put(#"{"seq":"#)
                w.putInteger(seq)
                w.put(store, template.beforeTime)
                if !time.isNaN {
                    w.put(#","time":"#)
                    w.putDecimal(time)
                }
                w.put(store, template.afterTime)
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

    /// The fixed texts of a row's line, made or found in the tables below.
    private mutating func template(_ events: EventList, _ row: EventRow) -> Template {
        let (head, headID) = self.head(events, row.object, row.event)
        let detailID = Int(row.detail)
        if detailID >= details.count { details += Array(repeating: nil, count: detailID + 1 - details.count) }
        if details[detailID] == nil { details[detailID] = detail(events, row.detail) }
        let detail = details[detailID]!
        let extrasID = Int(row.extras)
        if extrasID >= extras.count { extras += Array(repeating: nil, count: extrasID + 1 - extras.count) }
        if extras[extrasID] == nil { extras[extrasID] = self.extras(events, row.extras) }
        return Template(
            object: row.object, event: row.event, detail: row.detail, extras: row.extras,
            beforeTime: join(UInt64(headID) << 32 | UInt64(detailID), head, detail.classAddress, afterTime: false),
            afterTime: join(
                UInt64(detailID) << 32 | UInt64(extrasID), detail.thread, extras[extrasID]!, afterTime: true),
            source: detail.source, hasFile: detail.hasFile)
    }

    /// Two kept texts end to end, kept once per key.
    private mutating func join(_ key: UInt64, _ first: Range<Int>, _ second: Range<Int>, afterTime: Bool) -> Range<Int>
    {
        if let known = afterTime ? afterTimeIndex[key] : beforeTimeIndex[key] { return joined[Int(known)] }
        let text = texts.join(first, second)
        if afterTime {
            afterTimeIndex.insert(key, Int32(joined.count))
        } else {
            beforeTimeIndex.insert(key, Int32(joined.count))
        }
        joined.append(text)
        return text
    }

    /// The object/event text of a row, and its number among the heads.
    private mutating func head(_ events: EventList, _ object: UInt32, _ event: UInt32) -> (Range<Int>, Int) {
        let key = UInt64(object) << 32 | UInt64(event)
        if let known = headIndex[key] { return (heads[Int(known)], Int(known)) }
        let head = texts.keep(
            ",\"object\":" + JSONEscaper.quoted(events.symbols[object]) + ",\"event\":"
                + JSONEscaper.quoted(events.symbols[event]))
        headIndex.insert(key, Int32(heads.count))
        heads.append(head)
        return (head, heads.count - 1)
    }

    private mutating func detail(_ events: EventList, _ id: UInt32) -> Detail {
        let d = events.detail(id)
        var text = ""
        if d.className != 0 { text += ",\"class\":" + JSONEscaper.quoted(events.symbols[d.className]) }
        if d.address != 0 { text += ",\"address\":" + JSONEscaper.quoted(events.symbols[d.address]) }
        let thread = symbolText(d.thread, in: \.threadTexts) {
            d.thread == 0 ? "" : ",\"thread\":" + JSONEscaper.quoted(events.symbols[d.thread])
        }
        let source = symbolText(d.file, in: \.sourceTexts) {
            ",\"source\":{\"file\":" + JSONEscaper.quoted(events.symbols[d.file]) + ",\"line\":"
        }
        return Detail(classAddress: texts.keep(text), thread: thread, source: source, hasFile: d.file != 0)
    }

    /// The text of `symbol` kept in the table at `table`, made by `make` the first time.
    private mutating func symbolText(
        _ symbol: UInt32, in table: WritableKeyPath<JSONLinesWriter, IdMap>, _ make: () -> String
    ) -> Range<Int> {
        if let known = self[keyPath: table][UInt64(symbol)] { return symbolTexts[Int(known)] }
        let text = texts.keep(make())
        self[keyPath: table].insert(UInt64(symbol), Int32(symbolTexts.count))
        symbolTexts.append(text)
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
