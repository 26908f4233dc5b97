import { queryOptions, useQuery } from '@tanstack/react-query';
import { fetchJson, useSite, type RestSchemas } from '@portal/cms';

export type ProductReminder = RestSchemas['ProductReminder'];
export type PendingProductReminder = RestSchemas['PendingProductReminder'];

/** The subscriber's reminders: active ones, and those whose verification link was not followed (yet). */
export interface ProductReminders {
  active: ProductReminder[];
  notActivated: PendingProductReminder[];
}

/** `POST {restApi}/rest/v1/productreminder/search` with the link's JWT as authToken. */
export async function searchProductReminders(restApi: string, authToken: string): Promise<ProductReminders> {
  const body: RestSchemas['ProductReminderSearchRequest'] = { authToken };
  const answer = await fetchJson<RestSchemas['ProductReminderList']>(`${restApi}/rest/v1/productreminder/search`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { active: answer.productReminders ?? [], notActivated: answer.notActivated ?? [] };
}

/** Keyed by the centre's link; asked for with `authToken`, the link in use (a session's centre may have a new one). */
export function productRemindersQueryOptions(restApi: string, jwt: string, authToken = jwt) {
  return queryOptions({
    queryKey: ['preference-centre', 'product-reminders', jwt],
    queryFn: () => searchProductReminders(restApi, authToken),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/** The subscriber's reminders; only asked for when `enabled` (subscribed and confirmed, spec 001 §4). */
export function useProductReminders(jwt: string, enabled: boolean, authToken = jwt) {
  const { metadata } = useSite();
  return useQuery({ ...productRemindersQueryOptions(metadata.restApi, jwt, authToken), enabled });
}
