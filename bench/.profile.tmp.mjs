// CPU profile of the worker while it serves N requests of a URL (workerd inspector over CDP).
import { request } from 'node:http';
const [,, url, host, n = '200', port = '9230'] = process.argv;
const targets = await (await fetch(`http://127.0.0.1:${port}/json`)).json();
console.log(targets.map(t => t.title + ' ' + t.webSocketDebuggerUrl));
const target = targets.find(t => !/proxy|asset|router/i.test(t.title)) ?? targets[0];
import WS from 'ws';
const ws = new WS(target.webSocketDebuggerUrl);
await new Promise(r => ws.on('open', r));
let id = 0; const pending = new Map();
ws.on('message', (d) => { const m = JSON.parse(String(d)); if (m.id && pending.has(m.id)) { pending.get(m.id)(m); pending.delete(m.id); } });
const send = (method, params = {}) => new Promise(r => { const i = ++id; pending.set(i, r); ws.send(JSON.stringify({ id: i, method, params })); });
const get = () => new Promise((done, fail) => { const req = request(url, { headers: host ? { host } : {} }, (res) => { res.resume(); res.on('end', done); }); req.on('error', fail); req.end(); });
for (let i = 0; i < 20; i++) await get();
await send('Profiler.enable'); await send('Profiler.setSamplingInterval', { interval: 100 });
await send('Profiler.start');
const t0 = performance.now();
for (let i = 0; i < Number(n); i++) await get();
console.log('mean ms', ((performance.now() - t0) / n).toFixed(2));
const { result } = await send('Profiler.stop');
const p = result.profile;
const self = new Map(); const byId = new Map(p.nodes.map(n => [n.id, n]));
const dt = new Map(); p.samples.forEach((s, i) => dt.set(s, (dt.get(s) ?? 0) + (p.timeDeltas[i] ?? 0)));
let total = 0;
for (const node of p.nodes) { const t = dt.get(node.id) ?? 0; total += t; const cf = node.callFrame; const k = `${cf.functionName || '(anon)'} ${cf.url.split('/').slice(-2).join('/')}:${cf.lineNumber}`; self.set(k, (self.get(k) ?? 0) + t); }
const byFile=new Map(); for (const [k,t] of self){const f=k.split(' ').slice(-1)[0].split(':')[0]; byFile.set(f,(byFile.get(f)??0)+t);} for (const [f,t] of [...byFile].sort((a,b)=>b[1]-a[1]).slice(0,12)) console.log('FILE',(t/1000/n).toFixed(3),f);
const rows = [...self].sort((a, b) => b[1] - a[1]).slice(0, 45);
for (const [k, t] of rows) console.log((t / 1000 / n).toFixed(3).padStart(8), 'ms/req', (100 * t / total).toFixed(1).padStart(5) + '%', k);
// inclusive time per url file
const parent = new Map(); for (const node of p.nodes) for (const c of node.children ?? []) parent.set(c, node.id);
const incl = new Map();
const names = (process.env.INCL ?? '').split(',').filter(Boolean);
function walk(id, stack) { const node = byId.get(id); const name = node.callFrame.functionName; const own = dt.get(id) ?? 0; const added = []; for (const nm of names) if (name === nm && !stack.has(nm)) { added.push(nm); } for (const nm of added) stack.add(nm); for (const nm of stack) incl.set(nm, (incl.get(nm) ?? 0) + own); for (const c of node.children ?? []) walk(c, stack); for (const nm of added) stack.delete(nm); }
walk(p.nodes[0].id, new Set());
for (const nm of names) console.log('INCL', nm, ((incl.get(nm) ?? 0) / 1000 / n).toFixed(3), 'ms/req');
ws.close(); process.exit(0);
