import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isSuccess, useIdentity, type ExportAccountDataResponse, type IdentityProvider } from '@portal/identity';

/** The day of the export, which the downloaded file's name says, so several downloads stay apart. */
export function exportDay(exportedAt: string | undefined, now = new Date()): string {
  return (exportedAt ?? now.toISOString()).slice(0, 10);
}

/** The file's content: the export without the envelope's call details. */
export function exportDocument(answer: ExportAccountDataResponse): string {
  // Everything the provider exports of the account: the product reminders, partners and security events sit
  // beside the account, and the file left them out (QA). JSON.stringify drops what a provider does not answer.
  const { exportedAt, account, productReminders, partners, securityEvents } = answer;
  return `${JSON.stringify({ exportedAt, account, productReminders, partners, securityEvents }, null, 2)}\n`;
}

/** Hands a JSON text to the browser as a download. */
export function saveJsonFile(name: string, text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click was handled.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Saves the provider's export as a file named `fileName(day of the export)`. */
export async function exportAccountData(
  provider: IdentityProvider,
  fileName: (day: string) => string,
): Promise<{ kind: 'saved' } | { kind: 'failed'; code: number | string }> {
  if (!provider.exportAccountData) return { kind: 'failed', code: 'unsupported' };
  const answer = await provider.exportAccountData();
  if (!isSuccess(answer) || !answer.account) return { kind: 'failed', code: answer.errorCode };
  saveJsonFile(fileName(exportDay(answer.exportedAt)), exportDocument(answer));
  return { kind: 'saved' };
}

/**
 * Download my data, as a mutation (pending and error state for the button). The file is named in the page's language
 * (ap.account.owndata.download.filename; QA: kundenkonto-….json in every language).
 */
export function useExportAccountData() {
  const { provider } = useIdentity();
  const { t } = useTranslation();
  return useMutation({ mutationFn: () => exportAccountData(provider, (date) => t('ap.account.owndata.download.filename', { date })) });
}
