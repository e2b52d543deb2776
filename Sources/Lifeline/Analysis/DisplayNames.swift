/// Short names for people: `HomeViewController` when the trace has one instance of the class,
/// `HomeViewController#2` when it has several. Ids stay unique either way.
public struct DisplayNames: Sendable {
    private var names: [String: String] = [:]

    public init(_ trace: Trace) {
        var ids: [String] = []
        var seen = Set<String>()
        func note(_ id: String) {
            if seen.insert(id).inserted { ids.append(id) }
        }
        for event in trace.events {
            note(event.object)
            for value in event.args.values { if case .string(let s) = value, DisplayNames.isInstanceId(s) { note(s) } }
            for value in event.state.values { if case .string(let s) = value, DisplayNames.isInstanceId(s) { note(s) } }
        }
        var perClass: [String: Int] = [:]
        for id in ids { perClass[DisplayNames.className(of: id), default: 0] += 1 }
        for id in ids {
            let cls = DisplayNames.className(of: id)
            names[id] = perClass[cls] == 1 && DisplayNames.isInstanceId(id) ? cls : id
        }
    }

    public subscript(id: String) -> String { names[id] ?? id }

    /// Shows a value, shortening it when it is an instance id.
    public func show(_ value: ArgValue) -> String {
        if case .string(let s) = value { return self[s] }
        return value.description
    }

    static func isInstanceId(_ s: String) -> Bool {
        guard let hash = s.lastIndex(of: "#"), hash != s.startIndex else { return false }
        let digits = s[s.index(after: hash)...]
        return !digits.isEmpty && digits.allSatisfy(\.isASCII) && digits.allSatisfy(\.isNumber)
    }

    static func className(of id: String) -> String {
        guard isInstanceId(id), let hash = id.lastIndex(of: "#") else { return id }
        return String(id[..<hash])
    }
}
