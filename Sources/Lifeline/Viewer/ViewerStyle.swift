extension ViewerPage {
    /// The page's look: light and dark (following the system), and a print style that prints
    /// the current step's view without the controls.
    static let style = """
        :root{--bg:#fff;--fg:#1f2328;--muted:#57606a;--line:#d0d7de;--hl:#fff3bf;--row:#f6f8fa;--link:#0969da;
        --s0:#e0e0e0;--s1:#fff3cd;--s2:#d4edda;--s3:#f8d7da;--bad:#cf222e}
        @media (prefers-color-scheme:dark){:root{--bg:#0d1117;--fg:#e6edf3;--muted:#9198a1;--line:#30363d;--hl:#3b2e00;
        --row:#161b22;--link:#4493f8;--s0:#3a3f45;--s1:#5c4b00;--s2:#1f4d2b;--s3:#5c1f24;--bad:#ff7b72}}
        *{box-sizing:border-box}
        body{margin:0;font:13px/1.4 -apple-system,"Segoe UI",Helvetica,Arial,sans-serif;background:var(--bg);color:var(--fg)}
        header{padding:8px 12px;border-bottom:1px solid var(--line)}
        h1{font-size:15px;margin:0 0 6px}
        h2{font-size:13px;margin:10px 0 4px}
        .controls{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
        #slider{flex:1;min-width:160px}
        #where{min-width:120px;color:var(--muted)}
        button,input,select{font:inherit;color:inherit;background:var(--bg);border:1px solid var(--line);border-radius:4px;padding:2px 6px}
        :focus-visible{outline:2px solid var(--link);outline-offset:1px}
        main{display:grid;grid-template-columns:minmax(0,3fr) minmax(280px,2fr);height:calc(100vh - 76px)}
        #table-pane{overflow:hidden;border-right:1px solid var(--line)}
        #scroller{height:100%;overflow:auto}
        table{border-collapse:collapse;width:100%}
        #steps.untimed th:nth-child(2),#steps.untimed td:nth-child(2){display:none}
        th,td{text-align:left;padding:0 6px;height:22px;white-space:nowrap;border-bottom:1px solid var(--line);overflow:hidden;text-overflow:ellipsis;max-width:420px}
        thead th{position:sticky;top:0;background:var(--row);z-index:1}
        td.n{text-align:right;color:var(--muted)}
        tbody tr{cursor:pointer}
        tr.current{background:var(--hl)}
        tr.bad td{color:var(--bad)}
        aside{overflow:auto;padding:0 12px 12px}
        #tree ul{list-style:none;margin:0;padding-left:16px}
        #tree>ul{padding-left:0}
        .node{display:inline-block;padding:0 6px;margin:1px 0;border-radius:4px;border:1px solid var(--line)}
        .node.s0{background:var(--s0)}.node.s1{background:var(--s1)}.node.s2{background:var(--s2)}.node.s3{background:var(--s3)}
        .node.selected{outline:2px solid var(--link)}
        .mark{color:var(--muted);font-size:11px;margin-left:4px}
        .lane{display:flex;align-items:center;gap:6px;height:20px}
        .lane .name{width:140px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
        .lane svg{flex:1;height:14px}
        ol{padding-left:20px;margin:0}
        ol.empty{list-style:none;padding-left:0;color:var(--muted)}
        ol button{border:none;background:none;color:var(--link);padding:0;text-align:left;cursor:pointer;vertical-align:top}
        li.here button{font-weight:bold}
        .legend span{display:inline-block;padding:0 6px;margin-right:4px;border-radius:4px}
        .k-missing{color:var(--bad)}.k-extra{color:#1a7f37}.k-moved{color:#bc4c00}.k-changed{color:var(--link)}
        @media print{header .controls,#table-pane{display:none}main{display:block;height:auto}aside{overflow:visible}}
        """
}
