/// Writes events in the native format (the same bytes as `JSONLinesFormatter`) straight from
/// the store's ids: the text of each distinct object/event pair, detail and extras is made once,
/// so a long trace costs a few copies and two numbers per line.
public struct JSONLinesWriter {
    private var heads: [UInt64: [UInt8]] = [:]
    /// Texts per detail id and per extras id (the ids are dense, so arrays serve).
    private var classAddress: [[UInt8]?] = []
    private var thread: [[UInt8]] = []
    private var source: [[UInt8]] = []
    private var hasFile: [Bool] = []
    private var extras: [[UInt8]?] = []

    public init() {}

    /// Appends the event at `index` as one line.
    public mutating func append(_ events: EventList, at index: Int, to out: inout [UInt8]) {
        out.append(contentsOf: #"{"seq":"#.utf8)
        NumberFormat.appendInteger(Int64(events.seq(at: index)), to: &out)
        let object = events.objectSymbol(at: index), event = events.eventSymbol(at: index)
        let key = UInt64(object) << 32 | UInt64(event)
        if heads[key] == nil {
            heads[key] = Array(
                (",\"object\":" + JSONEscaper.quoted(events.symbols[object]) + ",\"event\":"
                    + JSONEscaper.quoted(events.symbols[event])).utf8)
        }
        out.append(contentsOf: heads[key]!)
        let detailID = Int(events.detailID(at: index))
        if detailID >= classAddress.count {
            classAddress += Array(repeating: nil, count: detailID + 1 - classAddress.count)
            thread += Array(repeating: [], count: detailID + 1 - thread.count)
            source += Array(repeating: [], count: detailID + 1 - source.count)
            hasFile += Array(repeating: false, count: detailID + 1 - hasFile.count)
        }
        if classAddress[detailID] == nil {
            let d = events.detail(UInt32(detailID))
            hasFile[detailID] = d.file != 0
            var text = ""
            if d.className != 0 { text += ",\"class\":" + JSONEscaper.quoted(events.symbols[d.className]) }
            if d.address != 0 { text += ",\"address\":" + JSONEscaper.quoted(events.symbols[d.address]) }
            classAddress[detailID] = Array(text.utf8)
            thread[detailID] = d.thread == 0 ? [] : Array((",\"thread\":" + JSONEscaper.quoted(events.symbols[d.thread])).utf8)
            source[detailID] = Array((",\"source\":{\"file\":" + JSONEscaper.quoted(events.symbols[d.file]) + ",\"line\":").utf8)
        }
        out.append(contentsOf: classAddress[detailID]!)
        if let time = events.time(at: index) {
            out.append(contentsOf: #","time":"#.utf8)
            NumberFormat.appendDecimal(time, to: &out)
        }
        out.append(contentsOf: thread[detailID])
        let extrasID = Int(events.extrasID(at: index))
        if extrasID >= extras.count { extras += Array(repeating: nil, count: extrasID + 1 - extras.count) }
        if extras[extrasID] == nil {
            let x = events.extras(UInt32(extrasID))
            var text = ""
            if x.args != 0 { text += ",\"args\":" + JSONEscaper.object(events.dictionary(x.args)) }
            if x.state != 0 { text += ",\"state\":" + JSONEscaper.object(events.dictionary(x.state)) }
            if x.note != 0 { text += ",\"note\":" + JSONEscaper.quoted(events.symbols[x.note]) }
            extras[extrasID] = Array(text.utf8)
        }
        out.append(contentsOf: extras[extrasID]!)
        let line = events.line(at: index)
        if hasFile[detailID] || line != 0 {
            out.append(contentsOf: source[detailID])
            NumberFormat.appendInteger(Int64(line), to: &out)
            out.append(0x7D)
        }
        out.append(contentsOf: "}\n".utf8)
    }
}
