/// The native format, JSON Lines v1: one object per event, keys in a fixed order, `\n` after
/// each line. Reading this output and writing it again gives the same bytes.
public struct JSONLinesFormatter: TraceFormatter {
    /// A formatter for the native format.
    public init() {}

    package static func line(_ e: TraceEvent) -> String {
        var out =
            "{\"seq\":\(e.seq),\"object\":\(JSONEscaper.quoted(e.object)),\"event\":\(JSONEscaper.quoted(e.event))"
        if let c = e.className { out += ",\"class\":" + JSONEscaper.quoted(c) }
        if let a = e.address { out += ",\"address\":" + JSONEscaper.quoted(a) }
        if let t = e.time { out += ",\"time\":" + NumberFormat.decimal(t) }
        if let t = e.thread { out += ",\"thread\":" + JSONEscaper.quoted(t) }
        if !e.args.isEmpty { out += ",\"args\":" + JSONEscaper.object(e.args) }
        if !e.state.isEmpty { out += ",\"state\":" + JSONEscaper.object(e.state) }
        if let n = e.note { out += ",\"note\":" + JSONEscaper.quoted(n) }
        if let s = e.source { out += ",\"source\":{\"file\":\(JSONEscaper.quoted(s.file)),\"line\":\(s.line)}" }
        out += "}\n"
        return out
    }

    /// Writes every call of the trace to `output`, one line each.
    public func write(_ trace: Trace, to output: inout some TextOutputStream) {
        for event in trace.events { output.write(JSONLinesFormatter.line(event)) }
    }
}
