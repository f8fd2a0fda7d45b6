// Runs autocannon in its own process (the gateway under test keeps the benchmark's process to itself)
// and prints one JSON line: exact p50/p95 of the measured requests, taken per response.
//   node bench/load-worker.mjs '{"url":"...","headers":{...},"warmup":20,"amount":100,"connections":1}'
import autocannon from 'autocannon';

const { url, headers = {}, warmup = 20, amount = 100, connections = 1 } = JSON.parse(process.argv[2]);

function run(count, onResponse) {
  return new Promise((resolve, reject) => {
    const instance = autocannon({ url, headers, connections, amount: count, timeout: 30 }, (error, result) => (error ? reject(error) : resolve(result)));
    if (onResponse) instance.on('response', onResponse);
  });
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

await run(warmup);
const times = [];
const statuses = {};
const result = await run(amount, (_client, status, _bytes, ms) => {
  times.push(ms);
  statuses[status] = (statuses[status] ?? 0) + 1;
});
times.sort((a, b) => a - b);
console.log(
  JSON.stringify({
    p50: percentile(times, 50),
    p95: percentile(times, 95),
    requests: times.length,
    statuses,
    errors: result.errors + result.timeouts,
    bytesPerResponse: Math.round(result.throughput.total / Math.max(1, result.requests.total)),
  }),
);
