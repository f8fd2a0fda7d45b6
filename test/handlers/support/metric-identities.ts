/**
 * A CloudWatch metric is identified by namespace + name + its exact set of dimensions (name=value):
 * the same name with one dimension more or less is a different metric
 * (https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/cloudwatch_concepts.html#Dimension).
 * These read that identity from the EMF lines Powertools prints and from the alarms and dashboard
 * widgets of a synthesized template, as one comparable string.
 */

/** `Namespace MetricName {a=1,b=2}` with dimensions sorted by name. */
export function metricIdentity(namespace: string, name: string, dimensions: Record<string, string>): string {
  const dims = Object.entries(dimensions)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  return `${namespace} ${name} {${dims.join(',')}}`;
}

interface EmfDirective {
  Namespace: string;
  Dimensions: string[][];
  Metrics: Array<{ Name: string }>;
}

/**
 * Every metric an EMF document publishes: each directive's metrics once per dimension set, the
 * dimension values read from the document's root (the EMF specification:
 * https://docs.aws.amazon.com/AmazonCloudWatch/latest/monitoring/CloudWatch_Embedded_Metric_Format_Specification.html).
 */
export function emittedIdentities(emf: Record<string, unknown>): string[] {
  const directives = (emf._aws as { CloudWatchMetrics?: EmfDirective[] } | undefined)?.CloudWatchMetrics ?? [];
  return directives.flatMap((d) =>
    d.Dimensions.flatMap((set) => d.Metrics.map((m) => metricIdentity(d.Namespace, m.Name, Object.fromEntries(set.map((k) => [k, String(emf[k])]))))),
  );
}

type Resources = Record<string, { Type: string; Properties?: Record<string, any> }>;
type Dimension = { Name: string; Value: unknown };

const dims = (list: Dimension[] | undefined) => Object.fromEntries((list ?? []).map((d) => [d.Name, typeof d.Value === 'string' ? d.Value : JSON.stringify(d.Value)]));

/** The metrics an alarm watches: its single metric, or every metric of its math expression. */
function alarmMetrics(props: Record<string, any>): string[] {
  if (props.MetricName) return [metricIdentity(props.Namespace, props.MetricName, dims(props.Dimensions))];
  return ((props.Metrics ?? []) as Array<{ MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: Dimension[] } } }>).flatMap((m) =>
    m.MetricStat ? [metricIdentity(m.MetricStat.Metric.Namespace, m.MetricStat.Metric.MetricName, dims(m.MetricStat.Metric.Dimensions))] : [],
  );
}

/**
 * A dashboard body is JSON joined with tokens (Refs to function names, the API id); each token sits
 * inside a JSON string, so standing a placeholder in for it keeps the JSON valid.
 */
function dashboardBody(body: unknown): { widgets: Array<{ properties?: { metrics?: unknown[][] } }> } {
  if (typeof body === 'string') return JSON.parse(body);
  const [, parts] = (body as { 'Fn::Join': [string, unknown[]] })['Fn::Join'];
  return JSON.parse(parts.map((part) => (typeof part === 'string' ? part : '<token>')).join(''));
}

/** A widget metric row: [namespace, name, dim1, value1, ..., { options }]; rows opening with an object are math expressions. */
function widgetMetric(row: unknown[]): string | undefined {
  const strings = row.filter((cell): cell is string => typeof cell === 'string');
  if (typeof row[0] !== 'string' || strings.length < 2) return undefined;
  const [namespace, name, ...pairs] = strings;
  const dimensions: Record<string, string> = {};
  for (let i = 0; i + 1 < pairs.length; i += 2) dimensions[pairs[i]!] = pairs[i + 1]!;
  return metricIdentity(namespace!, name!, dimensions);
}

/** Every metric watched by an alarm or drawn by a dashboard widget, per place it appears. */
export function watchedMetrics(resources: Resources): Array<{ where: string; metric: string }> {
  return Object.entries(resources).flatMap(([id, resource]) => {
    if (resource.Type === 'AWS::CloudWatch::Alarm') return alarmMetrics(resource.Properties!).map((metric) => ({ where: `alarm ${id}`, metric }));
    if (resource.Type !== 'AWS::CloudWatch::Dashboard') return [];
    return dashboardBody(resource.Properties!.DashboardBody).widgets.flatMap((widget, i) =>
      (widget.properties?.metrics ?? []).flatMap((row) => {
        const metric = widgetMetric(row);
        return metric ? [{ where: `dashboard ${id} widget ${i}`, metric }] : [];
      }),
    );
  });
}
