import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ControlKV } from '@kindling/core/adapter';
import { sqliteControlKV } from '@kindling/sqlite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  ENDED_WINDOW_KEPT_MS,
  POINTS_WINDOW_MS,
  type PointsWindow,
  pointsWindowField,
  readPointsWindow,
  swapPointsWindow,
} from './points-windows.js';

let dir: string;
let kv: ControlKV;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kindling-windows-'));
  kv = sqliteControlKV(join(dir, 'control.db'));
});
afterEach(async () => {
  await kv.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A window opened at `openedAt`, holding `held` changes or none. */
const windowAt = (openedAt: number, held: PointsWindow['held'] = null): PointsWindow => ({
  firstSeenAt: 0,
  version: 1,
  leadId: 'e1',
  endsAt: openedAt + POINTS_WINDOW_MS,
  sentTotal: 10,
  held,
  sending: null,
});

describe("the control plane's points windows (S38)", () => {
  it('drops a window holding nothing ENDED_WINDOW_KEPT_MS after its end, and keeps one holding a change until it is sent', async () => {
    // opened so long ago that its end and the time kept after it pass 150 ms from now
    const openedAt = Date.now() - POINTS_WINDOW_MS - ENDED_WINDOW_KEPT_MS + 150;
    const idle = pointsWindowField('acct', 'ada', 'xp');
    const holding = pointsWindowField('acct', 'bo', 'xp');
    const held = { change: { system: 'xp', total: 20, added: 10, awards: [] }, at: openedAt, version: 2, user: null };
    expect(await swapPointsWindow(kv, 'acct', idle, null, windowAt(openedAt), Date.now())).toBe(true);
    expect(
      await swapPointsWindow(
        kv,
        'acct',
        holding,
        null,
        windowAt(openedAt, held as unknown as PointsWindow['held']),
        Date.now(),
      ),
    ).toBe(true);
    expect((await readPointsWindow(kv, 'acct', idle)).window).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await readPointsWindow(kv, 'acct', idle)).window).toBeNull();
    expect((await readPointsWindow(kv, 'acct', holding)).window?.held).toMatchObject({ version: 2 });
  });
});
