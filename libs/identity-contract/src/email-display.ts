/**
 * The scripts a letter of a domain label can be of, as Go's unicode.Scripts names them (Unicode 15.0), less Common
 * and Inherited, which every script uses, and with Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul) and
 * Chinese (Han, Bopomofo) as one, as their names mix those: services/api identity.oneScript's groups.
 */
const SCRIPTS = [
  'Han Hiragana Katakana Hangul Bopomofo',
  ...'Adlam Ahom Anatolian_Hieroglyphs Arabic Armenian Avestan Balinese Bamum Bassa_Vah Batak Bengali Bhaiksuki Brahmi Braille Buginese Buhid Canadian_Aboriginal Carian Caucasian_Albanian Chakma Cham Cherokee Chorasmian Coptic Cuneiform Cypriot Cypro_Minoan Cyrillic Deseret Devanagari Dives_Akuru Dogra Duployan Egyptian_Hieroglyphs Elbasan Elymaic Ethiopic Georgian Glagolitic Gothic Grantha Greek Gujarati Gunjala_Gondi Gurmukhi Hanifi_Rohingya Hanunoo Hatran Hebrew Imperial_Aramaic Inscriptional_Pahlavi Inscriptional_Parthian Javanese Kaithi Kannada Kawi Kayah_Li Kharoshthi Khitan_Small_Script Khmer Khojki Khudawadi Lao Latin Lepcha Limbu Linear_A Linear_B Lisu Lycian Lydian Mahajani Makasar Malayalam Mandaic Manichaean Marchen Masaram_Gondi Medefaidrin Meetei_Mayek Mende_Kikakui Meroitic_Cursive Meroitic_Hieroglyphs Miao Modi Mongolian Mro Multani Myanmar Nabataean Nag_Mundari Nandinagari New_Tai_Lue Newa Nko Nushu Nyiakeng_Puachue_Hmong Ogham Ol_Chiki Old_Hungarian Old_Italic Old_North_Arabian Old_Permic Old_Persian Old_Sogdian Old_South_Arabian Old_Turkic Old_Uyghur Oriya Osage Osmanya Pahawh_Hmong Palmyrene Pau_Cin_Hau Phags_Pa Phoenician Psalter_Pahlavi Rejang Runic Samaritan Saurashtra Sharada Shavian Siddham SignWriting Sinhala Sogdian Sora_Sompeng Soyombo Sundanese Syloti_Nagri Syriac Tagalog Tagbanwa Tai_Le Tai_Tham Tai_Viet Takri Tamil Tangsa Tangut Telugu Thaana Thai Tibetan Tifinagh Tirhuta Toto Ugaritic Vai Vithkuqi Wancho Warang_Citi Yezidi Yi Zanabazar_Square'.split(
    ' ',
  ),
];

/** The characters of every script: digits, hyphens, punctuation and combining marks. */
const ANY_SCRIPT = /[\p{sc=Common}\p{sc=Inherited}]/gu;

/**
 * An e-mail address as the product shows it to a person: the domain in the Unicode form people write it in, not the
 * ASCII (xn--) form the service stores and a browser's e-mail field hands over ("kunde@xn--bcher-kva.de" shows as
 * "kunde@bücher.de"; QA wording round, 2026-11-30). The rule of the service's mails (services/api identity
 * Email.Masked, displayDomain): a label whose letters mix scripts keeps its xn-- form, since an "exаmple" with a
 * Cyrillic "а" would pass for someone else's domain, and a domain with a label that is no valid xn-- form stays as it
 * is. Reached as '@portal/identity-contract/email-display' only, and loaded by the pages when an address has such a
 * label (page weight).
 */
export function displayEmail(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : address.slice(0, at + 1) + displayDomain(address.slice(at + 1));
}

function displayDomain(domain: string): string {
  const ascii = domain.toLowerCase().split('.');
  const labels = ascii.map((label) => (label.startsWith('xn--') ? decodePunycode(label.slice(4)) : label));
  if (labels.some((label) => label === undefined)) return domain;
  const unicode = labels as string[];
  // The browser's own IDNA gives the xn-- form back only for a label that is valid and in its one canonical form.
  try {
    if (new URL(`http://${unicode.join('.')}/`).hostname !== ascii.join('.')) return domain;
  } catch {
    return domain;
  }
  return unicode.map((label, i) => (oneScript(label) ? label : ascii[i])).join('.');
}

/** Whether the letters of a label are of one script (SCRIPTS); the characters of every script do not count. */
function oneScript(label: string): boolean {
  const letters = label.replace(ANY_SCRIPT, '');
  return letters === '' || SCRIPTS.some((names) => inScripts(letters, names));
}

function inScripts(letters: string, names: string): boolean {
  try {
    return new RegExp(`^[${names.replace(/\w+/g, '\\p{sc=$&}')}]+$`, 'u').test(letters);
  } catch {
    return false; // a script the browser's Unicode does not know yet
  }
}

const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

/** The Unicode text of the Punycode `encoded` (RFC 3492, the part of a label after xn--), undefined when it is none. */
function decodePunycode(encoded: string): string | undefined {
  const hyphen = Math.max(encoded.lastIndexOf('-'), 0);
  const output = [...encoded.slice(0, hyphen)].map((char) => char.codePointAt(0)!);
  let code = 128;
  let index = 0;
  let bias = 72;
  for (let at = hyphen > 0 ? hyphen + 1 : 0; at < encoded.length; ) {
    const before = index;
    for (let weight = 1, k = BASE; ; k += BASE) {
      // Punycode's digits are a–z for 0–25 and 0–9 for 26–35.
      const digit = (parseInt(encoded[at++] ?? '', BASE) + 26) % BASE;
      if (Number.isNaN(digit)) return undefined;
      index += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
    }
    const length = output.length + 1;
    bias = adapt(index - before, length, before === 0);
    code += Math.floor(index / length);
    index %= length;
    if (code > 0x10ffff) return undefined;
    output.splice(index++, 0, code);
  }
  return String.fromCodePoint(...output);
}

/** RFC 3492's bias adaptation. */
function adapt(delta: number, length: number, first: boolean): number {
  delta = first ? Math.floor(delta / 700) : delta >> 1;
  delta += Math.floor(delta / length);
  let k = 0;
  for (; delta > ((BASE - T_MIN) * T_MAX) >> 1; k += BASE) delta = Math.floor(delta / (BASE - T_MIN));
  return Math.floor(k + ((BASE - T_MIN + 1) * delta) / (delta + 38));
}
