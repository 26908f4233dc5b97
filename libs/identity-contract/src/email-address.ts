/**
 * The part before the @: atoms (RFC 5322 atext, and with RFC 6532 any character beyond ASCII) with single dots
 * between them, so no leading, trailing or double dot. A literal, which a bundler knows to be free of side effects,
 * so that pages that never check an address do not carry it.
 */
const LOCAL_PART = /^(?:[\w!#$%&'*+/=?^`{|}~-]|[\u0080-\u{10FFFF}])+(?:\.(?:[\w!#$%&'*+/=?^`{|}~-]|[\u0080-\u{10FFFF}])+)*$/u;
/** Controls (NUL among them), format characters (zero-width space, right-to-left override), lone surrogates, U+FFFD. */
const UNFIT = /[\p{Cc}\p{Cf}\p{Cs}\uFFFD]/u;
/** An ASCII character no host name holds (STD3: only letters, digits, hyphen and dot), which the URL parser would read otherwise. */
const ASCII_OUTSIDE_HOST_NAME = /[^A-Za-z0-9.\-\u0080-\u{10FFFF}]/u;
/** The dots the IDNA mapping reads as label separators. */
const LABEL_DOTS = /[.\u3002\uff0e\uff61]/;
/**
 * A domain label, in Unicode, of what IDNA2008 takes (RFC 5892): hyphens, letters, combining marks and decimal digits
 * but for its exceptions, the old Hangul jamo and its ignorable blocks; the exceptions it takes; and the characters of
 * its context rules, which CONTEXT_FAULT then checks. No emoji, symbol or punctuation, which the IDNA lookup maps
 * but no registry hands out.
 */
const IDNA2008_LABEL =
  /^(?:-|[\u00b7\u0375\u05f3\u05f4\u06fd\u06fe\u0f0b\u3007\u30fb]|(?![\u0640\u07fa\u3031-\u3035\u303b\u1100-\u11ff\ua960-\ua97f\ud7b0-\ud7ff\u{1d100}-\u{1d24f}]|\u302e|\u302f|[\u20d0-\u20ff])[\p{Ll}\p{Lu}\p{Lo}\p{Lm}\p{Mn}\p{Mc}\p{Nd}])+$/u;
/**
 * A character of IDNA2008's context rules where its rule does not hold (RFC 5892 appendix A): the middle dot
 * outside l·l, the Greek lower numeral sign before no Greek letter, the Hebrew geresh or gershayim after no Hebrew
 * letter. The katakana middle dot (in a label with kana or Han) and the two kinds of Arabic-Indic digits (not
 * together) are asked of the whole label.
 */
const CONTEXT_FAULT = /(?<!l)\u00b7|\u00b7(?!l)|\u0375(?!\p{sc=Greek})|(?<!\p{sc=Hebrew})[\u05f3\u05f4]/u;
const KANA_OR_HAN = /[\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Han}]/u;

/**
 * Whether the identity provider takes `raw` as an e-mail address: the embedded provider's rule (identity.ParseEmail
 * in services/api), so that a form refuses in the browser what the service would refuse. The identity contract's
 * `emailAddress` section says the rule; both sides test against its examples (EmailAddressExamples).
 */
export function isEmailAddress(raw: string): boolean {
  const trimmed = raw.trim();
  if (UNFIT.test(trimmed)) return false;
  const address = trimmed.normalize('NFC');
  const at = address.lastIndexOf('@');
  const localPart = address.slice(0, at);
  if (at <= 0 || utf8Length(localPart) > 64 || !LOCAL_PART.test(localPart)) return false;
  const domain = asciiDomain(address.slice(at + 1));
  return domain !== undefined && domain.includes('.') && hostName(domain) && utf8Length(localPart) + 1 + domain.length <= 254;
}

/**
 * The ASCII form of a host name as the IDNA lookup gives it (STD3 rules, hyphens checked), undefined when it has
 * none. The browser's URL parser does the mapping and the Punycode; it runs only for names that need it, since it
 * would also read an all-ASCII name ending in digits as an IPv4 address.
 */
function asciiDomain(domain: string): string | undefined {
  if (ASCII_OUTSIDE_HOST_NAME.test(domain)) return undefined;
  const labels = domain.normalize('NFKC').toLowerCase().split(LABEL_DOTS);
  if (labels.some((label) => label.startsWith('-') || label.endsWith('-') || (label.slice(2, 4) === '--' && !label.startsWith('xn--')))) {
    return undefined;
  }
  let ascii = domain.toLowerCase();
  if (/[\u0080-\u{10FFFF}]|(?:^|\.)xn--/u.test(ascii)) {
    try {
      ascii = new URL(`http://${domain}/`).hostname;
    } catch {
      return undefined;
    }
  }
  return ascii.split('.').every((label) => /^[a-z0-9-]+$/.test(label)) ? ascii : undefined;
}

/**
 * Whether a domain's ASCII form names what a registry could hand out, by the identity contract's emailAddress rule
 * (the service's identity.hostName): each label, its xn-- form decoded, of what IDNA2008 takes, and the last not all
 * digits. The browser's URL parser, as the service's IDNA lookup, maps emoji and symbols to an xn-- form
 * (name@😀.de became xn--e28h.de, QA 2026-12-01), and name@1.2.3.4 is no host name (RFC 3696 2).
 */
function hostName(ascii: string): boolean {
  const labels = ascii.split('.');
  return /\D/.test(labels[labels.length - 1]!) && labels.every(idna2008Label);
}

/**
 * Whether a label of a domain's ASCII form, decoded, holds only what IDNA2008 takes (IDNA2008_LABEL, its context
 * rules), with no hyphen at its ends nor two in its third and fourth place (RFC 5891 4.2.3.1), which the URL parser
 * does not ask of an xn-- form.
 */
function idna2008Label(ascii: string): boolean {
  const label = ascii.startsWith('xn--') ? decodePunycode(ascii.slice(4)) : ascii;
  if (label === undefined || !IDNA2008_LABEL.test(label) || CONTEXT_FAULT.test(label) || /^-|-$|^..--/u.test(label)) return false;
  if (label.includes('\u30fb') && !KANA_OR_HAN.test(label)) return false;
  return !(/[\u0660-\u0669]/.test(label) && /[\u06f0-\u06f9]/.test(label));
}

/** The Unicode text of a label's Punycode (RFC 3492 6.2, the part after xn--), undefined when it is none. */
function decodePunycode(input: string): string | undefined {
  const delimiter = input.lastIndexOf('-');
  const output = [...input.slice(0, Math.max(delimiter, 0))].map((c) => c.charCodeAt(0));
  let n = 128;
  let bias = 72;
  let i = 0;
  for (let at = delimiter + 1; at < input.length; ) {
    const start = i;
    for (let weight = 1, k = 36; ; k += 36) {
      const code = input.charCodeAt(at++);
      const digit = code >= 48 && code <= 57 ? code - 22 : code >= 97 && code <= 122 ? code - 97 : 36;
      if (digit >= 36) return undefined;
      i += digit * weight;
      const threshold = k <= bias ? 1 : k >= bias + 26 ? 26 : k - bias;
      if (digit < threshold) break;
      weight *= 36 - threshold;
    }
    const length = output.length + 1;
    let delta = start === 0 ? Math.floor((i - start) / 700) : Math.floor((i - start) / 2);
    delta += Math.floor(delta / length);
    let k = 0;
    for (; delta > 455; k += 36) delta = Math.floor(delta / 35);
    bias = k + Math.floor((36 * delta) / (delta + 38));
    n += Math.floor(i / length);
    i %= length;
    if (n < 128 || n > 0x10ffff) return undefined;
    output.splice(i++, 0, n);
  }
  return String.fromCodePoint(...output);
}

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
