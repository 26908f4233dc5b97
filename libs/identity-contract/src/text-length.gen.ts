// Code generated from services/api/api/identity-contract.yaml by services/api/internal/identity/contract/gen. DO NOT EDIT.

/** The most characters (code points after trimming and NFC) of a first or a last name. */
export const PersonNameMaxLength = 200;

/**
 * The most characters (code points after trimming and NFC) of a profile or data text (account), of an address book
 * field (address) and of its house number (streetNo), and the most combining marks in a row in a text of the schema
 * (marksInRow).
 */
export const TextMaxLength = { account: 1000, address: 200, streetNo: 30, marksInRow: 10 } as const;

/** The letters that show nothing (the Hangul fillers), which no text of the schema holds (textLength.hiddenLetters). */
export const TextHiddenLetters = '\u115f\u1160\u3164\uffa0';
