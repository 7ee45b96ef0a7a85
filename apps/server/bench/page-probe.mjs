// Times page requests during `npm run bench:api -- --flood`, in a process of its own:
// `node page-probe.mjs <base url> <every ms> <path>...`. It asks each page once before it prints `ready` (so that
// loading its own HTTP client, slow on a machine the flood keeps busy, is not counted as the server's time), then
// asks every page each <every ms> until SIGTERM, and prints {"times":{path:[ms]},"failures":[]} on its last line.
// node:http with a new connection per request, as a visitor arriving during the flood would open one.
import http from 'node:http';
import { performance } from 'node:perf_hooks';

const [baseUrl, everyMs, ...pages] = process.argv.slice(2);
const TIMEOUT_MS = 5_000;
const times = Object.fromEntries(pages.map((page) => [page, []]));
const failures = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let running = true;

process.on('SIGTERM', () => (running = false));

/** Resolves with the status once the whole page has arrived; rejects on an error or after TIMEOUT_MS. */
function get(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, timeout: TIMEOUT_MS }, (response) => {
      response.on('data', () => undefined);
      response.on('end', () => resolve(response.statusCode));
      response.on('error', reject);
    });
    request.on('timeout', () => request.destroy(new Error(`no answer within ${TIMEOUT_MS} ms`)));
    request.on('error', reject);
  });
}

async function time(page) {
  const started = performance.now();
  try {
    const status = await get(`${baseUrl}${page}`);
    if (status !== 200) failures.push(`${page}: ${status}`);
  } catch (error) {
    failures.push(`${page}: ${error.message}`);
  }
  return performance.now() - started;
}

for (const page of pages) await get(`${baseUrl}${page}`);
process.stdout.write('ready\n');

while (running) {
  await sleep(Number(everyMs));
  if (!running) break;
  const measured = await Promise.all(pages.map(time));
  pages.forEach((page, index) => times[page].push(measured[index]));
}
process.stdout.write(`${JSON.stringify({ times, failures })}\n`);
