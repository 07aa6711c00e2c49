import { describe, expect, it } from 'vitest';
import { MAX_NAME_LENGTH, nameProblem } from './names.js';

describe('a name', () => {
  it('is counted in characters, as the admin API counts it: 255 emoji make a name, 256 do not', () => {
    expect(nameProblem('\u{1F525}'.repeat(MAX_NAME_LENGTH))).toBeNull();
    expect(nameProblem('\u{1F525}'.repeat(MAX_NAME_LENGTH + 1))).toBe('must be 1 to 255 characters, got 256');
  });

  it('is refused empty, or with a control character or a direction override', () => {
    expect(nameProblem('')).toMatch(/1 to 255/);
    expect(nameProblem('a\u0007b')).toMatch(/control/);
    expect(nameProblem('a\u202eb')).toMatch(/direction/);
  });
});
