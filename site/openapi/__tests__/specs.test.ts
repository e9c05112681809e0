import assert from 'node:assert/strict';
import { test } from 'node:test';
import { lintSpec } from '../scripts/lint';
import { APIS, mergeApi, writeMerged } from '../scripts/merge';

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options', 'trace'];

for (const api of APIS) {
  test(`the ${api} API spec passes Redocly's recommended lint rules with 0 errors`, async () => {
    const problems = await lintSpec(writeMerged(api));
    const errors = problems.filter((p) => p.severity === 'error').map((p) => `${p.rule}: ${p.message} (${p.where})`);
    assert.deepEqual(errors, []);
  });

  test(`every ${api} operation has a family tag, an x-slug, a summary, an example and a 4xx response`, () => {
    const doc = mergeApi(api);
    const problems: string[] = [];
    const slugs = new Set<string>();
    for (const [route, item] of Object.entries(doc.paths ?? {})) {
      for (const [method, raw] of Object.entries(item)) {
        if (!HTTP_METHODS.includes(method)) continue; // path-level parameters, summary, servers
        const op = raw as Record<string, unknown>;
        const where = `${method.toUpperCase()} ${route}`;
        const tag = (op.tags as string[] | undefined)?.[0];
        const slug = op['x-slug'] as string | undefined;
        if (!tag || !slug) problems.push(`${where}: tag and x-slug`);
        if (slugs.has(`${tag}/${slug}`)) problems.push(`${where}: duplicate page ${tag}/${slug}`);
        slugs.add(`${tag}/${slug}`);
        if (!op.summary || !op.description) problems.push(`${where}: summary and description`);
        const responses = Object.keys((op.responses as object) ?? {});
        if (!responses.some((s) => s.startsWith('4'))) problems.push(`${where}: no 4xx response`);
        const hasExample = (media: Record<string, unknown> | undefined) =>
          media === undefined ||
          media.example !== undefined ||
          media.examples !== undefined ||
          media.schema === undefined;
        const body = (op.requestBody as { content?: Record<string, Record<string, unknown>> } | undefined)?.content;
        for (const [type, media] of Object.entries(body ?? {})) {
          if (type.includes('json') && !hasExample(media)) problems.push(`${where}: request example`);
        }
      }
    }
    assert.ok(slugs.size > 0, 'the API has operations');
    assert.deepEqual(problems, []);
  });
}
