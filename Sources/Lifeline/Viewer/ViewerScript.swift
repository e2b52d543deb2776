extension ViewerPage {
    /// The page's script: no library, no network. It reads the embedded data once and redraws
    /// the parts that depend on the current step when the step changes.
    static let script = #"""
        (function () {
        "use strict";
        const D = JSON.parse(document.getElementById("trace-data").textContent);
        const $ = (id) => document.getElementById(id);
        const steps = D.steps, N = steps.length, ROW = 23;
        const esc = (s) => String(s).replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
        const seqIndex = new Map();
        steps.forEach((s, i) => seqIndex.set(s[0], i));
        const indexOfSeq = (seq) => { let i = seqIndex.get(seq); if (i !== undefined) return i;
          let lo = 0, hi = N - 1; while (lo < hi) { const m = (lo + hi + 1) >> 1; if (steps[m][0] <= seq) lo = m; else hi = m - 1; } return lo; };
        const findingSeqs = new Set(D.findings.map((f) => f[0]));
        // A log with no times has no Time column.
        if (!steps.some((s) => s[1] !== null)) $("steps").classList.add("untimed");
        const laneOf = new Map(D.lanes.map((l) => [l[0], l[1]]));
        let cur = 0, rows = [];
        const tbody = document.querySelector("#steps tbody"), scroller = $("scroller");

        function stateAt(object, seq) {
          const changes = laneOf.get(object);
          if (!changes) return -1;
          let lo = 0, hi = changes.length - 1, found = -1;
          while (lo <= hi) { const m = (lo + hi) >> 1; if (changes[m][0] <= seq) { found = m; lo = m + 1; } else hi = m - 1; }
          return found < 0 ? -1 : changes[found][1];
        }
        function lastAtMost(list, seq) { let v = 0; for (const x of list) if (x <= seq) v = x; return v; }
        function aliveEdges(seq) {
          return D.edges.filter((e) => { const a = lastAtMost(e[3], seq); return a > 0 && a > lastAtMost(e[4], seq); });
        }

        function renderRows() {
          const top = scroller.scrollTop, height = scroller.clientHeight || 600;
          const first = Math.max(0, Math.floor(top / ROW) - 10), last = Math.min(rows.length, Math.ceil((top + height) / ROW) + 10);
          let html = '<tr aria-hidden="true" style="height:' + first * ROW + 'px"></tr>';
          for (let r = first; r < last; r++) {
            const i = rows[r], s = steps[i], classes = [];
            if (i === cur) classes.push("current");
            if (findingSeqs.has(s[0])) classes.push("bad");
            html += '<tr data-i="' + i + '"' + (classes.length ? ' class="' + classes.join(" ") + '"' : "") +
              (i === cur ? ' aria-current="step"' : "") + '><td class="n">' + s[0] + '</td><td class="n">' +
              (s[1] === null ? "" : s[1].toFixed(3)) + "</td><td>" + esc(D.objects[s[2]]) + "</td><td>" +
              esc(D.texts[s[3]]) + "</td><td>" + esc(D.states[s[4]]) + "</td></tr>";
          }
          html += '<tr aria-hidden="true" style="height:' + (rows.length - last) * ROW + 'px"></tr>';
          tbody.innerHTML = html;
        }

        function renderTree(seq, step) {
          const edges = aliveEdges(seq), children = new Map(), hasParent = new Set(), tops = new Set();
          for (const e of edges) {
            if (!children.has(e[0])) children.set(e[0], []);
            children.get(e[0]).push(e);
            hasParent.add(e[1]);
          }
          for (const [parent, list] of children) {
            const stack = list.filter((e) => e[2] === "stack");
            if (stack.length) tops.add(stack.reduce((a, b) => (lastAtMost(a[3], seq) >= lastAtMost(b[3], seq) ? a : b))[1]);
          }
          let shown = 0;
          const node = (o, relation) => {
            shown++;
            const state = stateAt(o, seq), marks = [];
            if (o === step[5]) marks.push("selected tab");
            if (tops.has(o)) marks.push("top of stack");
            if (relation && relation !== "child") marks.push(relation === "presents" ? "presented" : relation);
            let html = '<li><span class="node' + (state >= 0 ? " s" + state : "") + (o === step[5] ? " selected" : "") +
              '" title="' + (state >= 0 ? esc(D.stateNames[state]) : "no appearance call yet") + '">' + esc(D.objects[o]) +
              "</span>" + (marks.length ? '<span class="mark">' + esc(marks.join(", ")) + "</span>" : "");
            const kids = children.get(o) || [];
            if (kids.length && shown < 400) html += "<ul>" + kids.map((e) => node(e[1], e[2])).join("") + "</ul>";
            else if (kids.length) html += '<span class="mark">… ' + kids.length + " children</span>";
            return html + "</li>";
          };
          const roots = [...children.keys()].filter((o) => !hasParent.has(o));
          $("tree-title").textContent = "Hierarchy after step " + seq;
          $("tree").innerHTML = roots.length ? '<ul role="tree">' + roots.map((o) => node(o, null)).join("") + "</ul>"
            : "<p>No containment at this step.</p>";
        }

        function renderLanes(seq, step) {
          const picked = [step[2]];
          for (const l of D.lanes) { if (picked.length >= 24) break; if (!picked.includes(l[0]) && stateAt(l[0], seq) >= 0 &&
            l[1].some((c) => Math.abs(c[0] - seq) <= 80)) picked.push(l[0]); }
          // Eighty steps around the current one, within the trace.
          const firstSeq = steps[0][0], lastSeq = steps[N - 1][0];
          const from = Math.max(firstSeq, Math.min(seq - 40, lastSeq - 80)), to = Math.max(from + 1, Math.min(lastSeq + 1, from + 80));
          const x = (s) => ((Math.max(from, Math.min(to, s)) - from) / (to - from)) * 100;
          let html = '<div class="legend">' + D.stateNames.map((n, k) => '<span class="node s' + k + '">' + esc(n) + "</span>").join("") + "</div>";
          for (const o of picked) {
            const changes = laneOf.get(o);
            if (!changes) continue;
            let rects = "";
            for (let k = 0; k < changes.length; k++) {
              const start = changes[k][0], end = k + 1 < changes.length ? changes[k + 1][0] : to + 1;
              if (end < from || start > to) continue;
              rects += '<rect x="' + x(start) + '" width="' + Math.max(0.3, x(end) - x(start)) + '" height="14" style="fill:var(--s' + changes[k][1] + ')"><title>' +
                esc(D.stateNames[changes[k][1]]) + " from step " + start + "</title></rect>";
            }
            html += '<div class="lane"><span class="name">' + esc(D.objects[o]) + '</span><svg viewBox="0 0 100 14" preserveAspectRatio="none">' +
              rects + '<line x1="' + x(seq + 0.5) + '" x2="' + x(seq + 0.5) + '" y1="0" y2="14" stroke="currentColor" stroke-width="0.6"/></svg></div>';
          }
          $("lanes").innerHTML = html;
        }

        function markLists(seq) {
          for (const li of document.querySelectorAll("#transitions li")) {
            const on = +li.dataset.first <= seq && seq <= +li.dataset.last;
            li.classList.toggle("here", on);
          }
        }

        function go(i, keepScroll) {
          cur = Math.max(0, Math.min(N - 1, i));
          const step = steps[cur], seq = step[0];
          $("slider").value = cur + 1;
          $("where").textContent = "Step " + seq + " of " + steps[N - 1][0];
          history.replaceState(null, "", "#step=" + seq);
          if (!keepScroll) {
            let lo = 0, hi = rows.length - 1, r = -1;
            while (lo <= hi) { const m = (lo + hi) >> 1; if (rows[m] === cur) { r = m; break; } if (rows[m] < cur) lo = m + 1; else hi = m - 1; }
            if (r >= 0) {
              const top = r * ROW, view = scroller.clientHeight || 600;
              if (top < scroller.scrollTop + ROW || top > scroller.scrollTop + view - 2 * ROW) scroller.scrollTop = Math.max(0, top - view / 2);
            }
          }
          renderRows();
          renderTree(seq, step);
          renderLanes(seq, step);
          markLists(seq);
        }

        function applyFilter() {
          const q = $("search").value.toLowerCase(), only = $("only").value;
          rows = [];
          for (let i = 0; i < N; i++) {
            const s = steps[i];
            if (only !== "" && s[2] !== +only) continue;
            if (q && !D.objects[s[2]].toLowerCase().includes(q) && !D.texts[s[3]].toLowerCase().includes(q)) continue;
            rows.push(i);
          }
          scroller.scrollTop = 0;
          go(cur);
        }

        function jumpTransition(forward) {
          const seq = steps[cur][0], starts = D.transitions.map((t) => t[0]);
          const target = forward ? starts.find((s) => s > seq) : [...starts].reverse().find((s) => s < seq);
          if (target !== undefined) go(indexOfSeq(target));
        }

        function list(id, items, text) {
          const shown = items.slice(0, 2000);
          $(id).innerHTML = shown.map((t) => '<li data-first="' + t[0] + '" data-last="' + (t[1] > 0 && id === "transitions" ? t[1] : t[0]) +
            '"><button type="button" data-seq="' + t[0] + '">' + esc(text(t)) + "</button></li>").join("") +
            (items.length > shown.length ? "<li>… " + (items.length - shown.length) + " more</li>" : "") + (items.length ? "" : "<li>None.</li>");
          $(id).classList.toggle("empty", !items.length);
          $(id).addEventListener("click", (ev) => { const b = ev.target.closest("button"); if (b) go(indexOfSeq(+b.dataset.seq)); });
        }

        function compare() {
          if (!D.other) return;
          $("compare-pane").hidden = false;
          const a = D, b = D.other, show = (t, i) => (i < 0 ? "" : t.steps[i][0] + ". " + esc(t.objects[t.steps[i][2]]) + " " + esc(t.texts[t.steps[i][3]]));
          const rowsHTML = D.align.slice(0, 3000).map((r) => '<tr class="k-' + r[2] + '" data-i="' + r[0] + '"><td>' + show(a, r[0]) +
            "</td><td>" + esc(r[2]) + "</td><td>" + show(b, r[1]) + "</td></tr>").join("");
          $("compare").innerHTML = '<table><thead><tr><th scope="col">' + esc(a.source) + '</th><th scope="col"></th><th scope="col">' +
            esc(b.source) + "</th></tr></thead><tbody>" + rowsHTML + "</tbody></table>";
          $("compare").addEventListener("click", (ev) => { const tr = ev.target.closest("tr"); if (tr && +tr.dataset.i >= 0) go(+tr.dataset.i); });
        }

        $("slider").max = N;
        $("only").innerHTML += [...new Set(steps.map((s) => s[2]))].slice(0, 2000).map((o) => '<option value="' + o + '">' + esc(D.objects[o]) + "</option>").join("");
        list("transitions", D.transitions, (t) => t[2] + " (steps " + t[0] + "–" + t[1] + ")");
        list("findings", D.findings, (f) => "step " + f[0] + ": " + f[1] + ": " + f[2]);
        compare();
        tbody.addEventListener("click", (ev) => { const tr = ev.target.closest("tr[data-i]"); if (tr) go(+tr.dataset.i, true); });
        scroller.addEventListener("scroll", () => requestAnimationFrame(renderRows));
        $("slider").addEventListener("input", () => go(+$("slider").value - 1));
        $("prev").addEventListener("click", () => go(cur - 1));
        $("next").addEventListener("click", () => go(cur + 1));
        $("search").addEventListener("input", applyFilter);
        $("only").addEventListener("change", applyFilter);
        document.addEventListener("keydown", (ev) => {
          if (ev.target.matches("input[type=search], select") || ev.altKey || ev.ctrlKey || ev.metaKey) return;
          if (ev.key === "ArrowRight") ev.shiftKey ? jumpTransition(true) : go(cur + 1);
          else if (ev.key === "ArrowLeft") ev.shiftKey ? jumpTransition(false) : go(cur - 1);
          else if (ev.key === "Home") go(0);
          else if (ev.key === "End") go(N - 1);
          else return;
          ev.preventDefault();
        });
        window.addEventListener("hashchange", () => { const m = /step=(\d+)/.exec(location.hash); if (m) go(indexOfSeq(+m[1])); });
        const m = /step=(\d+)/.exec(location.hash);
        cur = m ? indexOfSeq(+m[1]) : 0;
        applyFilter();
        window.lifelineViewer = { go: (seq) => go(indexOfSeq(seq)), step: () => steps[cur][0] };
        window.lifelineViewerReadyAt = performance.now();
        document.body.dataset.ready = "true";
        })();
        """#
}
