/**
 * Starts the built worker as `wrangler dev` serves it (bench/serve.mjs) in a process group of
 * its own. `served` resolves to what serve.mjs prints once the worker is up: the workerd
 * behind wrangler's dev proxy and the headers that reach it. Stop it with `process.kill(-server.pid)`.
 */
import { spawn } from 'node:child_process';

export function startWorker(port, state, token, env = {}) {
  const server = spawn(process.execPath, ['bench/serve.mjs', String(port), state, token], {
    stdio: ['ignore', 'pipe', 'ignore'],
    detached: true,
    env: { ...process.env, ...env },
  });
  const served = new Promise((resolve, reject) => {
    let out = '';
    server.stdout.on('data', (chunk) => {
      out += chunk;
      const line = out.split('\n').find((l) => l.startsWith('{'));
      if (line) resolve(JSON.parse(line));
    });
    server.on('exit', (code) => reject(new Error(`bench/serve.mjs exited (${code}) before the worker was up`)));
  });
  return { server, served };
}
