/// What a report page lists of `lifeline check`'s findings: all of them when there are few,
/// else the first ones and a count for each rule. A trace whose every cell repeats one
/// mistake has tens of thousands of findings; a page that lists them all is neither read
/// nor quick to make, and `lifeline check` gives the whole list.
///
/// With 30 000 findings of two rules, the page says how many each rule found and lists the
/// first 200.
package struct FindingsPreview {
    /// How many findings a page lists at most.
    package static let maxListed = 200

    package let total: Int
    /// The findings listed, in the trace's order.
    package let listed: [Finding]
    /// Each rule with how many findings it made, most first (then by rule), when the list is cut;
    /// empty when every finding is listed.
    package let countsByRule: [(rule: String, count: Int)]

    package init(_ findings: [Finding], maxListed: Int = FindingsPreview.maxListed) {
        total = findings.count
        listed = Array(findings.prefix(maxListed))
        guard findings.count > maxListed else {
            countsByRule = []
            return
        }
        var counts: [String: Int] = [:]
        for finding in findings { counts[finding.rule, default: 0] += 1 }
        countsByRule = counts.map { (rule: $0.key, count: $0.value) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.rule < $1.rule }
    }

    package var isCut: Bool { listed.count < total }

    /// The page's Markdown for the findings, under its heading; `source` names the trace in the
    /// command that gives the whole list.
    package func markdown(source: String) -> String {
        guard total > 0 else { return "`lifeline check` finds nothing to report.\n\n" }
        var md = ""
        if isCut {
            md += "`lifeline check` reports \(total) findings. Findings by rule:\n\n| Rule | Findings |\n|---|---:|\n"
            for (rule, count) in countsByRule { md += "| `\(rule)` | \(count) |\n" }
            md += "\nThe first \(listed.count) are below; `lifeline check \(source)` lists them all.\n\n"
        }
        return md + "```\n" + FindingsFormatter.text(listed) + "```\n\n"
    }
}
