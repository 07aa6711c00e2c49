/**
 * The fault suite (`pnpm test:faults`): real server processes on loopback, killed, starved and
 * cut off from their stores; slow, so apart from `pnpm test`. `.ci/run` runs both. Files run one
 * at a time: each starts its own servers and Redis instances and measures timings.
 */
import { defineConfig } from 'vitest/config';
import { aliasesOf } from './vitest.shared.js';

// The same aliases as the e2e project's (subpath entries such as `@kindling/core/adapter` included).
const alias = aliasesOf(['core', 'testing', 'sqlite', 'redis', 'server'].map((name) => `@kindling/${name}`));

export default defineConfig({
  resolve: { alias },
  test: {
    name: 'faults',
    root: './e2e/faults',
    include: ['**/*.faults.test.ts'],
    fileParallelism: false,
    testTimeout: 180_000,
    hookTimeout: 60_000,
  },
});
