#!/usr/bin/env node
// `npm start`: builds whatever is missing (the web app, the server bundle), then starts the server, which
// applies pending migrations and serves pages and API on one origin (http://localhost:3000 by default).
// Production-only behaviour (Secure cookie, SESSION_SECRET required) keys off NODE_ENV=production, which this
// script leaves alone: a local `npm start` needs no setup. `npm run build` rebuilds after source changes.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

const builds = [
  { what: 'the web app', marker: 'apps/web/dist/client/routes-manifest.json', workspace: 'apps/web' },
  { what: 'the server', marker: 'apps/server/dist/server.js', workspace: 'apps/server' },
];

for (const build of builds) {
  if (existsSync(path.join(root, build.marker))) continue;
  console.log(`Building ${build.what} (${build.marker} is missing)...`);
  const started = Date.now();
  const result = spawnSync(npm, ['run', 'build', '-w', build.workspace], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`Building ${build.what} failed; see the output above.`);
    process.exit(result.status ?? 1);
  }
  console.log(`Built ${build.what} in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
}

const server = spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  stdio: 'inherit',
  env: process.env,
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
