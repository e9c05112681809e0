import assert from 'node:assert/strict';
import test from 'node:test';
import { fasterOptions } from '../faster';

test("BUILD-CACHE Rspack's persistent cache is off unless BUILD_CACHE is set; every other Faster part is on", () => {
  const clean = fasterOptions({});
  assert.equal(clean.rspackPersistentCache, false);
  assert.ok(
    Object.entries(clean)
      .filter(([name]) => name !== 'rspackPersistentCache')
      .every(([, on]) => on),
  );
  assert.equal(fasterOptions({ BUILD_CACHE: 'true' }).rspackPersistentCache, true);
  assert.throws(() => fasterOptions({ BUILD_CACHE: 'sometimes' }), { code: 'BUILD_ERR_CONFIG' });
});
