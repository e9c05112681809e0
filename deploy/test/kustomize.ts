/**
 * Just enough of Kustomize to render deploy/kubernetes without kubectl: `resources` (files and
 * folders with their own kustomization), `namespace`, `images` and `patches` given by `path` as
 * strategic merge patches. Any other field is refused rather than ignored, so a rendering here is
 * never silently different from `kubectl kustomize`; kubernetes.test.ts compares the two when
 * kubectl is installed.
 *
 * The strategic merge is simplified: maps merge, `null` deletes, lists of objects that all have a
 * `name` merge by it (containers, env, volumes), other lists are replaced. Kustomize merges a few
 * lists by other keys (container ports by containerPort, volumeMounts by mountPath): patches here
 * must not touch those.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { readYaml, readYamlDocuments } from './manifests.ts';

export interface K8sObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; labels?: Record<string, string> };
  [field: string]: unknown;
}

interface Kustomization {
  resources?: string[];
  namespace?: string;
  images?: { name: string; newName?: string; newTag?: string }[];
  patches?: { path: string }[];
}

const SUPPORTED = new Set(['apiVersion', 'kind', 'resources', 'namespace', 'images', 'patches']);

export function kustomize(dir: string): K8sObject[] {
  const kustomization = readYaml<Kustomization>(path.join(dir, 'kustomization.yaml'));
  const unsupported = Object.keys(kustomization).filter((key) => !SUPPORTED.has(key));
  if (unsupported.length > 0) throw new Error(`${dir}: kustomize.ts does not handle ${unsupported.join(', ')}`);

  let objects = (kustomization.resources ?? []).flatMap((resource) => {
    const target = path.join(dir, resource);
    if (statSync(target).isDirectory()) return kustomize(target);
    return readYamlDocuments(target) as K8sObject[];
  });
  for (const patch of kustomization.patches ?? []) {
    if (Object.keys(patch).join() !== 'path') throw new Error(`${dir}: only patches given by path are handled`);
    for (const document of readYamlDocuments(path.join(dir, patch.path)) as K8sObject[]) {
      const index = objects.findIndex((o) => o.kind === document.kind && o.metadata.name === document.metadata.name);
      if (index < 0) throw new Error(`${patch.path}: no ${document.kind} ${document.metadata.name} to patch`);
      objects[index] = merge(objects[index], document) as K8sObject;
    }
  }
  for (const image of kustomization.images ?? []) objects = objects.map((o) => withImage(o, image));
  if (kustomization.namespace !== undefined) {
    const namespace = kustomization.namespace;
    objects = objects.map((o) => ({ ...o, metadata: { ...o.metadata, namespace } }));
  }
  return objects;
}

const isMap = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const named = (list: unknown[]) =>
  list.length > 0 && list.every((item) => isMap(item) && typeof item.name === 'string');

function merge(base: unknown, patch: unknown): unknown {
  if (isMap(base) && isMap(patch)) {
    const result: Record<string, unknown> = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (value === null) delete result[key];
      else result[key] = merge(base[key], value);
    }
    return result;
  }
  if (Array.isArray(base) && Array.isArray(patch) && named(base) && named(patch)) {
    const result = base.map((item) => {
      const update = patch.find((p) => p.name === item.name);
      return update === undefined ? item : merge(item, update);
    });
    return [...result, ...patch.filter((p) => !base.some((item) => item.name === p.name))];
  }
  return patch;
}

/** The `images` transformer, for pod templates' containers (what deploy/kubernetes has). */
function withImage(object: K8sObject, image: { name: string; newName?: string; newTag?: string }): K8sObject {
  const spec = (object.spec as { template?: { spec?: { containers?: { image?: string }[] } } } | undefined)?.template
    ?.spec;
  if (spec?.containers === undefined) return object;
  const containers = spec.containers.map((container) => {
    const [name = '', tag] = (container.image ?? '').split(':');
    if (name !== image.name) return container;
    const newTag = image.newTag ?? tag;
    return { ...container, image: `${image.newName ?? name}${newTag === undefined ? '' : `:${newTag}`}` };
  });
  return merge(object, { spec: { template: { spec: { containers } } } }) as K8sObject;
}
