/**
 * The root Vitest config: one project per package (Vitest 4 reads no workspace file by itself, so
 * the root test script points here with --config).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const packages = ['core', 'testing', 'sqlite', 'redis', 'server', 'dashboard'].filter((name) =>
  existsSync(fileURLToPath(new URL(`./packages/${name}/package.json`, import.meta.url))),
);

// Tests run against the sources of the workspace packages, so that no build is needed to test.
const alias = Object.fromEntries(
  packages.map((name) => [`@kindling/${name}`, fileURLToPath(new URL(`./packages/${name}/src/index.ts`, import.meta.url))]),
);

export default defineConfig({
  test: {
    projects: [
      ...packages.map((name) => ({
        resolve: { alias },
        test: {
          name,
          root: `./packages/${name}`,
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          testTimeout: 120_000,
          hookTimeout: 60_000,
        },
      })),
      // Cross-package tests; the fault suite (e2e/faults) runs apart, by `pnpm test:faults`.
      { resolve: { alias }, test: { name: 'e2e', root: './e2e', include: ['**/*.test.ts'], exclude: ['faults/**', '**/node_modules/**'], testTimeout: 120_000 } },
    ],
  },
});
