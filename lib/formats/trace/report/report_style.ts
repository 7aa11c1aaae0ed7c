// The report's only stylesheet, inline: the file must open offline.

export const REPORT_CSS = `
:root { color-scheme: light; --ok: #17803d; --bad: #b42318; --muted: #5f6368; --line: #d9dce1; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, sans-serif; margin: 0 auto; padding: 1rem 1.5rem; max-width: 1400px; color: #1f2328; }
h1 { font-size: 1.4rem; margin: 0 0 .5rem; }
h2 { font-size: 1.1rem; margin: 0 0 .5rem; }
h3 { font-size: .85rem; margin: .5rem 0 .25rem; color: var(--muted); text-transform: uppercase; letter-spacing: .04em; }
code, pre { font: 12px/1.4 ui-monospace, monospace; }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 4px; padding: .5rem; margin: 0; white-space: pre-wrap; overflow-wrap: anywhere; max-height: 24rem; overflow: auto; }
dl.facts { display: grid; grid-template-columns: max-content 1fr; gap: .15rem 1rem; margin: 0 0 .5rem; }
dl.facts dt { color: var(--muted); }
dl.facts dd { margin: 0; overflow-wrap: anywhere; }
header.trace, nav.toc, section.step { border: 1px solid var(--line); border-radius: 6px; padding: .75rem 1rem; margin: 0 0 1rem; }
nav.toc ol { columns: 16rem; margin: 0; padding-left: 2.5rem; }
nav.toc a { text-decoration: none; }
section.step h2 a { color: inherit; text-decoration: none; }
.badge { display: inline-block; padding: 0 .4rem; border-radius: 3px; font-size: .8rem; font-weight: 600; color: #fff; background: var(--muted); }
.badge.ok { background: var(--ok); }
.badge.error { background: var(--bad); }
.changed { color: #9a6700; font-weight: 600; }
.unchanged { color: var(--muted); }
.note { color: var(--muted); font-style: italic; }
.cols { display: grid; grid-template-columns: repeat(auto-fit, minmax(20rem, 1fr)); gap: 1rem; }
.shots { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; margin-top: .5rem; }
figure.shot { margin: 0; max-width: 100%; }
figure.shot figcaption { color: var(--muted); font-size: .8rem; }
figure.shot.missing { border: 1px dashed var(--bad); padding: .5rem; color: var(--bad); }
.frame { position: relative; display: inline-block; max-width: 100%; line-height: 0; }
.frame img { display: block; max-width: 100%; max-height: 70vh; width: auto; height: auto; border: 1px solid var(--line); }
.target-box { position: absolute; border: 3px solid #e5006a; box-shadow: 0 0 0 1px #fff; pointer-events: none; }
.target-point { position: absolute; width: 14px; height: 14px; margin: -7px 0 0 -7px; border: 3px solid #e5006a; border-radius: 50%; background: rgba(229, 0, 106, .25); pointer-events: none; }
`;
