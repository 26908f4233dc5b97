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
  return domain !== undefined && domain.includes('.') && utf8Length(localPart) + 1 + domain.length <= 254;
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

function utf8Length(text: string): number {
  return new TextEncoder().encode(text).length;
}
