import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { VARIABLES } from '@kindling/server';

const root = fileURLToPath(new URL('..', import.meta.url));
const readme = readFileSync(`${root}/README.md`, 'utf8');
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1] as string);

async function run(code: string, name: string): Promise<string[]> {
  const dir = `${root}/e2e/.generated`;
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/${name}.ts`;
  writeFileSync(file, `${code}\nexport {};\n`);
  const lines: string[] = [];
  const spy = vi.spyOn(console, 'log').mockImplementation((...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' '));
  });
  try {
    await import(/* @vite-ignore */ `${file}?t=${Date.now()}`);
  } finally {
    spy.mockRestore();
  }
  return lines;
}

describe('the README', () => {
  it('has an embedding example of about 15 lines that runs as written and prints what its comments say', async () => {
    const example = blocks.find((b) => b.includes('memoryStore()') && b.includes('console.log')) as string;
    expect(example.trim().split('\n').length).toBeLessThanOrEqual(16);
    const printed = await run(example, 'embed');
    expect(printed).toEqual([
      '3 ["freeze.consumed","streak.extended"]',
      '["2026-03-06:1","2026-03-07:2","2026-03-08:2*","2026-03-09:3"]',
    ]);
  });

  it('has a property-testing example that runs as written', async () => {
    const printed = await run(blocks.find((b) => b.includes('fc.assert')) as string, 'property');
    expect(printed).toEqual([]);
  });

  it('lists every variable the server reads in its configuration table', () => {
    const rows = new Set([...readme.matchAll(/^\| `([A-Z_]+)` \|/gm)].map((m) => m[1]));
    expect(Object.keys(VARIABLES).filter((name) => !rows.has(name))).toEqual([]);
  });
});
