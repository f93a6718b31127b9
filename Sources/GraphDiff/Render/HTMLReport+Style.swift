/// The inline style sheet of the HTML report. Colour is never the only
/// mark: every kind of change also has a symbol (`+`, `−`, `~`, `↕`, `!`).
extension HTMLReport {
    static let styleSheet = """
    :root { --ins: #1a7f37; --del: #cf222e; --upd: #9a6700; --mov: #0550ae; --bg: #ffffff; --fg: #1f2328; --muted: #59636e; --line: #d1d9e0; }
    * { box-sizing: border-box; }
    body { margin: 0; padding: 1rem 1.5rem; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; color: var(--fg); background: var(--bg); }
    h1 { font-size: 1.3rem; margin: 0 0 .25rem; }
    code, .value, .order li, pre { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 13px; }
    .files { color: var(--muted); margin: 0 0 1rem; }
    table.summary { border-collapse: collapse; margin-bottom: 1rem; }
    table.summary th, table.summary td { border: 1px solid var(--line); padding: .2rem .6rem; text-align: right; }
    table.summary th:first-child, table.summary td:first-child { text-align: left; }
    #diagram { border: 1px solid var(--line); padding: .5rem; margin-bottom: 1rem; overflow: auto; }
    #diagram svg { max-width: 100%; height: auto; }
    #controls { display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; position: sticky; top: 0; background: var(--bg); padding: .5rem 0; border-bottom: 1px solid var(--line); z-index: 2; }
    #controls fieldset { border: 0; padding: 0; margin: 0; display: flex; gap: .5rem; align-items: center; }
    #controls legend { float: left; margin-right: .3rem; color: var(--muted); }
    button, select, input { font: inherit; }
    button { cursor: pointer; border: 1px solid var(--line); background: #f6f8fa; border-radius: 6px; padding: .15rem .6rem; }
    a:focus-visible, button:focus-visible, select:focus-visible, input:focus-visible, .card:focus-visible { outline: 3px solid #0969da; outline-offset: 2px; }
    #status { color: var(--muted); }
    .card { border: 1px solid var(--line); border-left: 6px solid var(--upd); border-radius: 6px; margin: .6rem 0; }
    .card.kind-inserted, .card.kind-added { border-left-color: var(--ins); }
    .card.kind-deleted, .card.kind-removed { border-left-color: var(--del); }
    .card.kind-order, .card.kind-moved { border-left-color: var(--mov); }
    .card:target { box-shadow: 0 0 0 3px #0969da55; }
    .card > header { display: flex; gap: .5rem; align-items: center; padding: .3rem .6rem; background: #f6f8fa; }
    .card > header .toggle { min-width: 2rem; }
    .badge { font-weight: 600; padding: 0 .4rem; border-radius: 4px; color: #fff; background: var(--upd); }
    .kind-inserted .badge, .kind-added .badge { background: var(--ins); }
    .kind-deleted .badge, .kind-removed .badge { background: var(--del); }
    .kind-order .badge, .kind-moved .badge { background: var(--mov); }
    .entity { font-weight: 600; }
    .body { padding: .4rem .8rem; }
    .body[hidden] { display: none; }
    table.rows { border-collapse: collapse; width: 100%; }
    table.rows td { vertical-align: top; padding: .1rem .4rem; border-top: 1px solid #eef1f4; }
    table.rows td.name { width: 14rem; color: var(--muted); }
    .old { color: var(--del); } .new { color: var(--ins); }
    .old::before { content: "− "; } .new::before { content: "+ "; }
    .value { white-space: pre-wrap; word-break: break-word; }
    del { background: #ffebe9; color: var(--del); } ins { background: #dafbe1; color: var(--ins); text-decoration: none; }
    del::before { content: "[-"; } del::after { content: "-]"; } ins::before { content: "{+"; } ins::after { content: "+}"; }
    .elided { color: var(--muted); }
    .note { color: var(--muted); font-style: italic; }
    .crumbs { color: var(--muted); }
    .order { margin: .5rem 0; }
    .order h4 { margin: .2rem 0; font-size: 13px; }
    .lists { display: grid; grid-template-columns: minmax(8rem, 1fr) 80px minmax(8rem, 1fr); align-items: start; }
    .order ol { list-style: none; margin: 0; padding: 0; }
    .order li { height: 24px; line-height: 24px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; padding: 0 .3rem; }
    .order li.mark-inserted { background: #dafbe1; } .order li.mark-removed { background: #ffebe9; text-decoration: line-through; }
    .order li.mark-moved { background: #ddf4ff; font-weight: 600; }
    .order .caption { color: var(--muted); font-size: 12px; }
    .order svg line.same { stroke: #afb8c1; stroke-width: 1; }
    .order svg line.move { stroke: var(--mov); stroke-width: 2.5; }
    .sides { display: grid; grid-template-columns: repeat(3, 1fr); gap: .5rem; }
    .sides section { border: 1px solid var(--line); border-radius: 4px; padding: .3rem .5rem; }
    .sides h4, .prefer h4 { margin: 0 0 .2rem; font-size: 13px; }
    .absent { color: var(--muted); font-style: italic; }
    #more { margin: 1rem 0; }
    #graphdiff-selfcheck { display: none; }
    @media print { #controls, #more { display: none; } }
    """
}
