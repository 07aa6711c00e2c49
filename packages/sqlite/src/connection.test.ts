import type { UserState } from '@kindling/core/adapter';
import { newUser } from '@kindling/core/internal';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useTempFiles } from '../test/temp.js';
import { connect, type ConnectionOptions } from './connection.js';

const files = useTempFiles();
const DEFAULTS: ConnectionOptions = { busyTimeout: 10_000, synchronous: 'full', checkpoints: 'inline' };

const userWith = (id: string, version: number): UserState => ({
  ...newUser(id, 0),
  version,
  totals: { lessons: version },
});

describe('connections shared by the stores of a file', () => {
  it('gives the stores of one file in a process one connection, closed with the last of them', async () => {
    const path = files.path('one.db');
    const first = connect(path, DEFAULTS);
    const second = connect(path, DEFAULTS);
    expect(second).toBe(first);
    await first.release();
    expect(first.db.open).toBe(true);
    await second.release();
    expect(first.db.open).toBe(false);
    // A later store opens the file again.
    const again = connect(path, DEFAULTS);
    expect(again).not.toBe(first);
    expect(again.db.open).toBe(true);
    await again.release();
  });

  it('opens a connection of its own for other settings, and for every in-memory database', async () => {
    const path = files.path('two.db');
    const full = connect(path, DEFAULTS);
    const normal = connect(path, { ...DEFAULTS, synchronous: 'normal' });
    const [memory, otherMemory] = [connect(':memory:', DEFAULTS), connect(':memory:', DEFAULTS)];
    expect(new Set([full, normal, memory, otherMemory]).size).toBe(4);
    for (const connection of [full, normal, memory, otherMemory]) await connection.release();
  });

  it("keeps each account's parsed states while another account of the file writes", async () => {
    const a = files.open('accounts.db', { account: 'a' });
    const b = files.open('accounts.db', { account: 'b' });
    for (const id of ['u1', 'u2', 'u3'])
      await a.update(id, () => ({
        result: null,
        write: { user: userWith(id, 1), history: [], rollups: [], index: [] },
      }));
    await b.update('v', () => ({
      result: null,
      write: { user: userWith('v', 1), history: [], rollups: [], index: [] },
    }));
    // The next batch of account a begins after b's commit: a connection of its own would have seen
    // the file change under it and forgotten every state it kept.
    await a.update('u1', ({ user }) => ({
      result: null,
      write: { user: userWith('u1', (user?.version ?? 0) + 1), history: [], rollups: [], index: [] },
    }));
    const connection = connect(files.path('accounts.db'), DEFAULTS);
    try {
      expect(connection.cacheOf('a', 10_000).size).toBe(3);
      expect(connection.cacheOf('b', 10_000).size).toBe(1);
    } finally {
      await connection.release();
    }
  });

  it('commits the updates of several accounts asked for together in one transaction', async () => {
    const a = files.open('together.db', { account: 'a' });
    const b = files.open('together.db', { account: 'b' });
    await b.update('first', () => ({
      result: null,
      write: { user: userWith('first', 1), history: [], rollups: [], index: [] },
    }));
    const raw = new Database(files.path('together.db'), { readonly: true });
    const connection = connect(files.path('together.db'), DEFAULTS);
    const countA = 'SELECT count(*) FROM users WHERE account = ?';
    try {
      const written = a.update('u', () => ({
        result: null,
        write: { user: userWith('u', 1), history: [], rollups: [], index: [] },
      }));
      // b's step runs after a's write: the shared transaction holds a's row, which no other connection sees yet.
      const seen = b.update('u', () => ({
        result: {
          inside: connection.db.prepare(countA).pluck().get('a'),
          elsewhere: raw.prepare(countA).pluck().get('a'),
        },
        write: { user: userWith('u', 1), history: [], rollups: [], index: [] },
      }));
      await written;
      expect(await seen).toEqual({ inside: 1, elsewhere: 0 });
      expect(raw.prepare(countA).pluck().get('a')).toBe(1);
    } finally {
      raw.close();
      await connection.release();
    }
  });
});
