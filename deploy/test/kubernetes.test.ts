/**
 * deploy/kubernetes, rendered without a cluster or kubectl (kustomize.ts) and checked:
 *
 * - every object of the base and of the example overlay against the Kubernetes OpenAPI schemas, with
 *   kubernetes-models (its validate() runs Ajv validators generated from the upstream OpenAPI spec,
 *   shipped in the package: nothing is downloaded; maintained, with a release per Kubernetes
 *   minor). Those schemas catch wrong types, missing required fields and bad enums, not unknown
 *   (misspelt) fields: Kubernetes' own schemas allow them, the API server refuses them at apply;
 * - (the rendering was compared with `kubectl kustomize` by hand: deploy/README.md says how; kubectl
 *   is not a Debian package, so the suite does not depend on it);
 * - consistency with the gate: probe paths are its routes, ports are the ConfigMap's, every
 *   ConfigMap and Secret key is a gate variable its configuration loader accepts, selectors match
 *   the pods, and the grace period covers preStop + SHUTDOWN_TIMEOUT.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, test } from 'node:test';
import { GATE_VARIABLES } from '@tala/policy/environment';
import Fastify from 'fastify';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Ingress } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { loadConfig } from '../../server/src/config.ts';
import { healthRoutes, Readiness } from '../../server/src/ops/health.ts';
import { type K8sObject, kustomize } from './kustomize.ts';
import { IMAGE_ENV, ROOT, seconds } from './manifests.ts';

const BASE = path.join(ROOT, 'deploy/kubernetes/base');
const OVERLAY = path.join(ROOT, 'deploy/kubernetes/overlays/example');
const NAME_LABEL = { 'app.kubernetes.io/name': 'tala-docs' };

/** The models of the kinds deploy/kubernetes uses; any other kind fails the test. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/ConfigMap': ConfigMap,
  'v1/Secret': Secret,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'networking.k8s.io/v1/Ingress': Ingress,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
};

function validate(object: K8sObject): void {
  const Model = MODELS[`${object.apiVersion}/${object.kind}`];
  assert.ok(Model, `no model for ${object.apiVersion} ${object.kind}`);
  const { apiVersion: _, kind: __, ...data } = object;
  new Model(data as never).validate();
}

// Shapes of what the consistency checks read; the schema test has already validated the rest.
interface Probe {
  httpGet: { path: string; port: string | number };
}
interface Container {
  name: string;
  image: string;
  ports: { name: string; containerPort: number }[];
  startupProbe?: Probe;
  livenessProbe: Probe;
  readinessProbe: Probe;
  lifecycle: { preStop: { sleep?: { seconds: number } } };
  securityContext: { readOnlyRootFilesystem: boolean; allowPrivilegeEscalation: boolean };
  resources: { requests: Record<string, string>; limits: Record<string, string> };
  volumeMounts: { name: string; mountPath: string }[];
}
interface PodSpec {
  terminationGracePeriodSeconds: number;
  securityContext: { runAsNonRoot: boolean; runAsUser: number };
  containers: Container[];
  volumes: { name: string; emptyDir?: object }[];
}

const rendered = kustomize(OVERLAY);
const find = <T = Record<string, unknown>>(kind: string) => {
  const object = rendered.find((o) => o.kind === kind);
  assert.ok(object, `the overlay renders a ${kind}`);
  return object as K8sObject & T;
};
const deployment = find<{
  spec: {
    replicas: number;
    selector: { matchLabels: Record<string, string> };
    template: { metadata: { labels: Record<string, string> }; spec: PodSpec };
  };
}>('Deployment');
const pod = deployment.spec.template.spec;
const gate = pod.containers[0] as Container;
const configMap = find<{ data: Record<string, string> }>('ConfigMap');
const secret = find<{ stringData: Record<string, string> }>('Secret');
const podLabels = deployment.spec.template.metadata.labels;
const selects = (selector: Record<string, string> | undefined) =>
  selector !== undefined && Object.entries(selector).every(([key, value]) => podLabels[key] === value);

describe('deploy/kubernetes', () => {
  test('every object of the base and of the example overlay is valid under the Kubernetes schemas', () => {
    for (const dir of [BASE, OVERLAY]) {
      const objects = kustomize(dir);
      assert.ok(objects.length >= 6, dir);
      for (const object of objects) {
        assert.doesNotThrow(
          () => validate(object),
          `${path.relative(ROOT, dir)}: ${object.kind} ${object.metadata.name}`,
        );
      }
    }
    // The validator does refuse a wrong value (here, a sleep given as text), so a pass means something.
    const wrong = structuredClone(deployment);
    (wrong.spec.template.spec.containers[0] as unknown as Container).lifecycle.preStop = {
      sleep: { seconds: 'five' as never },
    };
    assert.throws(() => validate(wrong), /seconds/);
  });

  test("every ConfigMap and Secret key is a gate variable, and the gate's loader accepts them in production", () => {
    const known = new Set<string>(GATE_VARIABLES);
    const keys = [...Object.keys(configMap.data), ...Object.keys(secret.stringData)];
    assert.deepEqual(
      keys.filter((key) => !known.has(key)),
      [],
    );
    const config = loadConfig({ ...IMAGE_ENV, ...configMap.data, ...secret.stringData });
    assert.equal(config.environment, 'production');
    assert.ok(config.redisUrl, 'replicas share Redis');
    for (const ingress of [find<{ spec: { rules: { host: string }[] } }>('Ingress')]) {
      assert.deepEqual(
        ingress.spec.rules.map((rule) => `https://${rule.host}`),
        [config.publicUrl],
        'the Ingress serves PUBLIC_URL',
      );
    }
  });

  test("container ports are the ConfigMap's PORT and METRICS_PORT, and the Service exposes both by name", () => {
    const port = (name: string) => gate.ports.find((p) => p.name === name)?.containerPort;
    assert.equal(String(port('http')), configMap.data.PORT);
    assert.equal(String(port('metrics')), configMap.data.METRICS_PORT);
    const service = find<{ spec: { ports: { name: string; targetPort: string }[] } }>('Service');
    assert.deepEqual(
      service.spec.ports.map((p) => [p.name, p.targetPort]),
      [
        ['http', 'http'],
        ['metrics', 'metrics'],
      ],
    );
  });

  test('probe paths are routes of the gate: readiness on /readyz, liveness on /healthz', async () => {
    assert.equal(gate.readinessProbe.httpGet.path, '/readyz');
    assert.equal(gate.livenessProbe.httpGet.path, '/healthz');
    // The gate's own health routes, registered as server/src/app.ts does.
    const app = Fastify();
    app.decorate('readiness', new Readiness());
    await app.register(healthRoutes);
    await app.ready();
    for (const probe of [gate.readinessProbe, gate.livenessProbe, gate.startupProbe]) {
      if (probe === undefined) continue;
      assert.ok(app.hasRoute({ method: 'GET', url: probe.httpGet.path }), probe.httpGet.path);
      assert.equal(probe.httpGet.port, 'http');
    }
    await app.close();
  });

  test('the grace period outlasts preStop sleep + SHUTDOWN_TIMEOUT', () => {
    const preStop = gate.lifecycle.preStop.sleep?.seconds;
    assert.ok(preStop !== undefined && preStop > 0, 'a preStop sleep lets the endpoints update first');
    const shutdown = seconds(configMap.data.SHUTDOWN_TIMEOUT ?? '10s');
    assert.ok(
      pod.terminationGracePeriodSeconds > preStop + shutdown,
      `${pod.terminationGracePeriodSeconds} s ≤ ${preStop} s + ${shutdown} s`,
    );
  });

  test('runs as non-root on a read-only root filesystem with an emptyDir /tmp and resource limits', () => {
    assert.equal(pod.securityContext.runAsNonRoot, true);
    assert.equal(pod.securityContext.runAsUser, 10001);
    assert.equal(gate.securityContext.readOnlyRootFilesystem, true);
    assert.equal(gate.securityContext.allowPrivilegeEscalation, false);
    const tmp = gate.volumeMounts.find((mount) => mount.mountPath === '/tmp');
    assert.ok(pod.volumes.find((volume) => volume.name === tmp?.name)?.emptyDir, '/tmp is an emptyDir');
    for (const resource of ['cpu', 'memory']) {
      assert.ok(gate.resources.requests[resource] && gate.resources.limits[resource], resource);
    }
  });

  test('the PDB, HPA and Service select the Deployment; every object has the name label', () => {
    assert.ok(selects(deployment.spec.selector.matchLabels), 'the Deployment selects its own pods');
    const pdb = find<{ spec: { selector: { matchLabels: Record<string, string> } } }>('PodDisruptionBudget');
    assert.ok(selects(pdb.spec.selector.matchLabels));
    const service = find<{ spec: { selector: Record<string, string> } }>('Service');
    assert.ok(selects(service.spec.selector));
    const hpa = find<{ spec: { scaleTargetRef: { kind: string; name: string }; minReplicas: number } }>(
      'HorizontalPodAutoscaler',
    );
    assert.deepEqual(hpa.spec.scaleTargetRef, {
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      name: deployment.metadata.name,
    });
    assert.ok(hpa.spec.minReplicas >= 2 && deployment.spec.replicas >= 2, 'two replicas at least');
    const labelled = [...rendered.map((o) => [o.kind, o.metadata.labels] as const), ['pod', podLabels] as const];
    for (const [kind, labels] of labelled) assert.deepEqual({ ...labels, ...NAME_LABEL }, labels, kind);
  });

  test("docs/search.md's `kubectl logs -l app=tala-docs` selects the gate's pods", () => {
    const readme = readFileSync(path.join(ROOT, 'docs/search.md'), 'utf8');
    const selector = /kubectl logs .*-l (\S+)=(\S+)/.exec(readme);
    assert.ok(selector, 'docs/search.md shows kubectl logs with a label selector');
    assert.equal(podLabels[selector[1] as string], selector[2]);
  });
});
