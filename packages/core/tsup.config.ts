import { defineConfig } from 'tsup';

export default defineConfig({
  // Three entries, three subpaths: the embedder's (index), the store author's (adapter), and internal (no semver).
  entry: ['src/index.ts', 'src/adapter.ts', 'src/internal.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'node20',
});
