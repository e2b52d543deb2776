/// `lifeline check` output: compiler-style text, JSON, or SARIF 2.1.0.
package enum FindingsFormatter {
    /// A long list (a trace whose every cell repeats a mistake) is made in two halves, one on
    /// each core.
    package static func text(_ findings: [Finding]) -> String {
        guard findings.count > 4096 else { return findings.map(\.compilerStyle).joined() }
        let half = findings.count / 2
        let (first, second) = try! Parallel.run(  // neither throws
            { findings[..<half].map(\.compilerStyle).joined() },
            alongside: { findings[half...].map(\.compilerStyle).joined() })
        return first + second
    }

    package static func json(_ findings: [Finding]) -> String {
        var out = "[\n"
        out += findings.map { f in
            var item =
                "  {\"rule\":\(JSONEscaper.quoted(f.rule)),\"severity\":\"warning\",\"file\":\(JSONEscaper.quoted(f.location.file)),\"line\":\(f.location.line),\"message\":\(JSONEscaper.quoted(f.message))"
            item +=
                ",\"notes\":["
                + f.notes.map { n in
                    "{\"file\":\(JSONEscaper.quoted(n.location.file)),\"line\":\(n.location.line),\"message\":\(JSONEscaper.quoted(n.message))}"
                }.joined(separator: ",") + "]}"
            return item
        }.joined(separator: ",\n")
        out += findings.isEmpty ? "]\n" : "\n]\n"
        return out
    }

    /// SARIF 2.1.0, as GitHub code scanning takes it: relative paths are `uri`s against
    /// `%SRCROOT%` (paths under `baseDirectory`, the current folder, are made relative first),
    /// other absolute paths are `file://` URIs, and every path is percent-encoded. Each result
    /// has a fingerprint from its rule, its file's `uri` and its message (not its line), so it
    /// is recognised when lines above it move.
    package static func sarif(_ findings: [Finding], rules: [any LintRule], baseDirectory: String? = nil) -> String {
        func location(_ l: TraceLocation, message: String? = nil) -> String {
            let (uri, base) = SARIFLocation.uri(l.file, baseDirectory: baseDirectory)
            var s = "{\"physicalLocation\":{\"artifactLocation\":{\"uri\":\(JSONEscaper.quoted(uri))"
            if let base { s += ",\"uriBaseId\":\(JSONEscaper.quoted(base))" }
            s += "},\"region\":{\"startLine\":\(max(1, l.line))}}"
            if let message { s += ",\"message\":{\"text\":\(JSONEscaper.quoted(message))}" }
            return s + "}"
        }
        let ruleIndex = Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
        var out =
            "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out +=
            "      \"tool\": {\"driver\": {\"name\": \"lifeline\", \"version\": \(JSONEscaper.quoted(LifelineVersion.current)), \"rules\": [\n"
        out += rules.map { r in
            let summary = JSONEscaper.quoted(r.summary)
            return
                "        {\"id\":\(JSONEscaper.quoted(r.id)),\"name\":\(JSONEscaper.quoted(SARIFLocation.ruleName(r.id))),"
                + "\"shortDescription\":{\"text\":\(summary)},\"fullDescription\":{\"text\":\(summary)},"
                + "\"help\":{\"text\":\(summary)},\"defaultConfiguration\":{\"level\":\"warning\"}}"
        }.joined(separator: ",\n")
        out += "\n      ]}},\n      \"results\": [\n"
        out += findings.map { f in
            var r = "        {\"ruleId\":\(JSONEscaper.quoted(f.rule))"
            if let i = ruleIndex[f.rule] { r += ",\"ruleIndex\":\(i)" }
            r +=
                ",\"level\":\"warning\",\"message\":{\"text\":\(JSONEscaper.quoted(f.message))},\"locations\":[\(location(f.location))]"
            let print = SARIFLocation.fingerprint([
                f.rule, SARIFLocation.uri(f.location.file, baseDirectory: baseDirectory).0, f.message,
            ])
            r += ",\"partialFingerprints\":{\"lifelineFinding/v1\":\"\(print)\"}"
            if !f.notes.isEmpty {
                r +=
                    ",\"relatedLocations\":["
                    + f.notes.enumerated().map { i, n in
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

/// The paths, names and fingerprints of SARIF output.
enum SARIFLocation {
    /// The `uri` for a path and its `uriBaseId` (nil for an absolute `file://` URI).
    static func uri(_ path: String, baseDirectory: String?) -> (String, String?) {
        var path = path
        if path.hasPrefix("/"), let base = baseDirectory.map({ $0.hasSuffix("/") ? $0 : $0 + "/" }),
            path.hasPrefix(base)
        {
            path = String(path.dropFirst(base.count))
        }
        if path.hasPrefix("./") { path = String(path.dropFirst(2)) }
        if path.hasPrefix("/") { return ("file://" + encoded(path), nil) }
        return (encoded(path), "%SRCROOT%")
    }

    /// Percent-encodes every byte but the unreserved characters and `/` (RFC 3986).
    static func encoded(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }

    /// `double-appear` → `DoubleAppear`.
    static func ruleName(_ id: String) -> String {
        id.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A stable hash of the parts, each ended by a newline, in 16 hex digits.
    static func fingerprint(_ parts: [String]) -> String {
        var hash = StableHash()
        for part in parts {
            hash.add(part)
            hash.add(0x0A)
        }
        let hex = String(hash.value, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
