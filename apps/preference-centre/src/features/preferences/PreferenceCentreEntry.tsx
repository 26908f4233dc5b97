import { useQueryClient } from '@tanstack/react-query';
import { Navigate, useParams } from 'react-router-dom';
import { useSite } from '@portal/cms';
import { useIdentity } from '@portal/identity';
import { Loader } from '@portal/ui';
import { useSubscriberAccount } from './api/get-account';
import { useSubscriberToken } from './api/exchange-subscriber-token';
import { useProductReminders } from './api/search-product-reminders';
import { PreferenceHome } from './components/PreferenceHome';
import { hasNewsletterSubscription, remindersActive } from './lib/rules';

/**
 * `/preferences/token/{token}`. Without a token or without the marketing preference centre in the metadata the
 * visitor goes to `/preferences/error/notfound` (spec 001 §2).
 */
export function PreferenceCentreEntry() {
  const { token } = useParams();
  const { metadata, content } = useSite();
  if (!token || !metadata.marketingPreferenceCenter?.apiKey || !content.preferenceCentre) return <Navigate to="/preferences/error/notfound" replace />;
  return <PreferenceCentre jwt={token} />;
}

/**
 * Exchanges the link's JWT for a regToken (renewed before it expires), loads the account with it and the
 * reminders, then shows the centre; any failure to load is the `preferences.loading` error page (spec 001 §4).
 */
function PreferenceCentre({ jwt }: { jwt: string }) {
  const { content } = useSite();
  const { ready } = useIdentity();
  const queryClient = useQueryClient();
  const token = useSubscriberToken(jwt);
  const account = useSubscriberAccount(jwt, token.data?.regToken);
  const withReminders = account.data ? remindersActive(account.data.subscriptions) : false;
  const reminders = useProductReminders(jwt, withReminders);

  if (token.isError || account.isError) return <Navigate to="/preferences/error/preferences.loading" replace />;
  if (!ready || !token.data || !account.data || (withReminders && reminders.isPending)) return <Loader />;

  const list = withReminders ? (reminders.data ?? []) : [];
  // Nothing left to manage: subscribed once (a subscription key), now no newsletter and no reminder (spec 001 §4).
  if (account.data.data?.sfmc?.subscriptionKey && !hasNewsletterSubscription(account.data.subscriptions) && list.length === 0) {
    return <Navigate to="/unsubscribe-success" replace />;
  }

  return (
    <PreferenceHome
      jwt={jwt}
      regToken={token.data.regToken}
      account={account.data}
      content={content.preferenceCentre!}
      reminders={list}
      remindersFailed={withReminders && reminders.isError}
      reload={async () => {
        await queryClient.invalidateQueries({ queryKey: ['preference-centre', 'account', jwt] });
        await queryClient.invalidateQueries({ queryKey: ['preference-centre', 'product-reminders', jwt] });
      }}
    />
  );
}
