/// The Markdown step table written while a trace is followed (`lifeline table --follow`), one
/// row as each call is read. The state columns of the whole-trace table are not known ahead, so
/// one column lists the state values standing after the step (carried from earlier steps), a
/// value the step changed in bold; objects keep their instance ids (`FeedViewController#2`), since whether a class has
/// one instance is known only at the end.
///
/// ```
/// | Step | Time (s) | Object | Event | State | Note |
/// | ---: | ---: | --- | --- | --- | --- |
/// | 1 | 0.000 | UITabBarController#1 | shouldSelect(to: B#1) | **selectedViewController = A#1** |  |
/// ```
package struct FollowedTableFormatter {
    private let names = DisplayNames.unshortened
    /// The state values standing so far, carried from step to step.
    private var current: [String: ArgValue] = [:]

    package init() {}

    /// Seconds with three decimals, as the whole-trace table writes them.
    static func seconds(_ t: Double) -> String {
        guard t.isFinite, abs(t) < 1e15 else { return "?" }
        let ms = Int((t * 1000).rounded())
        let frac = String(abs(ms) % 1000)
        return (ms < 0 ? "-" : "") + "\(abs(ms) / 1000)." + String(repeating: "0", count: 3 - frac.count) + frac
    }

    package static let header =
        "| Step | Time (s) | Object | Event | State | Note |\n| ---: | ---: | --- | --- | --- | --- |\n"

    /// The row of `event`, with its line break.
    package mutating func row(_ event: TraceEvent) -> String {
        let time = event.time.map(Self.seconds) ?? ""
        var changed: Set<String> = []
        for (key, value) in event.state where current[key] != value {
            current[key] = value
            changed.insert(key)
        }
        let state = current.keys.sorted().map { key -> String in
            let cell = MarkdownEscaper.cell("\(key) = \(names.show(current[key]!))")
            return changed.contains(key) ? "**\(cell)**" : cell
        }
        let cells = [
            String(event.seq), time, MarkdownEscaper.cell(event.object),
            MarkdownEscaper.cell(CallTexts.call(event, names: names)),
            state.joined(separator: "; "), MarkdownEscaper.cell(event.note ?? ""),
        ]
        return "| " + cells.joined(separator: " | ") + " |\n"
    }
}
