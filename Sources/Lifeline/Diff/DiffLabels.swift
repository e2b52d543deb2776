/// The `Object.event` labels of one side of a comparison, each escaped once for an output and
/// kept with its UTF-8 bytes: a long comparison repeats the same few labels on every row.
struct DiffLabels {
    struct Label {
        /// The escaped text, its bytes, and how many characters it shows.
        var text: String, bytes: [UInt8], characters: Int
    }

    let events: EventList
    private let names: DisplayNames
    private let escape: (String) -> String
    private var index = IdMap()
    private var labels: [Label] = []

    init(_ events: EventList, _ names: DisplayNames, escape: @escaping (String) -> String) {
        (self.events, self.names, self.escape) = (events, names, escape)
    }

    /// The label of the call at `i` (an index into `events`).
    mutating func label(_ i: Int) -> Label {
        let key = UInt64(events.objectSymbol(at: i)) << 32 | UInt64(events.eventSymbol(at: i))
        if let known = index[key] { return labels[Int(known)] }
        let text = escape(TraceDiff.label(events, i, names))
        index.insert(key, Int32(labels.count))
        labels.append(Label(text: text, bytes: Array(text.utf8), characters: columns(text)))
        return labels[labels.count - 1]
    }

    /// `seq. label`, the way a row shows the call at `i`.
    mutating func appendCall(_ i: Int, to bytes: inout [UInt8]) {
        NumberFormat.appendInteger(Int64(events.seq(at: i)), to: &bytes)
        bytes.append(". ")
        bytes.append(contentsOf: label(i).bytes)
    }
}
