/**
 * The shared Store conformance suite from @kindling/testing, on a single Redis and on a Redis
 * Cluster: each case on a fresh account, reopening as a new store on the same account.
 */
import { describeStoreConformance } from '@kindling/testing/conformance';
import { afterAll, describe } from 'vitest';
import { openTargets, presentTargets } from '../test/targets.js';

const targets = await openTargets();
afterAll(async () => {
  await Promise.all(presentTargets(targets).map((target) => target.cleanup()));
});

for (const target of [targets.single, targets.cluster]) {
  describe.skipIf(target === null)(`@kindling/redis on ${target?.name ?? 'Redis'}`, () => {
    describeStoreConformance(`redis (${target?.name ?? 'Redis'})`, () => target!.store(), {
      reopen: async (store) =>
        target!.store({ account: (store as ReturnType<NonNullable<typeof target>['store']>).account }),
    });
  });
}
