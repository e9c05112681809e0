/**
 * deploy/observability: every PromQL expression of the Grafana dashboard and of the alert rules
 * parses with Prometheus's own grammar (@prometheus-io/lezer-promql, the parser of Prometheus's
 * web UI), and every metric and label it names exists in the gate's registry, read from a live
 * Metrics instance (server/src/ops/metrics.ts), not from a list kept by hand. `promtool check
 * rules` (Debian's 96 MB prometheus package, too much for CI) is a manual check: deploy/README.md.
 * Grafana's rendering is not run here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parser } from '@prometheus-io/lezer-promql';
import { Metrics } from '../../server/src/ops/metrics.ts';
import { ROOT, readYaml, seconds } from './manifests.ts';

const DASHBOARD = 'deploy/observability/grafana-dashboard.json';
const RULES = 'deploy/observability/prometheus-rules.yaml';

/**
 * Series names the gate exposes, each with its label names: histograms as `_bucket` (with `le`),
 * `_sum` and `_count`. `up` is Prometheus's own, per scrape target.
 */
function exposedSeries(): Map<string, Set<string>> {
  const series = new Map<string, Set<string>>([['up', new Set()]]);
  for (const metric of new Metrics().registry.getMetricsAsArray()) {
    const labels = new Set<string>((metric as unknown as { labelNames: string[] }).labelNames);
    if (metric.constructor.name === 'Histogram') {
      series.set(`${metric.name}_bucket`, new Set([...labels, 'le']));
      series.set(`${metric.name}_sum`, labels);
      series.set(`${metric.name}_count`, labels);
    } else series.set(metric.name, labels);
  }
  return series;
}
const SERIES = exposedSeries();
/** Labels Prometheus adds to every scraped series (and Kubernetes service discovery commonly does). */
const TARGET_LABELS = ['job', 'instance', 'namespace', 'pod'];

/** Grafana's interval variables, which are not PromQL, replaced by a duration before parsing. */
const withoutGrafanaIntervals = (expr: string) => expr.replace(/\$__(rate_interval|interval|range)\b/g, '5m');

/** Parses one expression; fails on any error node; returns the metric names and label names it uses. */
function parsePromQL(expr: string): { metrics: string[]; labels: string[] } {
  const tree = parser.parse(expr);
  const metrics: string[] = [];
  const labels: string[] = [];
  const errors: string[] = [];
  tree.iterate({
    enter(node) {
      const text = expr.slice(node.from, node.to);
      if (node.type.isError) errors.push(`at ${node.from}: "${expr.slice(node.from, node.from + 20)}"`);
      else if (node.name === 'Identifier' && node.node.parent?.name === 'VectorSelector') metrics.push(text);
      else if (node.name === 'LabelName') labels.push(text);
    },
  });
  assert.deepEqual(errors, [], `PromQL does not parse: ${expr}`);
  return { metrics, labels };
}

/** Checks one expression's metrics and labels against the registry; returns the metrics. */
function checkAgainstRegistry(where: string, expr: string): string[] {
  const { metrics, labels } = parsePromQL(expr);
  assert.ok(metrics.length > 0, `${where}: selects no metric`);
  const unknown = metrics.filter((name) => !SERIES.has(name));
  assert.deepEqual(unknown, [], `${where}: metrics the gate does not expose`);
  const known = new Set([...TARGET_LABELS, ...metrics.flatMap((name) => [...(SERIES.get(name) ?? [])])]);
  assert.deepEqual(
    labels.filter((label) => !known.has(label)),
    [],
    `${where}: labels none of its metrics has`,
  );
  return metrics;
}

interface Panel {
  id: number;
  title: string;
  targets: { refId: string; expr: string }[];
}
interface Rule {
  alert: string;
  expr: string;
  for: string;
  labels: { severity: string };
  annotations: Record<string, string>;
}

describe('deploy/observability', () => {
  test('the parser check is real: an expression with a syntax error fails', () => {
    assert.throws(() => parsePromQL('sum(rate(tala_http_requests_total[5m])'), /does not parse/);
    assert.throws(() => parsePromQL('rate(tala_http_requests_total{class="page"}[5m]) >'), /does not parse/);
    assert.throws(() => checkAgainstRegistry('typo', 'rate(tala_http_request_total[5m])'), /does not expose/);
  });

  test("every dashboard query parses and uses the gate's metrics and labels", () => {
    const dashboard = JSON.parse(readFileSync(path.join(ROOT, DASHBOARD), 'utf8'));
    const used = new Set<string>();
    const panels = dashboard.panels as Panel[];
    assert.equal(new Set(panels.map((panel) => panel.id)).size, panels.length, 'panel ids are unique');
    for (const panel of panels) {
      assert.ok(panel.targets.length > 0, panel.title);
      for (const target of panel.targets) {
        const metrics = checkAgainstRegistry(`${panel.title} ${target.refId}`, withoutGrafanaIntervals(target.expr));
        for (const metric of metrics) used.add(metric);
      }
    }
    // The template variables' label_values(selector, label) queries name metrics too.
    for (const variable of dashboard.templating.list as { name: string; query: unknown }[]) {
      const query = (variable.query as { query?: string })?.query;
      if (query === undefined) continue;
      const selector = /^label_values\((.+), *(\w+)\)$/.exec(query);
      assert.ok(selector, `${variable.name}: ${query}`);
      checkAgainstRegistry(`variable ${variable.name}`, selector[1] as string);
    }
    // What the dashboard is for: each of these has a panel.
    for (const metric of [
      'tala_http_requests_total',
      'tala_http_request_duration_seconds_bucket',
      'tala_access_denials_total',
      'tala_sign_ins_total',
      'tala_search_duration_seconds_bucket',
      'tala_load_shed_total',
      'nodejs_eventloop_lag_p99_seconds',
      'nodejs_heap_size_used_bytes',
    ]) {
      assert.ok(used.has(metric), `no panel shows ${metric}`);
    }
  });

  test("every alert rule parses, uses the gate's metrics and labels, and has a severity and a runbook", () => {
    const { groups } = readYaml<{ groups: { name: string; rules: Rule[] }[] }>(RULES);
    const rules = groups.flatMap((group) => group.rules);
    assert.ok(rules.length >= 6);
    assert.equal(new Set(rules.map((rule) => rule.alert)).size, rules.length, 'alert names are unique');
    for (const rule of rules) {
      checkAgainstRegistry(rule.alert, rule.expr);
      assert.ok(seconds(rule.for) >= 60, `${rule.alert}: for`);
      assert.match(rule.labels.severity, /^(critical|warning)$/, rule.alert);
      for (const annotation of ['summary', 'description', 'runbook']) {
        assert.ok(rule.annotations[annotation]?.trim(), `${rule.alert}: ${annotation}`);
      }
    }
  });
});
