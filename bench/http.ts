/** HTTP through the local gateway: sign-in for a token, and latency of one route measured by autocannon in a child process. */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const WORKER = fileURLToPath(new URL('./load-worker.mjs', import.meta.url));

export async function signIn(base: string, username: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/users/login/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username, password }) });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!res.ok || !body.token) throw new Error(`sign-in of ${username} failed: ${res.status} ${body.error ?? ''}`);
  return body.token;
}

export async function getJson(base: string, path: string, token: string): Promise<any> {
  const res = await fetch(`${base}${path}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return res.json();
}

export interface Latency {
  p50: number;
  p95: number;
  requests: number;
  statuses: Record<string, number>;
  errors: number;
  bytesPerResponse: number;
}

/** p50/p95 (ms) of `amount` sequential requests after `warmup` ones, from a separate process. */
export function measure(url: string, token: string, opts: { amount?: number; warmup?: number; connections?: number } = {}): Promise<Latency> {
  const config = JSON.stringify({ url, headers: { authorization: `Bearer ${token}` }, amount: opts.amount ?? 100, warmup: opts.warmup ?? 20, connections: opts.connections ?? 1 });
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [WORKER, config], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
    });
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`load worker exited with ${code} for ${url}`));
      const result = JSON.parse(out.trim().split('\n').pop()!) as Latency;
      const failed = Object.entries(result.statuses).filter(([status]) => !status.startsWith('2'));
      if (failed.length || result.errors) return reject(new Error(`${url}: ${JSON.stringify(result.statuses)}, ${result.errors} errors`));
      resolve(result);
    });
  });
}
