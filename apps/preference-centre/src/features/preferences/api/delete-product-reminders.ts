import { ResponseError, type RestSchemas } from '@portal/cms';
import { searchProductReminders } from './search-product-reminders';

/** `DELETE {restApi}/rest/v1/productreminder`; skipped when there is nothing to delete (spec 001 §7). */
export async function deleteProductReminders(restApi: string, authToken: string, productReminderIds: string[]): Promise<void> {
  if (productReminderIds.length === 0) return;
  const body: RestSchemas['ProductReminderDeleteRequest'] = { authToken, productReminderIds };
  const response = await fetch(`${restApi}/rest/v1/productreminder`, {
    method: 'DELETE',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    credentials: 'same-origin',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new ResponseError(response.status);
}

/**
 * Deletes the reminders the shopper marked. The service deletes all or none and refuses the call (403) when one of
 * them is no longer the subscriber's: another tab, or the shop, deleted it since this page loaded. The list is then
 * read again: a marked reminder that is gone counts as deleted (gone is what the shopper wanted), the others are
 * deleted once more; any other failure stays a failure.
 */
export async function deleteMarkedReminders(restApi: string, authToken: string, productReminderIds: string[]): Promise<void> {
  try {
    await deleteProductReminders(restApi, authToken, productReminderIds);
  } catch (error) {
    if (!(error instanceof ResponseError && error.status === 403)) throw error;
    const now = await searchProductReminders(restApi, authToken);
    const listed = new Set([...now.active, ...now.notActivated].map((reminder) => reminder.reminderId));
    await deleteProductReminders(restApi, authToken, productReminderIds.filter((id) => listed.has(id)));
  }
}
