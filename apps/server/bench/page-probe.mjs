// Times page requests during `npm run bench:api -- --flood`, in a process of its own:
// `node page-probe.mjs <base url> <every ms> <path>...`; on SIGTERM, prints {"times":{path:[ms]},"failures":[]}.
import { performance } from 'node:perf_hooks';

const [baseUrl, everyMs, ...pages] = process.argv.slice(2);
const times = Object.fromEntries(pages.map((page) => [page, []]));
const failures = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
let running = true;

process.on('SIGTERM', () => (running = false));

await sleep(Number(everyMs));
while (running) {
  await Promise.all(
    pages.map(async (page) => {
      const started = performance.now();
      try {
        const response = await fetch(`${baseUrl}${page}`, { signal: AbortSignal.timeout(5_000) });
        await response.arrayBuffer();
        if (!response.ok) failures.push(`${page}: ${response.status}`);
      } catch (error) {
        failures.push(`${page}: ${error.message}`);
      }
      times[page].push(performance.now() - started);
    }),
  );
  await sleep(Number(everyMs));
}
process.stdout.write(JSON.stringify({ times, failures }));
