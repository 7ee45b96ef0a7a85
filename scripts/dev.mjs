#!/usr/bin/env node
// `npm run dev`: one URL for both halves. Vite serves the pages with hot reload on PORT (3000) and proxies /api to
// the API, which tsx restarts on every change, on API_PORT (3001). Mail links point at the Vite URL.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const root = fileURLToPath(new URL('..', import.meta.url));
const webPort = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);

const api = spawn(
  process.execPath,
  [path.join(root, 'node_modules/tsx/dist/cli.mjs'), 'watch', '--clear-screen=false', 'apps/server/src/server.ts'],
  {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PORT: String(apiPort), APP_URL: process.env.APP_URL ?? `http://localhost:${webPort}` },
  },
);

// The proxy is given here, merged over apps/web/vite.config.ts, so the web config stays about the web app.
const vite = await createServer({
  configFile: path.join(root, 'apps/web/vite.config.ts'),
  root: path.join(root, 'apps/web'),
  server: {
    port: webPort,
    strictPort: true,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}` } },
  },
});
await vite.listen();
vite.printUrls();
console.log(`  API (restarted on change): http://localhost:${apiPort}, proxied at http://localhost:${webPort}/api`);

let stopping = false;
async function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  api.kill('SIGTERM');
  await vite.close();
  process.exit(code);
}
process.on('SIGINT', () => stop());
process.on('SIGTERM', () => stop());
api.on('exit', (code) => {
  if (!stopping) {
    console.error(`The API process exited (${code ?? 'signal'}); stopping dev.`);
    stop(code ?? 1);
  }
});
