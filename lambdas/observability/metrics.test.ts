import { afterEach, describe, expect, it, vi } from 'vitest';
import { METRIC, METRIC_DIMENSIONS, METRICS_NAMESPACE } from './metric-names.js';

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

/** The EMF lines written to stdout while `run` counts (Powertools writes them with its own Console). */
async function emfLinesOf(run: (countMetric: typeof import('./metrics.js').countMetric) => void) {
  vi.stubEnv('POWERTOOLS_METRICS_DISABLED', 'false');
  const lines: string[] = [];
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    lines.push(String(chunk));
    return true;
  });
  vi.resetModules();
  run((await import('./metrics.js')).countMetric);
  return lines.map((line) => JSON.parse(line) as Record<string, unknown> & { _aws: { CloudWatchMetrics: Array<{ Namespace: string; Metrics: Array<{ Name: string }> }> } });
}

describe('countMetric', () => {
  it('publishes each count at once as one EMF line (no flush left to the end of the invocation)', async () => {
    const lines = await emfLinesOf((countMetric) => {
      countMetric(METRIC.loginFailure);
      countMetric(METRIC.webhookFailure, 2);
    });
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ LoginFailures: 1, service: 'portal' });
    // the `service` dimension is part of the metric's identity: the ops stack's alarms must name it (METRIC_DIMENSIONS)
    expect(lines[0]._aws.CloudWatchMetrics[0]).toMatchObject({
      Namespace: METRICS_NAMESPACE,
      Dimensions: [Object.keys(METRIC_DIMENSIONS)],
      Metrics: [{ Name: 'LoginFailures', Unit: 'Count' }],
    });
    expect(lines[1]).toMatchObject({ WebhookFailures: 2 });
  });
});
