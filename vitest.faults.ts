/**
 * The fault suite (`pnpm test:faults`): real server processes on loopback, killed, starved and
 * cut off from their stores; slow, so apart from `pnpm test`. `.ci/run` runs both. Files run one
 * at a time: each starts its own servers and Redis instances and measures timings.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = ['core', 'testing', 'sqlite', 'redis', 'server'];
const alias = Object.fromEntries(
  packages.map((name) => [
    `@kindling/${name}`,
    fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url)),
  ]),
);

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
