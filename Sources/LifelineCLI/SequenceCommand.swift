import ArgumentParser
import Foundation
import Lifeline

struct SequenceCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable { case mermaid, plantuml, svg, text }

    static let configuration = CommandConfiguration(
        commandName: "sequence",
        abstract: "Draw a sequence chart: Mermaid, PlantUML, a native SVG of any length, or text for the terminal.",
        discussion: HelpText.laidOut(
            """
            Example:
              lifeline sequence Samples/tab-switch/trace.log --format mermaid
              lifeline sequence big.log --format svg -o big.svg
              lifeline sequence Samples/nav-push-pop/trace.log --format text --width 100

            Mermaid and PlantUML charts split at transition boundaries into numbered parts that
            stay under each renderer's limits (--max-messages, --max-characters).
            """))

    @OptionGroup var input: InputOptions
    @OptionGroup var slice: SliceOptions
    @OptionGroup var output: OutputOptions

    @Option(help: "mermaid, plantuml, svg or text.")
    var format: Format = .mermaid

    @Option(help: "Messages per Mermaid (default 450) or PlantUML (default 100) part.")
    var maxMessages: Int?

    @Option(help: "Characters per Mermaid part (Mermaid's default maxTextSize is 50000).")
    var maxCharacters: Int = 45_000

    @Flag(help: "Wrap Mermaid parts in ```mermaid fences for Markdown.")
    var markdown = false

    @Option(help: "Width of the text chart in columns.")
    var width: Int = 120

    @Flag(help: "Plain ASCII for the text chart.")
    var ascii = false

    @Flag(
        help: """
            Follow a growing input (text format): print each message (sender → receiver: call, and \
            the state it sets) as its call is read, until the input ends or Ctrl-C.
            """)
    var follow = false

    func validate() throws {
        guard follow else { return }
        if format != .text { throw ValidationError("--follow prints messages as text; use --format text") }
        try output.refuseWithFollow(follow)
        if slice.range != nil || slice.transition != nil {
            throw ValidationError("--follow reads the whole input; leave out --range and --transition")
        }
    }

    func run() throws {
        if follow { return try runFollowing() }
        let trace = try TraceSlice.apply(input.load(), range: slice.range, transition: slice.transition)
        try output.emit(inputs: [input.path]) { out in
            switch format {
            case .mermaid:
                let mermaid = MermaidSequenceFormatter(maxCharacters: maxCharacters, maxMessages: maxMessages ?? 450)
                return mermaid.text(trace, fenced: markdown, into: out)
            case .plantuml:
                return PlantUMLSequenceFormatter(maxMessages: maxMessages ?? 100).text(trace, into: out)
            case .svg:
                return SVGSequenceFormatter().text(trace, into: out)
            case .text:
                return try TextSequenceFormatter(width: width, ascii: ascii).checkedText(trace, into: out)
            }
        }
    }

    /// `--follow`: the calls read so far are planned again when a transition ends (at the pace
    /// `FollowedCalls.isDue` sets), and the new messages printed up to the end of the
    /// transition before the last one ended: a sender can depend on the calls of the transition
    /// after its own (a pop names the stack the controllers were in), so a message is printed
    /// once that transition has ended too. The rest are printed when the input ends.
    private func runFollowing() throws {
        var collected = FollowedCalls(source: input.path)
        var printed = 0
        let arrow = ascii ? "->" : "→", mark = ascii ? ">" : "▸"
        func printNew(through last: Int) {
            let plan = SequencePlan(collected.trace)
            var text = ""
            for block in plan.blocks {
                for m in block.messages where m.seq > printed && m.seq <= last {
                    let from = plan.label(plan.from(m)), to = plan.label(plan.to(m))
                    text += "\(m.seq)".leftPadded(to: 6) + "  \(from) \(arrow) \(to): \(plan.text(m))\n"
                    for note in m.notes { text += "        \(mark) \(note)\n" }
                    printed = m.seq
                }
            }
            if !text.isEmpty { Console.out(text) }
        }
        _ = try input.follow { batch in
            guard collected.add(batch), collected.ends.count >= 2, collected.isDue() else { return }
            printNew(through: collected.ends[collected.ends.count - 2])
        }
        printNew(through: Int.max)
    }
}

extension String {
    /// The text with spaces before it up to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
