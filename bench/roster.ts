/**
 * A cohort roster with every member's bill: the roster route (one call) against the spec's fallback
 * (GET /api/students/?cohort_id=, then GET /api/students/{username}/ per member, six at a time as a
 * browser would), side by side: DynamoDB requests and latency, medians of alternating runs.
 */
import { getJson } from './http.js';

export interface RosterComparison {
  students: number;
  roster: { ms: number; requests: number; calls: number };
  fallback: { ms: number; requests: number; calls: number };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<unknown>) {
  const queue = [...items];
  await Promise.all(
    Array.from({ length: size }, async () => {
      for (let item = queue.shift(); item !== undefined; item = queue.shift()) await fn(item);
    }),
  );
}

/** `countRequests` answers how many DynamoDB requests the gateway's handlers made while `fn` ran. */
export async function compareRoster(
  base: string,
  token: string,
  cohortId: string,
  countRequests: (fn: () => Promise<unknown>) => Promise<number>,
  runs = 5,
): Promise<RosterComparison> {
  const rosterRuns: Array<{ ms: number; requests: number }> = [];
  const fallbackRuns: Array<{ ms: number; requests: number }> = [];
  let students = 0;
  const timed = async (fn: () => Promise<unknown>) => {
    const started = performance.now();
    const requests = await countRequests(fn);
    return { ms: performance.now() - started, requests };
  };
  for (let i = 0; i < runs; i++) {
    rosterRuns.push(
      await timed(async () => {
        students = ((await getJson(base, `/api/cohorts/${cohortId}/students/`, token)) as unknown[]).length;
      }),
    );
    fallbackRuns.push(
      await timed(async () => {
        const members = (await getJson(base, `/api/students/?cohort_id=${cohortId}`, token)) as Array<{ username: string }>;
        await inBatches(members, 6, (m) => getJson(base, `/api/students/${encodeURIComponent(m.username)}/`, token));
      }),
    );
  }
  return {
    students,
    roster: { ms: median(rosterRuns.map((r) => r.ms)), requests: median(rosterRuns.map((r) => r.requests)), calls: 1 },
    fallback: { ms: median(fallbackRuns.map((r) => r.ms)), requests: median(fallbackRuns.map((r) => r.requests)), calls: 1 + students },
  };
}
