import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { isNewsletterKey, useSite } from '@portal/cms';
import { confirmMailLink, Links, mailLinkToken, Pages } from '@portal/identity';
import { Loader, StatusPage } from '@portal/ui';

/**
 * The mail links that land here, by the fragment key they bring their token under (services/api: the
 * subscription's identityapi.SubscriptionFragmentKey, the reminder's httpapi.ReminderFragmentKey), and the
 * address their token is posted back to.
 */
const MAIL_LINKS = [
  { key: 'subscription', address: () => Links.confirmSubscription.path },
  { key: 'reminder', address: (restApi: string) => `${restApi}/rest/v1/productreminder/confirm` },
] as const;

/**
 * Where a product reminder's or newsletter's confirmation link lands (spec 001 §2). The link's GET changes
 * nothing (mail scanners open links): it brings the token in the fragment, and this page confirms it with a POST,
 * then shows the outcome (this page without a token, or the error page). The spec's text is the reminder's; a
 * confirmed newsletter comes back named in the query (`?newsletter=NLT_…`) and is thanked for by its CMS name. An
 * `errorCode` other than 0 (the account portal's form of the outcome) is that error, not a success.
 */
export function DoubleOptInDonePage() {
  const { t } = useTranslation();
  const { hash, search } = useLocation();
  const { content } = useSite();
  const link = MAIL_LINKS.map((l) => ({ ...l, token: mailLinkToken(hash, l.key) })).find((l) => l.token);
  if (link?.token) return <ConfirmLink address={link.address} token={link.token} />;
  const query = new URLSearchParams(search);
  const errorCode = query.get('errorCode');
  if (errorCode && errorCode !== '0') return <Navigate to={`${Pages.preferencesDoubleOptInError}${encodeURIComponent(errorCode)}`} replace />;
  const newsletter = query.get('newsletter');
  if (newsletter && isNewsletterKey(newsletter)) {
    const name = content.preferenceCentre?.newsletters[newsletter]?.name;
    return (
      <StatusPage headline={t('mpp.doubleoptin.newsletter.headline', { defaultValue: 'Anmeldung bestätigt!' })}>
        <p>
          {name
            ? t('mpp.doubleoptin.newsletter.named', { name, defaultValue: 'Sie erhalten ab jetzt unseren Newsletter „{name}“.' })
            : t('mpp.doubleoptin.newsletter.text', { defaultValue: 'Sie erhalten ab jetzt unseren Newsletter.' })}
        </p>
      </StatusPage>
    );
  }
  return (
    <StatusPage headline={t('mpp.doubleoptin.headline', { defaultValue: 'Erinnerung aktiv!' })}>
      <p>{t('mpp.doubleoptin.text', { defaultValue: 'Sie werden bald an das Produkt erinnert.' })}</p>
    </StatusPage>
  );
}

function ConfirmLink({ address, token }: { address: (restApi: string) => string; token: string }) {
  const navigate = useNavigate();
  const { metadata } = useSite();
  const url = address(metadata.restApi.replace(/\/+$/, ''));
  useEffect(() => {
    let current = true;
    confirmMailLink(url, token)
      .catch(() => `${Pages.preferencesDoubleOptInError}network`)
      .then((next) => {
        if (current) void navigate(next, { replace: true });
      });
    return () => {
      current = false;
    };
  }, [navigate, token, url]);
  return <Loader />;
}
