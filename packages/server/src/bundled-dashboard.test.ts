/**
 * The published package serves the dashboard from its own files: the build copies
 * @kindling/dashboard's build into packages/server/dashboard, which `files` lists.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledDashboard } from './server.js';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const manifest = JSON.parse(readFileSync(`${packageDir}package.json`, 'utf8')) as {
  files: string[];
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};

describe('the bundled dashboard', () => {
  it('is the dashboard folder inside this package, not a sibling package', () => {
    expect(bundledDashboard()).toBe(`${packageDir}dashboard`);
  });

  it('is copied by the build and published with the package', () => {
    expect(manifest.scripts.build).toContain('scripts/copy-dashboard.mjs');
    expect(manifest.scripts['build:js']).toContain('scripts/copy-dashboard.mjs');
    expect(manifest.files).toContain('dashboard');
    // scripts/build.mjs builds a package's workspace dependencies first, devDependencies included.
    expect(manifest.devDependencies['@kindling/dashboard']).toBe('workspace:*');
  });
});
