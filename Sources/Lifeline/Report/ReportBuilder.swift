/// `lifeline report`: a documentation page for one trace, as engineers write them up:
/// a summary with sentences generated from the trace, the hierarchy picture, the step table,
/// the flow chart, the sequence chart, the timeline, the `check` findings, and optionally a
/// comparison with another trace. No dates, absolute paths or tool versions appear in it, so
/// regenerating it changes nothing unless the trace changed.
package struct ReportBuilder {
    package enum File: Sendable {
        /// A picture of the whole trace, written into the buffer it is given: a long trace's
        /// pictures go to their files as they are made.
        case text(name: String, write: @Sendable (TextBuffer) -> TextBuffer)
        /// DOT to be rendered to SVG by the caller (through libgraphviz).
        /// A picture for Graphviz to lay out with `engine` (`dot`, or `nop2` for a tree Lifeline
        /// placed itself).
        case graphviz(name: String, dot: String, engine: String)

        package var name: String {
            switch self {
            case .text(let name, _), .graphviz(let name, _, _): name
            }
        }

        /// A text file's content, made now; nil for DOT.
        package var content: String? {
            guard case .text(_, let write) = self else { return nil }
            return write(TextBuffer()).string
        }
    }

    package struct Report: Sendable {
        package var markdown: String
        package var files: [File]
    }

    package var title: String
    /// Markdown placed under the title, as given.
    package var about: String?
    /// The command line shown at the foot of the page.
    package var command: String
    package var compare: Trace?
    package var match: TraceDiff.Match
    /// How many calls the page's summary, step table, flow chart and Mermaid sequence show at
    /// most: a long trace's page shows its first transitions and names the commands that give
    /// the rest. The SVG pictures hold the whole trace.
    package var maxCalls: Int

    /// The largest hierarchy the page's picture lets Graphviz lay out; a tree twice as big
    /// is placed by Lifeline, and a bigger graph is not drawn.
    static let maxLaidOutNodes = 1500

    package init(
        title: String, about: String? = nil, command: String, compare: Trace? = nil, match: TraceDiff.Match = .instance,
        maxCalls: Int = 2000
    ) {
        self.title = title
        self.about = about
        self.command = command
        self.compare = compare
        self.match = match
        self.maxCalls = max(1, maxCalls)
    }

    package func build(_ trace: Trace) -> Report {
        let names = DisplayNames(trace)
        let (transitionCount, transitions) = firstTransitions(trace)
        let findings = Linter().run(trace)
        let machine = AppearanceStateMachine(trace, keepingSteps: false)
        let controllers = machine.controllers
        var files: [File] = []
        var md = "# \(title)\n\n"
        if let about, !about.isEmpty { md += about.trimmingTrailingNewlines() + "\n\n" }

        md += "## Summary\n\n"
        md += "`\(trace.source)` holds \(trace.events.count) calls to \(trace.objects.count) objects, "
        md += "\(controllers.count) of which received appearance calls, in \(transitionCount) "
        md += transitionCount == 1 ? "transition" : "transitions"
        md +=
            ". `lifeline check` reports \(findings.isEmpty ? "no findings" : findings.count == 1 ? "1 finding" : "\(findings.count) findings").\n\n"
        let (preview, shownTransitions) = self.preview(trace, transitions)
        let cutNote =
            preview.events.count < trace.events.count
            ? "This page shows steps 1–\(preview.events.count) of \(trace.events.count); the pictures show them all. "
            : ""
        let more = transitionCount - shownTransitions.count
        for sentence in ReportBuilder.story(preview, shownTransitions, names, more: more) { md += "- \(sentence)\n" }
        if more > 0 {
            md += "- \(ReportBuilder.andMore(more)): `lifeline stats \(trace.source)` lists them all.\n"
        }
        md += "\n"

        md += "## Hierarchy\n\n"
        md +=
            "Who contained whom over the whole trace. Edges give the relation and the steps at which the child was added (+) and removed (−); a presented controller's edge is dashed, and a child gone by the end is dotted and grey. Boxes give each controller's appearance state at the end.\n\n"
        // Graphviz's layout time grows faster than the graph: a big tree is placed by Lifeline,
        // and past that the page says how to get the graph instead of drawing it.
        let hierarchy = Hierarchy(trace)
        let nodes = hierarchy.nodes.count
        var picture: (dot: String, engine: String)? = nil
        if nodes <= ReportBuilder.maxLaidOutNodes {
            picture = (HierarchyDOTFormatter().format(trace), "dot")
        } else if nodes <= ReportBuilder.maxLaidOutNodes * HierarchyDOTFormatter.placedForestFactor {
            let placed = HierarchyDOTFormatter().formatForRendering(trace)
            if placed.engine != "dot" { picture = placed }
        }
        if let picture {
            md += "![Hierarchy](hierarchy.svg)\n\n"
            files.append(.graphviz(name: "hierarchy.svg", dot: picture.dot, engine: picture.engine))
        } else {
            md +=
                "The hierarchy has \(nodes) objects, too many to draw on a page: `lifeline hierarchy \(trace.source) --format dot` writes it for other tools.\n\n"
        }
        // Mermaid refuses a chart of more than 500 edges.
        if hierarchy.edges.count <= 500 {
            md +=
                "<details><summary>The same as a Mermaid chart</summary>\n\n```mermaid\n"
                + MermaidHierarchyFormatter().rendered(hierarchy, states: machine, names: names)
                + "```\n\n</details>\n\n"
        }

        md += "## Step table\n\n"
        md +=
            "Every call in order. State columns carry their last value forward; a value in bold is the step where it changed.\n\n"
        if !cutNote.isEmpty { md += cutNote + "`lifeline table \(trace.source)` gives the whole table.\n\n" }
        md += MarkdownTableFormatter().format(preview) + "\n"

        md += "## Flow chart\n\n"
        if !cutNote.isEmpty { md += cutNote + "`lifeline flow \(trace.source)` gives the whole chart.\n\n" }
        md += "```\n" + FlowTextFormatter().format(preview) + "```\n\n"

        md += "## Sequence\n\n"
        if !cutNote.isEmpty { md += cutNote + "`lifeline sequence \(trace.source)` gives the whole chart.\n\n" }
        let parts = MermaidSequenceFormatter().parts(preview)
        for part in parts { md += "```mermaid\n" + part + "```\n\n" }
        md += "The same chart drawn by Lifeline: [sequence.svg](sequence.svg).\n\n"
        files.append(.text(name: "sequence.svg") { SVGSequenceFormatter().text(trace, into: $0) })

        md += "## Timeline\n\n![Appearance states over time](timeline.svg)\n\n"
        files.append(.text(name: "timeline.svg") { SVGTimelineFormatter().text(trace, into: $0) })

        md += "## Findings\n\n" + FindingsPreview(findings).markdown(source: trace.source)

        if let compare {
            let diff = TraceDiff(trace, compare, options: .init(match: match))
            md += "## Compared with `\(compare.source)`\n\n"
            md += "Calls matched by \(match.rawValue): \(diff.summary.line).\n\n"
            md += DiffMarkdownFormatter().format(diff) + "\n"
            md += "![Comparison](diff.svg)\n\n"
            files.append(.text(name: "diff.svg") { DiffSVGFormatter().text(diff, into: $0) })
        }

        md += "---\n\nGenerated by `\(command)`.\n"
        return Report(markdown: md, files: files)
    }

    /// How many transitions `trace` has, and the first ones: those that end within `maxCalls`
    /// (all of them when the trace is no longer), enough for `preview`. The rest are counted
    /// as they are found, not kept.
    func firstTransitions(_ trace: Trace) -> (count: Int, first: [Transition]) {
        var count = 0
        var first: [Transition] = []
        let keepsAll = trace.events.count <= maxCalls
        TransitionDetector.forEach(in: trace) { transition in
            count += 1
            if keepsAll || transition.range.upperBound < maxCalls { first.append(transition) }
        }
        return (count, first)
    }

    /// What a page shows of a long trace: its calls up to the end of the last transition that
    /// ends within `maxCalls` (the first `maxCalls` when none does), and those transitions.
    /// A trace of at most `maxCalls` calls is shown whole.
    func preview(_ trace: Trace, _ transitions: [Transition]) -> (trace: Trace, transitions: [Transition]) {
        guard trace.events.count > maxCalls else { return (trace, transitions) }
        let shown = transitions.last { $0.range.upperBound < maxCalls }.map { $0.range.upperBound + 1 } ?? maxCalls
        var first = trace
        first.events = EventList(trace.events[0..<shown])
        return (first, Array(transitions.prefix { $0.range.upperBound < shown }))
    }

    /// An about file's `# Title` first line, and the rest.
    package static func splitAbout(_ text: String) -> (title: String?, body: String) {
        guard text.hasPrefix("# ") else { return (nil, text) }
        let end = text.firstIndex(of: "\n") ?? text.endIndex
        let title = String(text[text.index(text.startIndex, offsetBy: 2)..<end]).trimmingCharacters(in: .whitespaces)
        return (title, String(text[end...]).trimmingCharacters(in: .newlines))
    }

    /// The command line the page names at its foot.
    package static func command(input: String, compare: String?, match: TraceDiff.Match) -> String {
        var command = "lifeline report \(input)"
        if let compare { command += " --compare \(compare)" }
        if match != .instance { command += " --match \(match.rawValue)" }
        return command
    }

    /// Sentences about each transition: who disappeared and appeared, in which order the
    /// will-calls and the did-calls came, and when a state value changed. `more` transitions
    /// end after the steps `trace` holds (a long trace's page shows its first calls).
    static func story(
        _ trace: Trace, _ transitions: [Transition], _ names: DisplayNames, more: Int = 0,
        style: StoryStyle = .markdown
    ) -> [String] {
        var out: [String] = []
        var current: [String: String] = [:]
        for t in transitions {
            var s = "Steps \(t.firstSeq)–\(t.lastSeq), \(style.text(t.kind.rawValue))"
            let gone = t.disappearing.map { style.strong(style.name(names[$0])) }
            let came = t.appearing.map { style.strong(style.name(names[$0])) }
            switch (gone.isEmpty, came.isEmpty) {
            case (false, false):
                s += ": \(gone.joined(separator: ", ")) disappeared and \(came.joined(separator: ", ")) appeared"
            case (true, false): s += ": \(came.joined(separator: ", ")) appeared"
            case (false, true): s += ": \(gone.joined(separator: ", ")) disappeared"
            case (true, true): s += ": no controller appeared or disappeared"
            }
            // Which will-call and which did-call came first: the orders that tell a tab switch
            // of one source from another's, and a push from a full-screen present.
            for (appear, disappear) in [
                (CanonicalEvent.viewWillAppear, CanonicalEvent.viewWillDisappear), (.viewDidAppear, .viewDidDisappear),
            ] {
                var firstAppear: TraceEvent? = nil, firstDisappear: TraceEvent? = nil
                for i in t.range {
                    let e = trace.events[i]
                    if e.canonical == appear, t.appearing.contains(e.object), firstAppear == nil { firstAppear = e }
                    if e.canonical == disappear, t.disappearing.contains(e.object), firstDisappear == nil {
                        firstDisappear = e
                    }
                }
                if let a = firstAppear, let d = firstDisappear {
                    let first = a.seq < d.seq ? a : d, second = a.seq < d.seq ? d : a
                    s +=
                        "; \(style.name(names[first.object])).\(style.text(first.event)) (step \(first.seq)) came before \(style.name(names[second.object])).\(style.text(second.event)) (step \(second.seq))"
                }
            }
            if let change = t.stackTopChange,
                let at = t.range.first(where: { [.push, .pop, .willShow].contains(trace.events[$0].canonical) })
            {
                let e = trace.events[at]
                s +=
                    "; the navigation stack's top was set \(change.phrase) (\(t.stackTopSeenAtWillShow ? "seen at " : "")\(e.event), step \(e.seq))"
            }
            for i in t.range {
                let e = trace.events[i]
                for key in e.state.keys.sorted() {
                    let value = style.name(names.show(e.state[key]!))
                    if let before = current[key] {
                        s +=
                            "; \(style.code(key)) changed from \(before) to \(value) at step \(e.seq) (\(style.text(e.event)))"
                        if i > t.range.lowerBound {
                            let previous = trace.events[i - 1]
                            s += ", after \(style.name(names[previous.object])).\(style.text(previous.event))"
                        }
                    } else {
                        s += "; \(style.code(key)) was \(value) at step \(e.seq) (\(style.text(e.event)))"
                    }
                    current[key] = value
                }
            }
            out.append(s + ".")
        }
        if transitions.isEmpty {
            out.append(
                more > 0
                    ? "No transition ends within the steps shown."
                    : "No transition: the trace has no appearance or container calls.")
        }
        return out
    }

    /// `… and 3 more transitions`, after the transitions a long trace's page shows.
    static func andMore(_ count: Int) -> String {
        "… and \(count) more transition\(count == 1 ? "" : "s")"
    }
}

extension String {
    func trimmingTrailingNewlines() -> String {
        var s = self
        while s.last == "\n" || s.last == "\r" { s.removeLast() }
        return s
    }
}

/// How the sentences of a report's story mark up what they quote from the trace: Markdown for
/// the page, HTML for the self-contained page.
struct StoryStyle: Sendable {
    /// A controller's or a value's display name.
    var name: @Sendable (String) -> String
    /// Emphasis around a name already marked up.
    var strong: @Sendable (String) -> String
    /// A state key.
    var code: @Sendable (String) -> String
    /// Other text taken from the trace (event and transition names).
    var text: @Sendable (String) -> String

    static let markdown = StoryStyle(
        name: { MarkdownEscaper.cell($0) }, strong: { "**\($0)**" }, code: { "`\($0)`" }, text: { $0 })
    /// Names are isolated (`<bdi>`), so a right-to-left mark in one cannot reverse the sentence.
    static let html = StoryStyle(
        name: { "<bdi>" + SVGEscaper.text($0) + "</bdi>" }, strong: { "<strong>\($0)</strong>" },
        code: { "<code>" + SVGEscaper.text($0) + "</code>" }, text: { SVGEscaper.text($0) })
}
