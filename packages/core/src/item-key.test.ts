import { describe, expect, it } from 'vitest';
import { deriveKey, isValidKey, keyFor } from './item-key.js';

describe('deriveKey', () => {
  it('lower-cases and joins words with dashes', () => {
    expect(deriveKey('Lessons Completed')).toBe('lessons-completed');
  });

  it('collapses runs of other characters into one dash and trims dashes at the ends', () => {
    expect(deriveKey('  Minutes -- read!! ')).toBe('minutes-read');
    expect(deriveKey('__a__b__')).toBe('a-b');
  });

  it('keeps digits and drops accents', () => {
    expect(deriveKey('Café 2 go')).toBe('cafe-2-go');
    expect(deriveKey('Übung 10')).toBe('ubung-10');
  });

  it('cuts a long name to 64 characters, without a dash at the end', () => {
    expect(deriveKey('a'.repeat(70))).toBe('a'.repeat(64));
    expect(deriveKey(`${'a'.repeat(63)} b`)).toBe('a'.repeat(63));
  });

  it('gives an empty key for a name without letters or digits', () => {
    expect(deriveKey('!!!')).toBe('');
    expect(deriveKey('')).toBe('');
  });

  it('always gives a valid key or an empty one', () => {
    for (const name of ['A b', 'x_y', 'Ölçü', '日本', 'a--b', '9 lives']) {
      const key = deriveKey(name);
      expect(key === '' || isValidKey(key)).toBe(true);
    }
  });
});

describe('isValidKey', () => {
  it('accepts 1 to 64 letters, digits, - or _', () => {
    expect(isValidKey('daily-lessons-2')).toBe(true);
    expect(isValidKey('Daily')).toBe(true);
    expect(isValidKey('a_b')).toBe(true);
    expect(isValidKey('a'.repeat(64))).toBe(true);
    expect(isValidKey('a'.repeat(65))).toBe(false);
    expect(isValidKey('a b')).toBe(false);
    expect(isValidKey('café')).toBe(false);
    expect(isValidKey('')).toBe(false);
  });

  it('refuses the names of members every object has, and only those', () => {
    for (const key of [
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'valueOf',
      'prototype',
      '__defineGetter__',
    ])
      expect(isValidKey(key), key).toBe(false);
    expect(isValidKey('constructors')).toBe(true);
  });

  it('accepts exactly the keys keyFor accepts as given', () => {
    for (const key of [
      'daily',
      'Daily_2',
      'a-b',
      'a b',
      'é',
      '',
      'k'.repeat(64),
      'k'.repeat(65),
      'dot.ted',
      '-',
      '__proto__',
      'toString',
    ]) {
      expect(isValidKey(key), JSON.stringify(key)).toBe('key' in keyFor({ name: 'n', key }));
    }
  });
});

describe('keyFor', () => {
  it('derives the key from the name when none is given, and says why when it cannot', () => {
    expect(keyFor({ name: 'Lessons Completed' })).toEqual({ key: 'lessons-completed' });
    expect(keyFor({ name: '!!!' })).toEqual({ problem: 'No key can be derived from the name; send a key' });
    expect(keyFor({ name: 'Constructor' })).toMatchObject({
      problem: expect.stringMatching(/^The key derived from the name, "constructor" is reserved/),
    });
  });

  it('keeps a given key, or says what is wrong with it', () => {
    expect(keyFor({ name: 'n', key: 'Daily_2' })).toEqual({ key: 'Daily_2' });
    expect(keyFor({ name: 'n', key: 'a b' })).toEqual({ problem: 'Key must be 1 to 64 letters, digits, - or _' });
    expect(keyFor({ name: 'n', key: '__proto__' })).toMatchObject({
      problem: expect.stringMatching(/^Key "__proto__" is reserved.*; choose another$/),
    });
  });
});
