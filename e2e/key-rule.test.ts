/**
 * The dashboard previews and checks metric and achievement keys with its own copy of the server's
 * rule (it ships no server code): the two must give the same answers.
 */
import { describe, expect, it } from 'vitest';
import { deriveKey as dashboardDerive, isValidKey } from '../packages/dashboard/src/lib/metric-key.js';
import { deriveKey as serverDerive, keyFor } from '../packages/server/src/routes/admin/derive-key.js';

const NAMES = ['Constructor', 'To String', '__proto__', 'Lessons Completed', '  Minutes -- read!! ', '__a__b__', 'Café 2 go', 'Übung 10', '!!!', '', '日本語', 'x'.repeat(80), `${'y'.repeat(63)} z`, 'Ölçü-Ölçü', 'a\u0301b', '9 lives'];
const KEYS = ['daily', 'Daily_2', 'a-b', 'a b', 'é', '', 'k'.repeat(64), 'k'.repeat(65), 'dot.ted', '-', '__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'prototype', '__defineGetter__', 'constructors'];

describe('the key rule, dashboard and server', () => {
  it('derives the same key from every name', () => {
    for (const name of NAMES) expect(dashboardDerive(name), JSON.stringify(name)).toBe(serverDerive(name));
  });

  it('accepts exactly the keys the server accepts', () => {
    for (const key of KEYS) expect(isValidKey(key), JSON.stringify(key)).toBe('key' in keyFor({ name: 'n', key }));
  });
});
