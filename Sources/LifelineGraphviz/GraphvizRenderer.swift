import CGraphviz
import Foundation

/// A failure inside libgraphviz, with the stage it happened in and Graphviz's own words.
public struct GraphvizError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The step of rendering that failed.
    package enum Stage: String, Sendable {
        /// Making Graphviz's context.
        case context
        /// Reading the DOT text.
        case parse
        /// Placing nodes and edges.
        case layout
        /// Writing the picture.
        case render
    }
    /// The step that failed.
    package var stage: Stage
    /// Graphviz's own words.
    public var message: String

    /// `graphviz layout failed: …`.
    public var description: String { "graphviz \(stage.rawValue) failed: \(message)" }
}

/// Output formats rendered in-process.
public enum GraphvizFormat: String, Sendable, CaseIterable {
    /// Scalable vector graphics.
    case svg
    /// A PNG image.
    case png
    /// A PDF document.
    case pdf
    /// DOT with the layout's positions added.
    case dot
    /// Graphviz's own name for the format.
    var device: String { self == .dot ? "dot" : rawValue }
}

/// Renders DOT text with libgraphviz in this process, for pictures of the DOT formatters' output: `agmemread` → `gvLayout` →
/// `gvRenderData`. libgraphviz is not thread-safe, so every call goes through one lock, and the
/// process has one context, created on first use. Graphviz's messages are captured through
/// `agseterrf` and returned in the error; nothing is written to stderr.
public enum GraphvizRenderer {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var context: OpaquePointer?
    nonisolated(unsafe) private static var captured = ""

    /// Lays out and renders DOT text, such as a `HierarchyDOTFormatter`'s output, with the
    /// layout `engine` (`dot`, `neato`, or `nop2` for a graph already placed).
    ///
    /// - Throws: ``GraphvizError`` when Graphviz cannot read, lay out or render the graph.
    public static func render(dot: String, format: GraphvizFormat, engine: String = "dot") throws(GraphvizError)
        -> [UInt8]
    {
        lock.lock()
        defer { lock.unlock() }
        captured = ""
        let gvc = try sharedContext()
        guard let graph = dot.withCString({ agmemread($0) }) else {
            throw GraphvizError(stage: .parse, message: takeMessages(or: "the DOT text could not be parsed"))
        }
        defer { agclose(graph) }
        if gvLayout(gvc, graph, engine) != 0 {
            var message = takeMessages(or: "layout with \(engine) failed")
            if message.contains("not recognized") {
                message += " (Graphviz's plugin configuration is missing: run `dot -c` as root to create it)"
            }
            throw GraphvizError(stage: .layout, message: message)
        }
        defer { gvFreeLayout(gvc, graph) }
        var data: UnsafeMutablePointer<CChar>? = nil
        var length = 0
        let rc = lifeline_gvRenderData(gvc, graph, format.device, &data, &length)
        defer { if let data { gvFreeRenderData(data) } }
        guard rc == 0, let data else {
            throw GraphvizError(stage: .render, message: takeMessages(or: "rendering \(format.rawValue) failed"))
        }
        return data.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Renders to a format by Graphviz's name, such as `svg` or `jpg`, checked against the
    /// formats this library build knows.
    package static func render(dot: String, formatName: String) throws(GraphvizError) -> [UInt8] {
        guard let format = GraphvizFormat(rawValue: formatName) else {
            throw GraphvizError(
                stage: .render, message: "format \"\(formatName)\" not recognized; use one of svg, png, pdf, dot")
        }
        return try render(dot: dot, format: format)
    }

    private static func sharedContext() throws(GraphvizError) -> OpaquePointer {
        if let context { return context }
        _ = agseterrf { fragment in
            if let fragment { GraphvizRenderer.captured += String(cString: fragment) }
            return 0
        }
        _ = agseterr(AGWARN)
        guard let created = gvContext() else {
            throw GraphvizError(stage: .context, message: "gvContext() returned NULL")
        }
        context = created
        return created
    }

    private static func takeMessages(or fallback: String) -> String {
        let text = captured.trimmingCharacters(in: .whitespacesAndNewlines)
        captured = ""
        return text.isEmpty ? fallback : text
    }
}
