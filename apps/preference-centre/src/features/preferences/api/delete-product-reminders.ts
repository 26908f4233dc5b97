import type { RestSchemas } from '@portal/cms';

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
  if (!response.ok) throw new Error(`Response had status ${response.status}`);
}
