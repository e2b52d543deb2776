/// Writes events in the native format (the same bytes as `JSONLinesFormatter`) straight from
/// the store's ids: the text of each distinct object/event pair, detail and extras is made once,
/// so a long trace costs a few copies and two numbers per line.
public struct JSONLinesWriter {
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

    private struct Detail {
        /// `,"class":…,"address":…`, `,"thread":…` and `,"source":{"file":…,"line":`.
        var classAddress: Range<Int>, thread: Range<Int>, source: Range<Int>
        var hasFile: Bool
    }

    public init() {}

    /// Appends the event at `index` as one line.
    public mutating func append(_ events: EventList, at index: Int, to out: inout [UInt8]) {
        let (head, headID) = self.head(events, index)
        let detailID = Int(events.detailID(at: index))
        if detailID >= details.count { details += Array(repeating: nil, count: detailID + 1 - details.count) }
        if details[detailID] == nil { details[detailID] = detail(events, UInt32(detailID)) }
        let detail = details[detailID]!
        let extrasID = Int(events.extrasID(at: index))
        if extrasID >= extras.count { extras += Array(repeating: nil, count: extrasID + 1 - extras.count) }
        if extras[extrasID] == nil { extras[extrasID] = self.extras(events, UInt32(extrasID)) }
        let beforeTime = join(UInt64(headID) << 32 | UInt64(detailID), head, detail.classAddress, afterTime: false)
        let afterTime = join(UInt64(detailID) << 32 | UInt64(extrasID), detail.thread, extras[extrasID]!, afterTime: true)
        // Plain values only go into the closure below: capturing the store would copy it.
        let seq = Int64(events.seq(at: index)), line = events.line(at: index), time = events.time(at: index)
        let hasSource = detail.hasFile || line != 0
        // The line is assembled on the stack and appended at once.
        let room =
            32 + 2 * ByteWriter.numberRoom + beforeTime.count + afterTime.count + (hasSource ? detail.source.count : 0)
            + (time.map { NumberFormat.isShort($0) ? ByteWriter.numberRoom : NumberFormat.decimal($0).utf8.count } ?? 0)
        texts.withBytes { store in
            ByteWriter.append(to: &out, room: room) { w in
                w.put(#"{"seq":"#)
                w.putInteger(seq)
                w.put(store, beforeTime)
                if let time {
                    w.put(#","time":"#)
                    w.putDecimal(time)
                }
                w.put(store, afterTime)
                if hasSource {
                    w.put(store, detail.source)
                    w.putInteger(Int64(line))
                    w.put(0x7D)
                }
                w.put("}\n")
            }
        }
    }

    /// Two kept texts end to end, kept once per key.
    private mutating func join(_ key: UInt64, _ first: Range<Int>, _ second: Range<Int>, afterTime: Bool) -> Range<Int> {
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

    /// The object/event text of the event at `index`, and its number among the heads.
    private mutating func head(_ events: EventList, _ index: Int) -> (Range<Int>, Int) {
        let object = events.objectSymbol(at: index), event = events.eventSymbol(at: index)
        let key = UInt64(object) << 32 | UInt64(event)
        if let known = headIndex[key] { return (heads[Int(known)], Int(known)) }
        let head = texts.keep(
            ",\"object\":" + JSONEscaper.quoted(events.symbols[object]) + ",\"event\":" + JSONEscaper.quoted(events.symbols[event]))
        headIndex.insert(key, Int32(heads.count))
        heads.append(head)
        return (head, heads.count - 1)
    }

    private mutating func detail(_ events: EventList, _ id: UInt32) -> Detail {
        let d = events.detail(id)
        var text = ""
        if d.className != 0 { text += ",\"class\":" + JSONEscaper.quoted(events.symbols[d.className]) }
        if d.address != 0 { text += ",\"address\":" + JSONEscaper.quoted(events.symbols[d.address]) }
        return Detail(
            classAddress: texts.keep(text),
            thread: texts.keep(d.thread == 0 ? "" : ",\"thread\":" + JSONEscaper.quoted(events.symbols[d.thread])),
            source: texts.keep(",\"source\":{\"file\":" + JSONEscaper.quoted(events.symbols[d.file]) + ",\"line\":"),
            hasFile: d.file != 0)
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
