import { FormikProvider, useFormik } from 'formik';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSite, type PreferenceCentreContent, type PreferenceTab } from '@portal/cms';
import { FormError, mapValidationErrors, message, PREFERENCE_CENTRE_ERROR_KEYS, SubmitButton, type FormStatus } from '@portal/forms';
import { isSuccess, useIdentity } from '@portal/identity';
import { deleteProductReminders } from '../api/delete-product-reminders';
import type { SubscriberAccount } from '../api/get-account';
import { savePreferences } from '../api/save-preferences';
import type { ProductReminder } from '../api/search-product-reminders';
import { formFieldOf, initialValues, preferencesUpdate, remindersToDelete, staysSubscribed, type PreferencesValues } from '../lib/form';
import { displayedNewsletterKeys, hasNewsletterSubscription, showsReminderToggles, tabAccess, unsubscribeVariant, type UnsubscribeVariant } from '../lib/rules';
import { NotAllowedDialog, OptInDialog, UnsubscribeDialog } from './dialogs';
import { NewsletterList } from './NewsletterList';
import { ProductReminderList } from './ProductReminderList';
import { SuccessBanner } from './SuccessBanner';
import { panelId, tabId, TabBar } from './TabBar';

export interface PreferenceHomeProps {
  jwt: string;
  regToken: string;
  account: SubscriberAccount;
  content: PreferenceCentreContent;
  reminders: ProductReminder[];
  remindersFailed: boolean;
  /** Reads the account (and reminders) again after a save. */
  reload: () => Promise<void>;
}

type OpenDialog = { kind: 'notAllowed' } | { kind: 'optIn' } | { kind: 'unsubscribe'; variant: UnsubscribeVariant; values: PreferencesValues };

/** The preference centre: greeting, tabs from the CMS and the form that saves them (spec 001 §2). */
export function PreferenceHome({ jwt, regToken, account, content, reminders, remindersFailed, reload }: PreferenceHomeProps) {
  const { t } = useTranslation();
  const { metadata, language } = useSite();
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const location = useLocation();
  const tabList = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const [saves, setSaves] = useState(0);
  const [bannerShown, setBannerShown] = useState(false);
  const hideBanner = useCallback(() => setBannerShown(false), []);

  // The display windows are judged when the account is (re)loaded, so a list does not change under the user's hands.
  const [loadedAt] = useState(() => Date.now());
  const keys = useMemo(() => displayedNewsletterKeys(content, loadedAt), [content, loadedAt]);
  const initial = useMemo(() => initialValues(account, keys, reminders), [account, keys, reminders]);

  const subscribed = hasNewsletterSubscription(account.subscriptions);
  const hadReminders = reminders.length;

  const save = async (values: PreferencesValues, full: boolean) => {
    formik.setStatus(undefined);
    const update = preferencesUpdate(values, initial);
    try {
      const answer = await savePreferences(provider, regToken, update);
      if (!isSuccess(answer)) {
        const status: FormStatus = {
          formError: message(`mpp.errors.${answer.errorCode}.general`, answer.errorDetails || answer.errorMessage || String(answer.errorCode)),
        };
        formik.setStatus(status);
        formik.setErrors(mapValidationErrors<PreferencesValues>(answer.validationErrors, { keyPattern: PREFERENCE_CENTRE_ERROR_KEYS, fieldPath: formFieldOf }));
        return;
      }
    } catch (error) {
      console.error('preference centre: setAccountInfo failed', error);
      formik.setStatus({ formError: message('global.errors.unexpected.headline', 'Es ist ein unerwarteter Fehler aufgetreten.') } satisfies FormStatus);
      return;
    }
    try {
      await deleteProductReminders(metadata.restApi, jwt, remindersToDelete(values));
    } catch (error) {
      console.error('preference centre: deleting reminders failed', error);
      formik.setStatus({
        formError: message(
          'mpp.errors.productreminders.deletion.failed',
          "We're sorry, but for technical reasons, we couldn't delete your product reminders. Please try again later.",
        ),
      } satisfies FormStatus);
      return;
    }
    if (full) {
      await navigate('/unsubscribe-success');
      return;
    }
    await reload();
    setBannerShown(true);
    setSaves((count) => count + 1);
    // On to the next tab that is open with what was just saved (spec 001 §4).
    const nowSubscribed = staysSubscribed(values, account);
    const consentPending = isConsentPending(values.dataProcessingConsented);
    const index = content.tabs.findIndex((tab) => tab.id === activeTab?.id);
    const next = content.tabs.slice(index + 1).find((tab) => tabAccess(tab, { subscribed: nowSubscribed, consentPending }) === 'open');
    if (next) selectTab(next);
    tabList.current?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  };

  const formik = useFormik<PreferencesValues>({
    initialValues: initial,
    enableReinitialize: true,
    onSubmit: async (values) => {
      const variant = unsubscribeVariant(
        { newsletters: staysSubscribed(initial, account), reminders: hadReminders },
        { newsletters: staysSubscribed(values, account), reminders: hadReminders - remindersToDelete(values).length },
      );
      if (variant) {
        setDialog({ kind: 'unsubscribe', variant, values });
        return;
      }
      await save(values, false);
    },
  });

  const isConsentPending = (consentInForm: boolean) => metadata.forceConsent === true && !consentInForm;
  const access = (tab: PreferenceTab) => tabAccess(tab, { subscribed, consentPending: isConsentPending(formik.values.dataProcessingConsented) });

  const wanted = decodeURIComponent(location.hash.replace(/^#/, ''));
  const activeTab = content.tabs.find((tab) => tab.id === wanted && access(tab) === 'open') ?? content.tabs.find((tab) => access(tab) === 'open');

  function selectTab(tab: PreferenceTab) {
    void navigate({ pathname: location.pathname, search: location.search, hash: tab.id }, { replace: true });
  }

  const firstName = account.profile?.firstName;
  const home = content.home;
  const greeting = home ? `${home.greetingPrefix}${firstName ? ` ${firstName}` : ''}${home.greetingSuffix ?? ''}` : undefined;

  const consentGiven = () => formik.values.dataProcessingConsented;

  return (
    <div className="pc-home">
      {greeting ? <h1>{greeting}</h1> : <h1>{t('mpp.title', { defaultValue: 'Präferenzcenter' })}</h1>}
      {home?.description ? <p className="pc-home__description">{home.description}</p> : null}
      <div ref={tabList}>
        <TabBar
          tabs={content.tabs}
          activeId={activeTab?.id ?? ''}
          access={access}
          onSelect={(tab) => {
            // All fields are checked before the tab changes (spec 001 §2).
            void formik.validateForm().then((errors) => {
              if (Object.keys(errors).length === 0) selectTab(tab);
            });
          }}
          onBlocked={(_, why) => setDialog(why === 'needsConsent' ? { kind: 'optIn' } : { kind: 'notAllowed' })}
        />
      </div>
      <div role="status" className="pc-home__status">
        {bannerShown ? <SuccessBanner key={saves} onDone={hideBanner} /> : null}
      </div>
      {activeTab ? (
        <FormikProvider value={formik}>
          <form
            id={panelId(activeTab.id)}
            role="tabpanel"
            aria-labelledby={tabId(activeTab.id)}
            className="pc-panel"
            noValidate
            onSubmit={formik.handleSubmit}
            onReset={formik.handleReset}
          >
            {activeTab.items.map((item) => {
              switch (item.type) {
                case 'newsletters':
                  return (
                    <NewsletterList
                      key={item.id}
                      item={item}
                      keys={item.keys.filter((key) => keys.includes(key))}
                      newsletters={content.newsletters}
                      saved={account.subscriptions}
                      onSubscribe={() => {
                        if (!consentGiven()) setDialog({ kind: 'optIn' });
                      }}
                    />
                  );
                case 'productReminders':
                  return (
                    <ProductReminderList
                      key={item.id}
                      item={item}
                      reminders={reminders}
                      failed={remindersFailed}
                      individual={showsReminderToggles(language)}
                      language={language}
                    />
                  );
                case 'separator':
                  return <hr key={item.id} className="pc-separator" />;
                default:
                  // Tiles and profile fields come with a later journey.
                  return null;
              }
            })}
            <FormError />
            <SubmitButton>{t('mpp.button.save', { defaultValue: 'Speichern' })}</SubmitButton>
          </form>
        </FormikProvider>
      ) : null}
      {dialog?.kind === 'notAllowed' ? <NotAllowedDialog onClose={() => setDialog(null)} /> : null}
      {dialog?.kind === 'optIn' ? (
        <OptInDialog
          onConfirm={() => {
            void formik.setFieldValue('dataProcessingConsented', true);
            setDialog(null);
          }}
          onCancel={() => {
            void formik.setFieldValue('newsletters', Object.fromEntries(Object.keys(formik.values.newsletters).map((key) => [key, false])));
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'unsubscribe' ? (
        <UnsubscribeDialog
          variant={dialog.variant}
          onNo={() => {
            formik.resetForm();
            setDialog(null);
          }}
          onYes={() => {
            const { values } = dialog;
            setDialog(null);
            formik.setSubmitting(true);
            void save(values, true).finally(() => formik.setSubmitting(false));
          }}
        />
      ) : null}
    </div>
  );
}
