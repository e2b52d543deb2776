/// `lifeline view`: one self-contained HTML file that steps through a trace. It embeds the
/// trace (`ViewerData`), its style and its script, loads nothing from the network, and works
/// from `file://`. At each step it shows the step table (only the rows in view are drawn, so a
/// long trace scrolls smoothly) with the current step marked, the containment tree at that step
/// with each controller's appearance state, the selected tab and the top of each navigation
/// stack, each controller's lane of states around the step, and the transitions and findings as
/// lists that move to their step. Keys: ←/→ a call, ⇧←/⇧→ a transition, Home/End; the URL
/// fragment (`#step=12`) names the step. With a second trace, a comparison table aligns the two
/// as `lifeline diff` does.
package struct ViewerPage {
    package init() {}

    package func format(_ trace: Trace, compare other: Trace? = nil, options: TraceDiff.Options = TraceDiff.Options())
        -> String
    {
        let diff = other.map { TraceDiff(trace, $0, options: options) }
        // `</` is written `<\/` (the same JSON), so no text can end the script element early.
        let data = ViewerData.json(trace, compare: other, diff: diff).replacingOccurrences(of: "</", with: "<\\/")
        let title = SVGEscaper.text("Lifeline: " + trace.source)
        return """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title)</title>
            <style>\(ViewerPage.style)</style>
            </head>
            <body>
            <header>
            <h1>\(title)</h1>
            <div class="controls">
            <button id="prev" type="button" title="Previous call (←)" aria-label="Previous call">◀</button>
            <input id="slider" type="range" min="1" max="1" value="1" aria-label="Step">
            <button id="next" type="button" title="Next call (→)" aria-label="Next call">▶</button>
            <output id="where" aria-live="polite"></output>
            <input id="search" type="search" placeholder="Filter rows: controller or call" aria-label="Filter rows">
            <select id="only" aria-label="Only this controller"><option value="">All controllers</option></select>
            </div>
            </header>
            <main>
            <section id="table-pane" aria-label="Steps">
            <div id="scroller" tabindex="0"><table id="steps"><thead><tr><th scope="col">Step</th><th scope="col">Time (s)</th><th scope="col">Object</th><th scope="col">Call</th><th scope="col">State</th></tr></thead><tbody></tbody></table></div>
            </section>
            <aside>
            <section><h2 id="tree-title">Hierarchy</h2><div id="tree"></div></section>
            <section><h2>Appearance states</h2><div id="lanes"></div></section>
            <section><h2>Transitions</h2><ol id="transitions"></ol></section>
            <section><h2>Findings</h2><ol id="findings"></ol></section>
            <section id="compare-pane" hidden><h2>Comparison</h2><div id="compare"></div></section>
            </aside>
            </main>
            <script type="application/json" id="trace-data">\(data)</script>
            <script>\(ViewerPage.script)</script>
            </body>
            </html>

            """
    }
}
