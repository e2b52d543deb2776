/// `lifeline check` output: compiler-style text, JSON, or SARIF 2.1.0.
public enum FindingsFormatter {
    public static func text(_ findings: [Finding]) -> String {
        findings.map(\.compilerStyle).joined()
    }

    public static func json(_ findings: [Finding]) -> String {
        var out = "[\n"
        out += findings.map { f in
            var item = "  {\"rule\":\(JSONEscaper.quoted(f.rule)),\"severity\":\"warning\",\"file\":\(JSONEscaper.quoted(f.location.file)),\"line\":\(f.location.line),\"message\":\(JSONEscaper.quoted(f.message))"
            item += ",\"notes\":[" + f.notes.map { n in
                "{\"file\":\(JSONEscaper.quoted(n.location.file)),\"line\":\(n.location.line),\"message\":\(JSONEscaper.quoted(n.message))}"
            }.joined(separator: ",") + "]}"
            return item
        }.joined(separator: ",\n")
        out += findings.isEmpty ? "]\n" : "\n]\n"
        return out
    }

    public static func sarif(_ findings: [Finding], rules: [any LintRule]) -> String {
        func location(_ l: TraceLocation, message: String? = nil) -> String {
            var s = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONEscaper.quoted(l.file))},\"region\":{\"startLine\":\(max(1, l.line))}}"
            if let message { s += ",\"message\":{\"text\":\(JSONEscaper.quoted(message))}" }
            return s + "}"
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out += "      \"tool\": {\"driver\": {\"name\": \"lifeline\", \"rules\": [\n"
        out += rules.map { r in
            "        {\"id\":\(JSONEscaper.quoted(r.id)),\"shortDescription\":{\"text\":\(JSONEscaper.quoted(r.summary))},\"defaultConfiguration\":{\"level\":\"warning\"}}"
        }.joined(separator: ",\n")
        out += "\n      ]}},\n      \"results\": [\n"
        out += findings.map { f in
            var r = "        {\"ruleId\":\(JSONEscaper.quoted(f.rule))"
            if let i = ruleIndex[f.rule] { r += ",\"ruleIndex\":\(i)" }
            r += ",\"level\":\"warning\",\"message\":{\"text\":\(JSONEscaper.quoted(f.message))},\"locations\":[\(location(f.location))]"
            if !f.notes.isEmpty {
                r += ",\"relatedLocations\":[" + f.notes.enumerated().map { i, n in
                    var l = location(n.location, message: n.message)
                    l.insert(contentsOf: "\"id\":\(i),", at: l.index(after: l.startIndex))
                    return l
                }.joined(separator: ",") + "]"
            }
            return r + "}"
        }.joined(separator: ",\n")
        out += (findings.isEmpty ? "" : "\n") + "      ]\n    }\n  ]\n}\n"
        return out
    }
}
