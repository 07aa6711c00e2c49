/**
 * The root Vitest config: every package's own project (packages/<name>/vitest.config.ts, which its
 * `test` script runs alone) and the cross-package tests. Vitest 4 reads no workspace file by itself,
 * so the root test script points here with --config.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { aliasesOf } from './vitest.shared.js';

const packages = ['core', 'testing', 'sqlite', 'redis', 'server', 'dashboard'].filter((name) =>
  existsSync(fileURLToPath(new URL(`./packages/${name}/vitest.config.ts`, import.meta.url))),
);

// e2e tests every package together, against their sources.
const alias = aliasesOf(packages.map((name) => `@kindling/${name}`));

export default defineConfig({
  test: {
    projects: [
      ...packages.map((name) => `./packages/${name}/vitest.config.ts`),
      // Cross-package tests; the fault suite (e2e/faults) runs apart, by `pnpm test:faults`.
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          root: './e2e',
          include: ['**/*.test.ts'],
          exclude: ['faults/**', '**/node_modules/**'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
