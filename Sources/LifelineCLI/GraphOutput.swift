import ArgumentParser
import Foundation
import Lifeline
import LifelineGraphviz

extension GraphvizFormat: ExpressibleByArgument {}

/// Writes a DOT graph as DOT text, or renders it in-process to SVG, PNG or PDF.
enum GraphOutput {
    static func emit(
        dot: String, format: GraphvizFormat, engine: String = "dot", output: OutputOptions, inputs: [String]
    ) throws {
        if format == .dot {
            try output.emit(dot, inputs: inputs)
            return
        }
        let bytes: [UInt8]
        // A big graph takes seconds to lay out: say so.
        if dot.utf8.count > 200_000 {
            Console.status("rendering \(format.rawValue) with Graphviz (\(dot.utf8.count / 1000) kB of DOT)")
        }
        defer { Console.status(nil) }
        do {
            bytes = try GraphvizRenderer.render(dot: dot, format: format, engine: engine)
        } catch {
            Console.error(error.description)
            throw ExitCode(2)
        }
        if let path = output.output {
            try OutputFile.write(bytes, to: path, inputs: inputs)
        } else {
            if format != .svg, isatty(STDOUT_FILENO) != 0 {
                Console.error("refusing to write \(format.rawValue) to a terminal; use -o FILE")
                throw ExitCode(2)
            }
            Console.out(bytes)
        }
    }
}
