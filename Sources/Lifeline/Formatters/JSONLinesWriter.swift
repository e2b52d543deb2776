/// Writes events in the native format (the same bytes as `JSONLinesFormatter`) straight from
/// the store's ids: the text of each distinct object/event pair, detail and extras is made once,
/// so a long trace costs a few copies and two numbers per line.
public struct JSONLinesWriter {
    /// `,"object":…,"event":…` per object/event pair, found through their packed symbols.
    private var headIndex = IdMap()
    private var heads: [[UInt8]] = []
    /// Texts per detail id (class and address, thread, the start of the source) and per extras
    /// id; the ids are dense, so arrays serve.
    private var details: [Detail?] = []
    private var extras: [[UInt8]?] = []

    private struct Detail {
        var classAddress: [UInt8], thread: [UInt8], source: [UInt8]
        var hasFile: Bool

        /// The rest of the line after the object and event, in the native key order.
        func write(_ events: EventList, _ index: Int, extras: [UInt8], to out: inout [UInt8]) {
            out.append(contentsOf: classAddress)
            if let time = events.time(at: index) {
                out.append(#","time":"#)
                NumberFormat.appendDecimal(time, to: &out)
            }
            out.append(contentsOf: thread)
            out.append(contentsOf: extras)
            let line = events.line(at: index)
            if hasFile || line != 0 {
                out.append(contentsOf: source)
                NumberFormat.appendInteger(Int64(line), to: &out)
                out.append(0x7D)
            }
            out.append("}\n")
        }
    }

    public init() {}

    /// Appends the event at `index` as one line.
    public mutating func append(_ events: EventList, at index: Int, to out: inout [UInt8]) {
        out.append(#"{"seq":"#)
        NumberFormat.appendInteger(Int64(events.seq(at: index)), to: &out)
        let object = events.objectSymbol(at: index), event = events.eventSymbol(at: index)
        let key = UInt64(object) << 32 | UInt64(event)
        if let known = headIndex[key] {
            out.append(contentsOf: heads[Int(known)])
        } else {
            let head = Array(
                (",\"object\":" + JSONEscaper.quoted(events.symbols[object]) + ",\"event\":"
                    + JSONEscaper.quoted(events.symbols[event])).utf8)
            headIndex.insert(key, Int32(heads.count))
            heads.append(head)
            out.append(contentsOf: head)
        }
        let detailID = Int(events.detailID(at: index))
        if detailID >= details.count { details += Array(repeating: nil, count: detailID + 1 - details.count) }
        if details[detailID] == nil { details[detailID] = JSONLinesWriter.detail(events, UInt32(detailID)) }
        let extrasID = Int(events.extrasID(at: index))
        if extrasID >= extras.count { extras += Array(repeating: nil, count: extrasID + 1 - extras.count) }
        if extras[extrasID] == nil { extras[extrasID] = JSONLinesWriter.extras(events, UInt32(extrasID)) }
        details[detailID]!.write(events, index, extras: extras[extrasID]!, to: &out)
    }

    private static func detail(_ events: EventList, _ id: UInt32) -> Detail {
        let d = events.detail(id)
        var text = ""
        if d.className != 0 { text += ",\"class\":" + JSONEscaper.quoted(events.symbols[d.className]) }
        if d.address != 0 { text += ",\"address\":" + JSONEscaper.quoted(events.symbols[d.address]) }
        return Detail(
            classAddress: Array(text.utf8),
            thread: d.thread == 0 ? [] : Array((",\"thread\":" + JSONEscaper.quoted(events.symbols[d.thread])).utf8),
            source: Array((",\"source\":{\"file\":" + JSONEscaper.quoted(events.symbols[d.file]) + ",\"line\":").utf8),
            hasFile: d.file != 0)
    }

    private static func extras(_ events: EventList, _ id: UInt32) -> [UInt8] {
        let x = events.extras(id)
        var text = ""
        if x.args != 0 { text += ",\"args\":" + JSONEscaper.object(events.dictionary(x.args)) }
        if x.state != 0 { text += ",\"state\":" + JSONEscaper.object(events.dictionary(x.state)) }
        if x.note != 0 { text += ",\"note\":" + JSONEscaper.quoted(events.symbols[x.note]) }
        return Array(text.utf8)
    }
}
