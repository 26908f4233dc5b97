import { TextHiddenLetters, TextMaxLength } from './text-length.gen';
import { hasTextControl, isPlaceText, textShowsAsSent } from './text-as-sent';

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

describe('isPlaceText', () => {
  // Go's contract.PlaceTextValid takes and refuses the same (address_text_test.go); the contract's placeText examples
  // hold both sides' whole address rule to one table (libs/forms addressTextSchema, the contract suite).
  it('takes a letter or a digit of any script, with punctuation, numbers such as ½, the degree and numero signs and the other symbols', () => {
    for (const text of ['12a', '7/1', 'Łódź', 'Αθήνα', '\u0663', 'Straße des 17. Juni', 'Frankfurt (Oder)', "'s-Hertogenbosch", '3 ½', 'Via Roma 5, 3° piano', '№ 15', '12+14', 'Weg 5 €', 'Mu\u0308nchen']) {
      expect([text, isPlaceText(text)]).toEqual([text, true]);
    }
  });

  it('refuses a text without a letter or a digit, and emoji, other symbols (So) and format characters (Cf) inside (QA, 2026-12-01)', () => {
    for (const text of ['', '😀', '👍🏽', '-', '/', '...', '\u0301', '\uFE0F', 'München😀', 'Berlin ❤', '★ Weg', 'Weg ©', 'Weg ™',
      '\u{1F1E9}\u{1F1EA} Berlin', '12\u{1F3FB}', '1\uFE0F\u20E3', '1\u20E3', 'Weg 3\uFE0F', 'Mü\u200Dnchen', 'Mü\u200Bnchen', 'Mü\u200Cnchen',
      'Haupt\u00ADstraße', 'Köln\u200E Süd', 'Köln\u2060Süd', 'Weg\u061C 5', 'Weg \u{E0067}']) {
      expect([text, isPlaceText(text)]).toEqual([text, false]);
    }
  });
});
