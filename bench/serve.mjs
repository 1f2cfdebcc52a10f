/**
 * The bench's server, run as its own process (bench/run.mjs spawns it): the built worker in
 * workerd through wrangler's dev environment, as `wrangler dev -c dist/server/wrangler.json`
 * runs it, with the bench's state and admin token. Prints one JSON line once it is up:
 *   {"origin": "http://127.0.0.1:PORT", "workerd": "http://127.0.0.1:…", "headers": {…}}
 * `origin` is wrangler's dev proxy, what `npm start` serves. `workerd` is the runtime behind
 * it (the router, the asset worker and this worker, as on Cloudflare) with the headers the
 * proxy adds. The proxy is a development tool with a cost production does not have: it
 * runs every HTML answer through HTMLRewriter to offer live reload (inflating a gzipped
 * page, parsing it and compressing it again), and a static file's answer not at all.
 * Throughput is measured on `workerd`, so the ratio is the worker's, not the dev proxy's.
 *
 * With BENCH_INSPECTOR_PORT set, the worker's V8 inspector listens there and the JSON line
 * also names it as `inspector` (bench/results.mjs reads the isolate's heap through it).
 *
 * Usage: node bench/serve.mjs PORT PERSIST_DIR ADMIN_TOKEN
 */
import { unstable_DevEnv } from 'wrangler';

const [port, persist, token] = process.argv.slice(2);
const inspectorPort = Number(process.env.BENCH_INSPECTOR_PORT ?? 0);
const devEnv = new unstable_DevEnv();
const reloaded = new Promise((resolve) => devEnv.on('reloadComplete', resolve));
const worker = await devEnv.startWorker({
  config: 'dist/server/wrangler.json',
  bindings: { ADMIN_TOKEN: { type: 'plain_text', value: token } },
  dev: {
    server: { hostname: '127.0.0.1', port: Number(port) },
    persist,
    inspector: inspectorPort ? { hostname: '127.0.0.1', port: inspectorPort } : false,
    watch: false,
    logLevel: 'error',
  },
});
await worker.ready;
const { proxyData } = await reloaded;
const inner = proxyData.userWorkerUrl;
console.log(
  JSON.stringify({
    origin: new URL(await worker.url).origin,
    workerd: `${inner.protocol}//${inner.hostname}:${inner.port}`,
    headers: proxyData.headers,
    ...(inspectorPort ? { inspector: `http://127.0.0.1:${inspectorPort}` } : {}),
  }),
);

const stop = () => worker.dispose().finally(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
