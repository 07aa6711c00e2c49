/**
 * The `@example` blocks of the doc comments of the core, SQLite and Redis packages run as written:
 * found in the sources (`comment-examples.ts`), type-checked against the workspace's sources, and
 * executed, each checking its own results with node:assert (a failed assertion fails it) and
 * leaving no socket or file open. The Redis address they show is swapped for a throwaway server's.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startRedis, type RunningRedis } from '../packages/redis/test/cluster.js';
import { type CommentExample, commentExamplesIn, productSources } from './comment-examples.js';
import { addedHandles, openHandles, typeProblems } from './example-checks.js';

const root = fileURLToPath(new URL('..', import.meta.url));
const generated = join(root, 'e2e/.generated');
const examples = ['core', 'sqlite', 'redis']
  .flatMap((name) => productSources(root, name))
  .flatMap((file) => commentExamplesIn(file, readFileSync(join(root, file), 'utf8')));

let redis: RunningRedis;

function scriptFile(example: CommentExample): string {
  return join(generated, `comment-${`${example.file}-${example.line}`.replaceAll(/[^a-zA-Z0-9]+/g, '-')}.ts`);
}

function substitute(code: string): string {
  const node = redis.nodes[0] as { host: string; port: number };
  return code.replaceAll('redis://127.0.0.1:6379', `redis://${node.host}:${node.port}`);
}

beforeAll(async () => {
  redis = await startRedis();
  mkdirSync(generated, { recursive: true });
  for (const example of examples) writeFileSync(scriptFile(example), `${substitute(example.code)}\nexport {};\n`);
});
afterAll(async () => {
  await redis?.stop();
});

describe('the examples of the doc comments', () => {
  it('document the calls every embedder makes and each store factory', () => {
    expect(examples.map((example) => example.documents)).toEqual([
      'record',
      'streak',
      'rebuildAll',
      'settleDue',
      'memoryStore',
      'sqliteStore',
      'redisStore',
    ]);
  });

  it('type-check against the workspace packages', () => {
    const problems = typeProblems(root, examples.map(scriptFile), generated);
    expect(problems).toEqual([]);
  });

  it.each(examples.map((example) => [`${example.file}:${example.line} (${example.documents})`, example] as const))(
    '%s runs as written, its assertions hold, and it leaves nothing open',
    async (_, example) => {
      const before = openHandles();
      await import(/* @vite-ignore */ scriptFile(example));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(addedHandles(before, openHandles())).toEqual([]);
    },
  );
});
