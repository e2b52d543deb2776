extension UnifiedLogReader {
    /// Reads a log entry's message that is a whole native event, as LifelineRecorder writes
    /// it to the unified log: a JSON object with `seq`, `object` and `event`. Its fields are
    /// taken as they are; nothing is read from text, and the entry's own time and thread are
    /// not used. Returns false for any other message, which is then read as console text.
    static func readNativeMessage(_ message: String, number: Int, into builder: inout TraceBuilder) -> Bool {
        guard message.utf8.first == 0x7B, message.utf8.last == 0x7D else { return false }
        var bytes = Array(message.utf8)
        let value = bytes.withUnsafeMutableBufferPointer { try? JSONParser.parse(UnsafeBufferPointer($0)) }
        guard let value, case .int? = value["seq"], value["object"]?.string != nil, value["event"]?.string != nil else {
            return false
        }
        NativeJSONLinesReader.add(value, line: number, into: &builder)
        return true
    }
}
