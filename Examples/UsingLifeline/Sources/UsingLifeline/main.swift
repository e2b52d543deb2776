// Each job a user has, done with Lifeline's public API alone.
//
//   using-lifeline table TRACE          the step table, in Markdown
//   using-lifeline picture TRACE OUT    the hierarchy as SVG, and the sequence chart beside it
//   using-lifeline compare A B          the two traces compared, in Markdown
//   using-lifeline check TRACE          what breaks UIKit's rules, compiler-style
import Foundation
import Lifeline
import LifelineGraphviz

/// Reads a trace, printing its reading warnings to standard error.
func read(_ path: String) throws -> Trace {
    let trace = try Trace(contentsOf: URL(fileURLWithPath: path))
    for warning in trace.diagnostics {
        FileHandle.standardError.write(Data("\(warning)\n".utf8))
    }
    return trace
}

/// Writes text to standard output.
struct StandardOutput: TextOutputStream {
    mutating func write(_ string: String) { FileHandle.standardOutput.write(Data(string.utf8)) }
}

let arguments = Array(CommandLine.arguments.dropFirst())
var output = StandardOutput()
do {
    switch (arguments.first, arguments.count) {
    case ("table", 2):
        // Documentation: the step table with a column per state value.
        MarkdownTableFormatter().write(try read(arguments[1]), to: &output)
    case ("picture", 3):
        // A diagram: the hierarchy laid out by Graphviz, and the sequence chart in SVG.
        let trace = try read(arguments[1])
        let hierarchy = try GraphvizRenderer.render(dot: HierarchyDOTFormatter().format(trace), format: .svg)
        try Data(hierarchy).write(to: URL(fileURLWithPath: arguments[2]))
        let sequence = SVGSequenceFormatter().format(trace)
        try Data(sequence.utf8).write(to: URL(fileURLWithPath: arguments[2] + ".sequence.svg"))
    case ("compare", 3):
        // Two traces side by side: what is missing, extra, moved or changed.
        let diff = TraceDiff(try read(arguments[1]), try read(arguments[2]))
        DiffMarkdownFormatter().write(diff, to: &output)
        exit(diff.summary.isIdentical ? 0 : 1)
    case ("check", 2):
        // The calls that break UIKit's rules.
        let findings = Linter().findings(in: try read(arguments[1]))
        for finding in findings { output.write(finding.compilerStyle) }
        exit(findings.isEmpty ? 0 : 1)
    default:
        FileHandle.standardError.write(Data("usage: using-lifeline table|picture|compare|check FILE…\n".utf8))
        exit(2)
    }
} catch let error as TraceReadError {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(2)
}
