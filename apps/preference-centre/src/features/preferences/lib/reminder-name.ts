/**
 * The language a product reminder is named in (spec 001 §3: variantName, a map of language to name): the page's,
 * else English, else German, else the first by code; undefined for a reminder without names. English before German,
 * the site's default: after their own language it is the one most of the retailer's shoppers read (a Polish, Spanish
 * or Portuguese one far more often than German; QA: the Polish page showed German names). The reminder mails choose
 * in the same order (Go: reminders.VariantName.In).
 */
export function reminderNameLanguage(variantName: Readonly<Record<string, string>>, base: string): string | undefined {
  return [base, 'en', 'de'].find((language) => variantName[language]) ?? Object.keys(variantName).sort()[0];
}
