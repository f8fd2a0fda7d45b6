import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseCron, wallClock } from '../lib/local/cron.js';
import { jobById, jobs, SCHOOL_TIME_ZONE, type JobDef } from './jobs.js';

const rows: readonly JobDef[] = jobs;
const JOBS_DIR = path.join(import.meta.dirname, 'functions', 'jobs');

function sourceFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !e.name.endsWith('.test.ts'))
    .map((e) => path.join(e.parentPath, e.name));
}

/** Source without comments, so a comment may still explain why Date.now() is not used. */
const code = (file: string) =>
  readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/(^|[^:])\/\/.*$/gm, '$1');

/** `Date.now(`, `new Date()` and `new Date;`: the real clock, which ignores the time a run is for. */
const REAL_CLOCK = /\bDate\.now\s*\(|\bnew\s+Date\s*(\(\s*\)|(?!\s*\())/;

describe('jobs table', () => {
  it('has unique ids, and unique queue names for queue rows', () => {
    expect(new Set(rows.map((j) => j.id)).size).toBe(rows.length);
    const queues = rows.flatMap((j) => ('queue' in j.trigger ? [j.trigger.queue] : []));
    expect(new Set(queues).size).toBe(queues.length);
    expect(jobById('payments-reconcile')?.id).toBe('payments-reconcile');
    expect(jobById('no-such-job')).toBeUndefined();
  });

  it('points every row at a handler file that exists and wraps it in job() with its own id', () => {
    for (const j of rows) {
      const file = path.join(import.meta.dirname, j.handler);
      expect(existsSync(file), j.handler).toBe(true);
      expect(readFileSync(file, 'utf8'), `${j.handler} should export handler = job('${j.id}', ...)`).toMatch(new RegExp(`\\bjob\\(\\s*['"]${j.id}['"]`));
    }
  });

  it("gives every schedule a cron the local runner reads and a time zone that exists (default: the school's)", () => {
    expect(() => wallClock(new Date(), SCHOOL_TIME_ZONE)).not.toThrow();
    for (const { id, trigger } of rows) {
      if (!('schedule' in trigger)) continue;
      expect(() => parseCron(trigger.schedule), id).not.toThrow();
      if (trigger.timeZone) expect(() => wallClock(new Date(), trigger.timeZone!), id).not.toThrow();
    }
  });

  it('keeps every timeout within what Lambda allows (15 minutes)', () => {
    for (const j of rows) expect(j.timeoutSeconds, j.id).toSatisfy((s: number) => Number.isInteger(s) && s >= 1 && s <= 900);
  });
});

describe('job handlers read time only from domain/clock.ts', () => {
  it('no file under functions/jobs/ calls Date.now() or new Date() without an argument', () => {
    const offenders = sourceFiles(JOBS_DIR).flatMap((file) =>
      code(file)
        .split('\n')
        .flatMap((line, i) => (REAL_CLOCK.test(line) ? [`${path.relative(import.meta.dirname, file)}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offenders, 'use now() / nowIso() from domain/clock.ts, which honours the run time').toEqual([]);
  });

  it('the check itself catches both forms and lets dated constructions through', () => {
    expect(['const t = Date.now();', 'const d = new Date();', 'const d = new Date;', 'new Date( )'].every((l) => REAL_CLOCK.test(l))).toBe(true);
    expect(['new Date(now().getTime() - DAY_MS)', 'new Date(iso)', 'nowIso()'].some((l) => REAL_CLOCK.test(l))).toBe(false);
  });
});
