import { defineConfig } from 'tsup';

export default defineConfig({
  // Two entries, two subpaths of the package: the kit (index) and the vitest suites (conformance).
  entry: ['src/index.ts', 'src/conformance.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
