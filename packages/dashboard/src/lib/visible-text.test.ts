import { describe, expect, it } from 'vitest';
import { visibleText } from './visible-text';

describe('visibleText', () => {
  it('writes each direction control as its code, so that a reversed address cannot pass for another', () => {
    expect(visibleText('\u202emoc.elpmaxe@nimda')).toBe('[U+202E]moc.elpmaxe@nimda');
    expect(visibleText('abc\u202Egnp.exe\u202C!')).toBe('abc[U+202E]gnp.exe[U+202C]!');
    expect(visibleText('\u200e\u200f\u061c\u2066\u2067\u2068\u2069\u202a\u202b\u202d')).toBe(
      '[U+200E][U+200F][U+061C][U+2066][U+2067][U+2068][U+2069][U+202A][U+202B][U+202D]',
    );
  });

  it('leaves every other text as it is: right-to-left scripts, emoji, joiners', () => {
    for (const text of ['learner-042', 'مرحبا', 'שלום@example.com', '👩‍💻 ada', 'a\u200db', ''])
      expect(visibleText(text)).toBe(text);
  });
});
