import { throughput } from './throughput.mjs';
const O = 'http://127.0.0.1:8787';
const pages = process.argv.slice(2).map((u) => { const [host, ...rest] = u.split('/'); return { label: u, host, url: `${O}/${rest.join('/')}` }; });
for (const row of await throughput(`${O}/_astro/video-player.D1hJeEhc.js`, pages)) console.log(row.label.padEnd(30), row.rps.toFixed(0), row.reference.toFixed(0), row.ratio.toFixed(2));
