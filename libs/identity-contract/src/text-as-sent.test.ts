import { TextHiddenLetters, TextMaxLength } from './text-length.gen';
import { textShowsAsSent } from './text-as-sent';

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
