import type { PreferenceCentreContent } from '@portal/cms';

/**
 * The greeting: prefix, the first name and suffix (spec 001 §2). Without a name the prefix's trailing comma
 * goes too, so that Polish reads 'Witaj!' and Portuguese 'Olá!' rather than 'Witaj,!' and 'Olá,!'.
 */
export function greetingText(home: NonNullable<PreferenceCentreContent['home']>, firstName: string | undefined): string {
  const name = firstName?.trim();
  const suffix = home.greetingSuffix ?? '';
  if (name) return `${home.greetingPrefix} ${name}${suffix}`;
  return `${home.greetingPrefix.replace(/[\s,،、，]+$/u, '')}${suffix}`;
}
