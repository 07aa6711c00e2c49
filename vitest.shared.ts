/**
 * The Vitest project of one package, used by the package's own vitest.config.ts (its `test` script)
 * and, through it, by the root config. Tests run against the sources of the workspace packages, so
 * that no build is needed to test; only the @kindling packages the package itself declares (and its
 * own name) are resolved, so an undeclared dependency fails its tests instead of passing by accident.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

type Manifest = { name: string } & Partial<
  Record<'dependencies' | 'devDependencies' | 'peerDependencies', Record<string, string>>
>;

/** Where a workspace package's sources start: `@kindling/core` → packages/core/src/index.ts. */
export function sourceEntry(name: string): string {
  return fileURLToPath(new URL(`./packages/${name.slice('@kindling/'.length)}/src/index.ts`, import.meta.url));
}

/** A package name as a regular expression's text (`@kindling/testing` has no special characters, but a name could). */
function literal(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The aliases of the workspace packages `names`, to their sources: the package itself to
 * src/index.ts, and each subpath of its exports map to the source file of that name
 * (`@kindling/testing/conformance` → packages/testing/src/conformance.ts).
 */
export function aliasesOf(names: Iterable<string>): Array<{ find: RegExp; replacement: string }> {
  return [...names].flatMap((name) => {
    const folder = fileURLToPath(new URL(`./packages/${name.slice('@kindling/'.length)}/src/`, import.meta.url));
    return [
      { find: new RegExp(`^${literal(name)}$`), replacement: sourceEntry(name) },
      { find: new RegExp(`^${literal(name)}/([a-z-]+)$`), replacement: `${folder}$1.ts` },
    ];
  });
}

/** The aliases of the @kindling packages `manifest` names, itself included. */
export function workspaceAliases(manifest: Manifest): Array<{ find: RegExp; replacement: string }> {
  const names = new Set([manifest.name]);
  for (const field of ['dependencies', 'devDependencies', 'peerDependencies'] as const) {
    for (const name of Object.keys(manifest[field] ?? {})) names.add(name);
  }
  return aliasesOf([...names].filter((name) => name.startsWith('@kindling/')));
}

/** The project of the package whose folder is `folderUrl` (its vitest.config.ts passes `new URL('.', import.meta.url)`). */
export function packageProject(folderUrl: URL): TestProjectInlineConfiguration {
  const root = fileURLToPath(folderUrl);
  const manifest = JSON.parse(readFileSync(new URL('package.json', folderUrl), 'utf8')) as Manifest;
  return {
    resolve: { alias: workspaceAliases(manifest) },
    test: {
      name: manifest.name.slice('@kindling/'.length),
      root,
      include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
      testTimeout: 120_000,
      hookTimeout: 60_000,
    },
  };
}
