import { TextHiddenLetters, TextMaxLength } from './text-length.gen';
import { hasTextControl, textShowsAsSent } from './text-as-sent';

describe('textShowsAsSent', () => {
  const piled = (count: number) => `Max${'\u0301'.repeat(count)}`;

  it("takes the contract's marksInRow combining marks in a row, and refuses one more", () => {
    expect(textShowsAsSent(piled(TextMaxLength.marksInRow))).toBe(true);
    expect(textShowsAsSent(`${piled(TextMaxLength.marksInRow)}-${piled(TextMaxLength.marksInRow)}`)).toBe(true);
    expect(textShowsAsSent(piled(TextMaxLength.marksInRow + 1))).toBe(false);
  });

  it("refuses each of the contract's hidden letters, alone and inside a text, and nothing else of an ordinary name", () => {
    expect(TextHiddenLetters.length).toBeGreaterThan(0);
    for (const letter of TextHiddenLetters) {
      expect(textShowsAsSent(letter)).toBe(false);
      expect(textShowsAsSent(`Mus${letter}ter`)).toBe(false);
    }
    expect(textShowsAsSent('Łukasz Wąsowski')).toBe(true);
  });
});

describe('hasTextControl', () => {
  // Go's identity.IsTextControl, written out as it is there: unicode.IsControl (C0, DEL and C1), the embeddings and
  // overrides, the isolates, the line and paragraph separators and the byte order mark.
  const isTextControl = (c: number) =>
    c <= 0x1f || (c >= 0x7f && c <= 0x9f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0x2028 || c === 0x2029 || c === 0xfeff;

  it("refuses what the service refuses in a text, every code point of them, and nothing else", () => {
    const differ: string[] = [];
    for (let c = 0; c <= 0x10ffff; c++) {
      if (c >= 0xd800 && c <= 0xdfff) continue;
      if (hasTextControl(`a${String.fromCodePoint(c)}b`) !== isTextControl(c)) differ.push(c.toString(16));
    }
    expect(differ).toEqual([]);
  });
});
