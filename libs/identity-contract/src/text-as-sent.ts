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
