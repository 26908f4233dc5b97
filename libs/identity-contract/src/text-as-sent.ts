/**
 * More than marksInRow (10) combining marks in a row, past 30 of which Go's NFC inserts U+034F, or one of the Hangul
 * fillers (hiddenLetters), letters that show nothing. Written out rather than built from the generated TextMaxLength
 * and TextHiddenLetters, which would then come into the chunk /login loads first (page weight); text-as-sent.test.ts
 * holds it to them.
 */
const NOT_AS_SENT = /\p{M}{11}|[\u115F\u1160\u3164\uFFA0]/u;

/**
 * Whether a composed (NFC) text of the schema is stored and shows as it was sent (the identity contract's textLength,
 * Go's contract.TextShowsAsSent), which every field's own rule comes on top of: the forms hold a name to it
 * (libs/forms personNameSchema) as the fake provider holds every text. Reached as '@portal/identity-contract/text'
 * only, as the phone rule is: re-exported from the barrel it would go into the chunk /login shares with the schema kit.
 */
export function textShowsAsSent(text: string): boolean {
  return !NOT_AS_SENT.test(text);
}

/**
 * Controls (Cc: C0, DEL, C1), bidirectional embeddings, overrides and isolates, the line and paragraph separators and
 * the byte order mark: no single-line text holds them (Go's identity.IsTextControl, which the service refuses in every
 * text of the schema with 400026).
 */
const TEXT_CONTROL = /[\p{Cc}\u202A-\u202E\u2066-\u2069\u2028\u2029\uFEFF]/u;

/**
 * Whether a text holds a character the service refuses in any text (TEXT_CONTROL). One definition for the fake
 * provider, which refuses them as the service does, and the address form, which took "Haupt\u0007straße" or a pasted
 * tab the service then refused on saving (QA, 2026-12-01).
 */
export function hasTextControl(text: string): boolean {
  return TEXT_CONTROL.test(text);
}

/**
 * What no street, house number or town holds (the contract's placeText, Go's contract.isPlaceSymbol): a symbol of
 * category So (emoji, pictographs, dingbats, ©) but the degree and the numero sign, which addresses write ("3° piano",
 * "№ 15"); the skin tones, the keycap and the emoji presentation selector, which make an emoji of another character;
 * and a format character (Cf), which shows nothing.
 */
const PLACE_SYMBOL = /(?![°№])[\p{So}\p{Cf}\u{1F3FB}-\u{1F3FF}]|\u20E3|\uFE0F/u;
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * Whether an address's street, house number or town, trimmed (trimInvisible) and composed, follows the contract's
 * placeText (Go's contract.PlaceTextValid), on top of every text's rules (textShowsAsSent, hasTextControl): a letter or
 * a digit, and no emoji, other symbol or format character (QA, 2026-12-01: "München😀" and "Mü\u200Dnchen" were taken
 * as towns, which names refuse). One definition for the address form and the fake provider.
 */
export function isPlaceText(text: string): boolean {
  return LETTER_OR_DIGIT.test(text) && !PLACE_SYMBOL.test(text);
}

/** One character trimmed off an address text's ends: White_Space (\s, and U+0085) or a format character, but a tag (they end a flag). */
const INVISIBLE = /^(?![\u{E0000}-\u{E007F}])[\s\x85\p{Cf}]$/u;
/** A text of nothing that shows: spaces, format characters and controls. */
const BLANK = /^[\s\p{Cc}\p{Cf}]*$/u;

/**
 * An address's text as the service trims it (the contract's textLength, Go's contract.TrimInvisible): spaces and
 * format characters off either end (a pasted U+200B, U+2060 or U+FEFF), and a text of nothing else, controls
 * included, is empty, as one of spaces is (QA, 2026-12-01: a zero-width space was saved as a street). The forms'
 * address rules and the fake provider trim with it. Walked by character rather than matched at the end by a pattern,
 * which takes time growing with the square of a long run of them.
 */
export function trimInvisible(text: string): string {
  if (BLANK.test(text)) return '';
  const chars = [...text];
  let start = 0;
  let end = chars.length;
  while (INVISIBLE.test(chars[start]!)) start++;
  while (INVISIBLE.test(chars[end - 1]!)) end--;
  return chars.slice(start, end).join('');
}
