/**
 * The built worker's V8 inspector, for the benches that read the isolate (bench/results.mjs:
 * its heap; bench/stats.mjs: a CPU profile). bench/serve.mjs opens it with BENCH_INSPECTOR_PORT.
 */

/** One DevTools protocol session per inspector target: `call(method, params)` answers the result. */
export async function inspectorSessions(inspector) {
  const targets = (await (await fetch(`${inspector}/json`)).json()).filter((t) => t.webSocketDebuggerUrl);
  return Promise.all(
    targets.map(
      (t) =>
        new Promise((resolve, reject) => {
          // wrangler's inspector proxy takes DevTools from a local Origin only.
          const ws = new WebSocket(t.webSocketDebuggerUrl, { headers: { origin: 'http://localhost' } });
          const waiting = new Map();
          let next = 0;
          ws.onmessage = (event) => {
            const message = JSON.parse(String(event.data));
            waiting.get(message.id)?.(message.result);
            waiting.delete(message.id);
          };
          ws.onopen = () =>
            resolve({
              call: (method, params = {}) =>
                new Promise((done) => {
                  next += 1;
                  waiting.set(next, done);
                  ws.send(JSON.stringify({ id: next, method, params }));
                }),
              close: () => ws.close(),
            });
          ws.onerror = reject;
        }),
    ),
  );
}
