"""The room pages' style sheet and script, inlined in every page: one request per page, nothing external.

The style reads at arm's length on a 360 px phone and follows the phone's light or dark setting. The script
is optional: without it the page is right as served (reload to refresh). With it, the page listens to the
server's events, counts down locally from each running clock's deadline between messages (corrected for the
phone's clock by the server time in every message), and says so when the server has been silent too long.
"""

from __future__ import annotations

LOST_AFTER_MS = 6000  # the server sends something at least every KEEPALIVE seconds (room.hub)

CSS = """:root{color-scheme:light dark;--bg:#fff;--fg:#111;--mute:#666;--warn:#a15c00;--late:#c00;--card:#eef0f3;\
--line:#ccd;--lost:#c00}
@media (prefers-color-scheme:dark){:root{--bg:#101214;--fg:#f4f4f4;--mute:#9aa;--warn:#ffc44d;--late:#ff6b6b;\
--card:#1d2127;--line:#334}}
*{box-sizing:border-box}body{margin:0;font:18px/1.4 system-ui,sans-serif;background:var(--bg);color:var(--fg)}
main{max-width:42rem;margin:0 auto;padding:.75rem 1rem 2rem}a{color:inherit}
nav{display:flex;gap:1.2rem;font-size:1.05rem;margin-bottom:.6rem}nav a,ul.seats a,a.back{display:inline-flex;\
align-items:center;min-height:48px}a.back{min-width:48px;justify-content:center}
h1{font-size:1.15rem;font-weight:600;margin:0 0 .4rem;color:var(--mute)}h2{font-size:1.5rem;margin:.2rem 0}
.players{font-size:1.6rem;font-weight:700;margin:.2rem 0}
.clock{font-size:min(26vw,9rem);font-weight:800;line-height:1.05;font-variant-numeric:tabular-nums;margin:.3rem 0}
.state{font-size:1.35rem;margin:.2rem 0}.note{font-size:1.25rem;font-weight:700;margin:.2rem 0}
.warn .clock,.warn .note{color:var(--warn)}.late .clock,.late .note{color:var(--late)}
.paused .clock,.waiting .clock,.done .clock{color:var(--mute)}
.lost{display:none;background:var(--lost);color:#fff;padding:.5rem .7rem;border-radius:.4rem;font-weight:700}
.lost.on{display:block}[data-f]:empty{display:none}
table{border-collapse:collapse;width:100%}th,td{padding:.35rem .3rem;border-bottom:1px solid var(--line);\
text-align:left}.n{text-align:right;font-variant-numeric:tabular-nums}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(10.5rem,1fr));gap:.5rem}
.card{display:block;background:var(--card);border-radius:.5rem;padding:.5rem .6rem;text-decoration:none}
.card .clock{font-size:2.7rem;margin:0}.card .players{font-size:1rem;font-weight:400}.card .state{font-size:1rem}
.card h2{font-size:1.1rem}.wide main{max-width:none}
form{display:flex;gap:.5rem;margin:.5rem 0 1rem}input{flex:1;font:inherit;padding:.55rem;min-width:0;min-height:48px}
button{font:inherit;padding:.55rem .9rem}ul.seats{list-style:none;padding:0}ul.seats li{padding:.2rem 0;\
border-bottom:1px solid var(--line)}ul.seats a{font-size:1.3rem;font-weight:700}
.flag{font-weight:700;color:var(--warn)}main:has(.done) .rep{display:none}.rep h2{font-size:1.3rem;margin-top:1rem}\
form.report{flex-direction:column;align-items:stretch}.field{display:flex;align-items:center;gap:.6rem;\
justify-content:space-between}.field input{flex:0 0 5.5rem;text-align:right}.field select{font:inherit;\
padding:.45rem;min-height:48px}.pick{flex-direction:column;align-items:stretch}button{min-height:48px}.refused{font-size:1.2rem;font-weight:700;color:var(--late)}
"""

JS = """(()=>{const m=document.querySelector('[data-events]');if(!m||!window.EventSource)return;
const lost=document.getElementById('lost'),live={};let off=0,seen=Date.now();
const two=v=>String(v).padStart(2,'0');
const fmt=s=>{s=Math.max(0,s);const h=Math.floor(s/3600),mi=Math.floor(s%3600/60),x=s%60;
return h?h+':'+two(mi)+':'+two(x):mi+':'+two(x)};
const put=(el,f,v)=>{const e=el.querySelector('[data-f='+f+']');if(e&&e.textContent!==v)e.textContent=v};
function show(t){const el=document.getElementById('t'+t.n);if(!el)return;live[t.n]=t;
el.className=el.className.split(' ')[0]+' '+t.s+(t.l?' '+t.l:'');
put(el,'clock',t.c);put(el,'state',t.st);put(el,'note',t.w);put(el,'ext',t.x);put(el,'result',t.r);
put(el,'rep',t.p)}
function tick(){const now=Date.now()/1000+off;for(const n in live){const t=live[n];if(t.d){
const el=document.getElementById('t'+n);if(el)put(el,'clock',fmt(Math.ceil(t.d-now-1e-9)))}}
if(lost)lost.classList.toggle('on',Date.now()-seen>LOST)}
const es=new EventSource(m.dataset.events);
es.addEventListener('tables',e=>{seen=Date.now();const d=JSON.parse(e.data);off=d.t-Date.now()/1000;
d.tables.forEach(show)});
es.addEventListener('ping',()=>{seen=Date.now()});es.addEventListener('reload',()=>location.reload());
setInterval(tick,250)})();
""".replace("LOST", str(LOST_AFTER_MS))
