import { useQueryClient } from '@tanstack/react-query';
import { FormikProvider, getIn, useFormik } from 'formik';
import { Fragment, useCallback, useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { useSite, type PreferenceCentreContent, type PreferenceTab, type PreferenceTabItem, type ProfileFieldName } from '@portal/cms';
import { deferredSchema, FormError, identityErrorMessage, mapValidationErrors, message, noAnswerMessage, PREFERENCE_CENTRE_ERROR_KEYS, requestFailedMessage, SubmitButton, type AccountSchemaDefinition, type FormStatus } from '@portal/forms';
import { shopperCountry } from '@portal/i18n/country';
import { isAccountDisabled, isSuccess, isUnauthorized, PersonNameMaxLength, useIdentity } from '@portal/identity';
import { scrollBehavior } from '@portal/ui';
import { deleteMarkedReminders } from '../api/delete-product-reminders';
import type { SubscriberToken } from '../api/exchange-subscriber-token';
import { getSubscriberAccount, readSubscriberAccount, type SubscriberAccount } from '../api/get-account';
import type { RetailStore } from '../api/retail-stores';
import { savePreferences } from '../api/save-preferences';
import { searchProductReminders, type ProductReminder, type ProductReminders } from '../api/search-product-reminders';
import { unsubscribeAll } from '../api/unsubscribe-all';
import { formFieldOf, initialValues, keepsNewsletter, listedNewsletters, newslettersAfterSave, personalisationOptInRequired, preferenceKey, preferencesUpdate, remindersToDelete, shownProfileFields, staysSubscribed, subscriptionKeyOf, writtenValues, type PreferencesValues } from '../lib/form';
import { greetingText } from '../lib/greeting';
import { useLeaveWarning } from '../lib/leave-warning';
import { displayedNewsletterKeys, hasNewsletterSubscription, isNewsletterTab, remindersActive, showsReminderToggles, tabAccess, unsubscribeVariant, type UnsubscribeVariant } from '../lib/rules';
import { centreSchema } from '../lib/validation';
import { OptInDialog, SubscribeInfoDialog, UnsubscribeDialog } from './dialogs';
import { NewsletterList } from './NewsletterList';
import { PartnerTiles } from './PartnerTiles';
import { ProductReminderList } from './ProductReminderList';
import { ProfileFields } from './ProfileFields';
import { SuccessBanner } from './SuccessBanner';
import { panelId, tabId, TabBar } from './TabBar';
import { BooleanTile, RadioTile } from './Tiles';

export interface PreferenceHomeProps {
  /** The link in use, for the reminder and unsubscribe calls. */
  jwt: string;
  regToken: string;
  /** Exchanges the link again now (a session's centre takes the session's new link when its own ended). */
  renewToken: () => Promise<SubscriberToken>;
  /** A renewed regToken opens another account than the one shown: the save goes nowhere, the page leaves. */
  onAccountChanged: () => void;
  account: SubscriberAccount;
  content: PreferenceCentreContent;
  reminders: ProductReminders;
  remindersFailed: boolean;
  /** The saved favourite store, when the account has one and the directory knows it. */
  favouriteStore: RetailStore | undefined;
  /** Reads the account (and reminders) again after a save. */
  reload: () => Promise<void>;
  /** Shown for a logged-in shopper (the session entry): the logout. */
  headerActions?: ReactNode;
  /** The provider's account schema (getSchema), which bounds the birth year. */
  accountSchema?: AccountSchemaDefinition;
  /** The centre's data waits for the connection (the read after a save, the regToken's renewal): said above Save. */
  connectionLost?: boolean;
  /** Told whether the form holds changes not saved, also while a save of them runs (it may fail). */
  onUnsavedChange?: (unsaved: boolean) => void;
  /**
   * The session's centre: whether its session goes on, as the look-up under way answers. A save waits for it and
   * writes nothing once it says no: the session's failure comes over the form and says that the changes were not saved.
   */
  sessionGoesOn?: () => Promise<boolean>;
  /** A failure (the session ended) comes over the form with its own dialog: the form's dialog closes, abandoned. */
  interrupted?: boolean;
}

/** A save that failed without an answer to show; requestFailedMessage names a missing connection, or the service briefly unavailable, instead (QA). */
const UNEXPECTED = message('global.errors.unexpected.headline', 'Es ist ein unerwarteter Fehler aufgetreten.');

/** The 'Sorry!' dialog (spec 001 §2, screen 6) and its rule, loaded when a save meets an error on a subscription: not in the first load. */
const loadNotAllowed = () => import('./NotAllowedDialog');

type OpenDialog =
  | { kind: 'subscribeInfo' }
  | { kind: 'optIn'; thenOpen?: PreferenceTab }
  | { kind: 'unsubscribe'; variant: UnsubscribeVariant; values: PreferencesValues; hasLogin: boolean }
  /** `refused`: the newsletters the provider refused; `then`: the answer's other errors, shown once it is closed. */
  | { kind: 'notAllowed'; Dialog: Awaited<ReturnType<typeof loadNotAllowed>>['NotAllowedDialog']; refused: string[]; then?: { status: FormStatus; errors: object } };

/** The preference centre: greeting, tabs from the CMS and the form that saves them (spec 001 §2). */
export function PreferenceHome({ jwt, regToken, renewToken, onAccountChanged, account, content, reminders, remindersFailed, favouriteStore, reload, headerActions, accountSchema, connectionLost, onUnsavedChange, sessionGoesOn, interrupted = false }: PreferenceHomeProps) {
  const { t } = useTranslation();
  const { metadata, language, content: site } = useSite();
  const { provider } = useIdentity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const location = useLocation();
  const tabList = useRef<HTMLDivElement>(null);
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  // One modal at a time: the session's dialog wins, and the form's (the consent a newsletter's tick opened) is
  // abandoned; both were open, and the one below could not be used (QA, 2026-11-30). Adjusted while rendering.
  if (interrupted && dialog) setDialog(null);
  const [saves, setSaves] = useState(0);
  const [bannerShown, setBannerShown] = useState(false);
  const hideBanner = useCallback(() => setBannerShown(false), []);
  // The tab whose errors a check (revealErrors) shows, until they are on screen there.
  const checkShowing = useRef<string | undefined>(undefined);
  const [errorsRevealed, setErrorsRevealed] = useState(0);
  // The form's values the shopper last saved: unchanged since, the form holds nothing unsaved, also before the account
  // read again after the save reaches the form as its new start, and where that start reads as before (formik's dirty
  // compares with the start).
  const [savedValues, setSavedValues] = useState<PreferencesValues>();
  // The save the 'Sorry!' dialog's OK starts runs: a refusal it meets stays on its switch, no dialog again.
  const resaving = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // Set by No in the unsubscribe dialog, until the focus is placed or the next submit: see the effect after the form.
  const refocusAfterNo = useRef(false);

  // The display windows are judged when the account is (re)loaded, so a list does not change under the user's hands.
  const [loadedAt] = useState(() => Date.now());
  const keys = useMemo(() => displayedNewsletterKeys(content, loadedAt), [content, loadedAt]);
  const shown = useMemo(() => shownProfileFields(content), [content]);
  // The country of the language the page opened in (the link's): a language switch later starts no form afresh.
  const [country] = useState(() => shopperCountry(language));
  const initial = useMemo(
    () => initialValues(account, content, keys, reminders.active, favouriteStore, country),
    [account, content, keys, reminders.active, favouriteStore, country],
  );
  // What the account's last write wrote, and the account read it was made over: until the account is read again, a
  // save writes what changed since that write (`start`), not since the page loaded. A save whose reminders' deletion
  // failed after the write keeps the form as it is (the reminders still marked), and Save again wrote the same changes
  // a second time: a newsletter's subscription again, its double opt-in mail with it (QA); one turned off again since
  // was written as nothing. The same after a save whose read of the account got no answer. Keyed by the read, not by
  // the form's start: the start is made again (the language's content, the reminders) from the same account.
  const [lastWrite, setLastWrite] = useState<{ over: SubscriberAccount; values: PreferencesValues }>();
  const start = lastWrite?.over === account ? lastWrite.values : initial;
  // The rules (with yup) load when the form is first checked, not with the page (first-load weight).
  const validationSchema = useMemo(
    () =>
      deferredSchema((kit) =>
        centreSchema(kit, {
          shown,
          zipCodeRules: metadata.validation.zipCode,
          // Against what a save diffs with (start), the account as loaded or as the last write left it: what a save
          // would write (preferencesUpdate).
          personalisationOptInRequired: (values) => personalisationOptInRequired(values, start),
          accountSchema,
          saved: account.profile,
        }),
      ),
    [shown, metadata.validation.zipCode, account, accountSchema, start],
  );

  const subscribed = hasNewsletterSubscription(account.subscriptions);

  /**
   * The account and its reminders as the service has them now, read again when the shopper saves: another tab (or
   * a mail's one-click) may have changed the newsletters or deleted reminders since this page loaded, and whether
   * the save leaves nothing subscribed is decided on what is, not on what was (QA: an outdated second tab left no
   * newsletter and no reminder with a plain save, without the dialog, and the personal data stayed). `reminders`
   * is undefined when unknown; a look-up that fails leaves the decision to what the page loaded, and the save
   * meets the failure itself.
   */
  const current = async (): Promise<{ account: SubscriberAccount; regToken: string; jwt: string; reminders: ProductReminder[] | undefined }> => {
    let now: { account: SubscriberAccount; regToken: string };
    let link = jwt;
    try {
      now = await readSubscriberAccount(provider, regToken, async () => {
        const fresh = await renewToken();
        link = fresh.jwt;
        return fresh.regToken;
      });
    } catch (error) {
      console.warn('preference centre: reading the account before saving failed', error);
      return { account, regToken, jwt, reminders: remindersFailed ? undefined : reminders.active };
    }
    if (now.account.UID !== account.UID) throw new AccountChanged();
    // Reminders are listed only with the confirmed reminder subscription (spec 001 §4): without it there are none.
    if (!remindersActive(now.account.subscriptions)) return { ...now, jwt: link, reminders: [] };
    try {
      return { ...now, jwt: link, reminders: (await searchProductReminders(metadata.restApi, link)).active };
    } catch (error) {
      console.warn('preference centre: reading the reminders before saving failed', error);
      return { ...now, jwt: link, reminders: undefined };
    }
  };

  const save = async (values: PreferencesValues, full: boolean, token = regToken, link = jwt) => {
    formik.setStatus(undefined);
    if (sessionGoesOn && !(await sessionGoesOn())) return;
    if (full) {
      // Everything goes: the server ends every subscription, deletes the reminders and the personal data.
      try {
        await unsubscribeAll(metadata.restApi, link);
      } catch (error) {
        console.error('preference centre: unsubscribing from everything failed', error);
        formik.setStatus({ formError: requestFailedMessage(error, UNEXPECTED) } satisfies FormStatus);
        return;
      }
      // In place of this page, and with the subscriber's data gone from the page's memory too: going back shows
      // no profile of an account that no longer exists (a link older than the unsubscribe opens nothing).
      await navigate('/unsubscribe-success', { replace: true });
      queryClient.removeQueries({ queryKey: ['preference-centre'] });
      return;
    }
    const update = preferencesUpdate(values, start, shown);
    // Whether the account was written: the reminders' deletion comes after, and may fail on its own.
    let written = false;
    // Nothing changed, nothing is written: the provider was asked to write the regToken and the page's language alone
    // (QA spec audit, 2026-11-30), whose `lang` is only for the mails a write sends (savePreferences). The marked
    // reminders are still deleted, and the save ends as any save (spec 001 §4: the banner, the next tab).
    if (Object.keys(update.subscriptions).length > 0 || update.data || update.profile) {
      try {
        let answer = await savePreferences(provider, token, update, language);
        if (isUnauthorized(answer)) {
          // The regToken ran out while the page slept, but the link may still hold: exchanged again, the save is
          // repeated once, into the account shown only. A link that no longer holds keeps the first answer ("your
          // link has expired").
          const fresh = await renewToken().catch(() => undefined);
          if (fresh) {
            if ((await getSubscriberAccount(provider, fresh.regToken)).UID !== account.UID) throw new AccountChanged();
            link = fresh.jwt;
            answer = await savePreferences(provider, fresh.regToken, update, language);
          }
        }
        if (isAccountDisabled(answer)) {
          // Disabled by an operator while the page was open: the page a fresh open of the link shows, and the data
          // leaves the page's memory, as after a full unsubscribe (the server's English "Account Disabled" stood
          // beside the profile, QA).
          await navigate('/preferences/error/preferences.loading', { replace: true });
          queryClient.removeQueries({ queryKey: ['preference-centre'] });
          return;
        }
        if (!isSuccess(answer)) {
          // A newsletter the provider would not subscribe the shopper to: the 'Sorry!' dialog (screen 6) and its switch
          // back off, as the provider has it; any other error follows as the dialog closes. Should the dialog's file not
          // load (the connection gone just now), the refusal stays on its switch, as before, as it does in the save
          // the dialog's OK starts (resaving), so that one dialog leads to one save at most.
          const refusal = !resaving.current && answer.validationErrors?.some(({ fieldName }) => subscriptionKeyOf(fieldName))
            ? await loadNotAllowed().then(({ NotAllowedDialog, refusedSubscriptions }) => ({ Dialog: NotAllowedDialog, ...refusedSubscriptions(answer.validationErrors, update.subscriptions) }), () => undefined)
            : undefined;
          const refused = refusal?.keys.length ? refusal : undefined;
          // A name too long (mpp.errors.400006.profile.firstName) names the limit, the centre's only texts the service limits.
          const errors = mapValidationErrors(refused ? refused.rest : answer.validationErrors, {
            keyPattern: PREFERENCE_CENTRE_ERROR_KEYS,
            fieldPath: formFieldOf,
            values: { max: PersonNameMaxLength },
          });
          const status = {
            formError: identityErrorMessage(answer, { leading: [`mpp.errors.${answer.errorCode}.general`], fallback: answer.errorDetails || answer.errorMessage }),
            fieldErrors: { errors, values },
          } satisfies FormStatus;
          if (refused) {
            for (const key of refused.keys) void formik.setFieldValue(`newsletters.${key}`, false);
            setDialog({ kind: 'notAllowed', Dialog: refused.Dialog, refused: refused.keys, then: refused.rest.length > 0 ? { status, errors } : undefined });
            return;
          }
          formik.setStatus(status);
          // A refused field of another tab is shown there, with the focus, as the form's own errors are (spec 001 §5).
          revealTabOf(errors);
          return;
        }
        written = true;
        setLastWrite({ over: account, values: writtenValues(values) });
      } catch (error) {
        if (error instanceof AccountChanged) return onAccountChanged();
        console.error('preference centre: setAccountInfo failed', error);
        formik.setStatus({ formError: requestFailedMessage(error, UNEXPECTED) } satisfies FormStatus);
        return;
      }
    }
    try {
      await deleteMarkedReminders(metadata.restApi, link, remindersToDelete(values));
    } catch (error) {
      console.error('preference centre: deleting reminders failed', error);
      // After the account's write the message says that the rest was saved: it said only that the reminders were not
      // deleted, and the shopper could not tell that the newsletter (its confirmation mail sent) and the rest were in
      // (QA). Nothing else changed, it stays the spec's (spec 001 §8).
      formik.setStatus({
        formError: written
          ? message(
              'mpp.errors.productreminders.deletion.failed.restsaved',
              "Your other changes have been saved. However, for technical reasons, we couldn't delete your product reminders. Please try again later.",
            )
          : message(
              'mpp.errors.productreminders.deletion.failed',
              "We're sorry, but for technical reasons, we couldn't delete your product reminders. Please try again later.",
            ),
      } satisfies FormStatus);
      return;
    }
    setSavedValues(values);
    // The save is done: its submit no longer counts for the fields. formik's submit marks every field touched and
    // counts a submit, which shows a field's error from its first key (useFieldError); a save that changes the account
    // starts the form afresh (enableReinitialize), but one whose account reads as before kept both, and on the tab the
    // save moved on to, the store field said "choose a valid store" at the first key typed, the suggestions still open
    // (QA, 2026-11-30). The values stay as they are.
    formik.setFormikState((state) => ({ ...state, touched: {}, submitCount: 0 }));
    await reload();
    setBannerShown(true);
    setSaves((count) => count + 1);
    // On to the next tab that is open with what was just saved (spec 001 §4).
    const nowSubscribed = keepsNewsletter(values, account);
    const consentPending = isConsentPending(values.dataProcessingConsented);
    const index = content.tabs.findIndex((tab) => tab.id === activeTab?.id);
    const next = content.tabs.slice(index + 1).find((tab) => tabAccess(tab, { subscribed: nowSubscribed, consentPending }) === 'open');
    if (next) selectTab(next);
    tabList.current?.scrollIntoView?.({ block: 'start', behavior: scrollBehavior() });
    // The keyboard goes on where the shopper reads on: the tab now open (WCAG 2.4.3), not the page's start.
    const opened = next ?? activeTab;
    if (opened) requestAnimationFrame(() => document.getElementById(tabId(opened.id))?.focus({ preventScroll: true }));
  };

  /** A submit the form's check let through: the unsubscribe dialog when the save would leave nothing, else the save. */
  const submitValues = async (values: PreferencesValues) => {
    if (sessionGoesOn && !(await sessionGoesOn())) return;
    let now: Awaited<ReturnType<typeof current>>;
    try {
      now = await current();
    } catch (error) {
      if (error instanceof AccountChanged) return onAccountChanged();
      throw error;
    }
    const marked = remindersToDelete(values);
    // Reminders that could not be read may well exist: "no remaining reminder" is unknown, so the save never turns
    // into the full unsubscribe, which would delete reminders the shopper could not see (and the dialog would
    // say there were none). The newsletters are saved as chosen; the reminders stay.
    // Newsletters count as the shopper sees them, before as after (staysSubscribed): one no longer offered, which the
    // page cannot show, neither keeps the last listed one from asking nor asks at every save of a shopper left with it.
    const variant = now.reminders
      ? unsubscribeVariant(
          { newsletters: staysSubscribed(listedNewsletters(now.account, keys)), reminders: now.reminders.length },
          {
            newsletters: staysSubscribed(newslettersAfterSave(values, start, now.account)),
            reminders: now.reminders.filter((reminder) => !marked.includes(reminder.reminderId)).length,
          },
        )
      : undefined;
    if (variant) {
      setDialog({ kind: 'unsubscribe', variant, values, hasLogin: now.account.isRegistered === true });
      return;
    }
    await save(values, false, now.regToken, now.jwt);
  };

  const formik = useFormik<PreferencesValues>({
    initialValues: initial,
    enableReinitialize: true,
    validationSchema,
    // The submit is ended here rather than by formik as a returned promise settles: when the server refuses a field
    // of another tab, the submit lasts until that tab shows (revealTabOf), so that SubmitButton finds the field to
    // focus there (QA: the centre stayed on the tab saved from, the field in error out of sight).
    onSubmit: (values, { setSubmitting }) => {
      void submitValues(values).finally(() => {
        if (checkShowing.current === undefined) setSubmitting(false);
      });
    },
  });

  const unsaved = formik.dirty && formik.values !== savedValues;
  // Not while a save or the full unsubscribe runs: the shopper has asked for the changes to be kept, or for all to go.
  useLeaveWarning(unsaved && !formik.isSubmitting);
  useEffect(() => onUnsavedChange?.(unsaved), [unsaved, onUnsavedChange]);

  const isConsentPending = (consentInForm: boolean) => metadata.forceConsent === true && !consentInForm;
  const access = (tab: PreferenceTab) => tabAccess(tab, { subscribed, consentPending: isConsentPending(formik.values.dataProcessingConsented) });

  const wanted = tabAnchor(location.hash);
  const activeTab = content.tabs.find((tab) => tab.id === wanted && access(tab) === 'open') ?? content.tabs.find((tab) => access(tab) === 'open');

  function selectTab(tab: PreferenceTab) {
    // The state keeps the link's token (PreferenceCentreEntry).
    void navigate({ pathname: location.pathname, search: location.search, hash: tab.id }, { replace: true, state: location.state });
  }

  /** All fields are checked before the tab changes (spec 001 §2); the errors show where they are. */
  const switchTo = (tab: PreferenceTab) =>
    void formik.validateForm().then((errors) => {
      if (Object.keys(errors).length > 0) return revealErrors(errors);
      selectTab(tab);
    });

  /** Saving checks every field, also those of other tabs. */
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The notice of an earlier save goes as the submit starts, before the check: it would still say "saved" beside
    // this save's error (QA), or beside the errors of a submit the check refuses, which never reaches the save (QA,
    // 2026-11-30).
    setBannerShown(false);
    resaving.current = false;
    refocusAfterNo.current = false;
    checkAndSave();
  };

  /** Checks every field, then saves (formik's submit), or shows the errors that stop the save. */
  function checkAndSave() {
    // The submit counts from the press on, not from formik's own submit after the check: SubmitButton is busy and
    // ignores a press from here, where a second Enter during the check saved twice (QA keyboard audit, 2026-11-30).
    // A check that finds errors ends it once they are on screen (revealErrors); formik's submit ends it after a save.
    formik.setSubmitting(true);
    void formik
      .validateForm()
      .then((errors) => {
        if (Object.keys(errors).length === 0) return formik.submitForm();
        revealErrors(errors);
        if (checkShowing.current === undefined) formik.setSubmitting(false);
      })
      .catch((error: unknown) => {
        // A check that fails rather than finds errors (a rule that throws) is an unexpected error, said as any: it was
        // thrown on into a promise nobody waits for, and the shopper saw nothing (review, 2026-11-30).
        console.error('preference centre: checking the form failed', error);
        formik.setStatus({ formError: requestFailedMessage(error, UNEXPECTED) } satisfies FormStatus);
        formik.setSubmitting(false);
      });
  }

  /**
   * Shows the errors that stop a save or a tab change. An error on another tab opens that tab: the missing
   * personalisation opt-in would otherwise block every click without a word.
   *
   * Until its errors are on screen the check counts as a submit for the form's components, as formik's own submit
   * does while it checks (`isSubmitting`): the errors it brings are not each an alert (FieldError; QA: the alert and
   * then the focus on the field said the error twice), and as it ends SubmitButton puts the focus on the first field
   * in error, which reads its error as its description, or, when the focus is in a field, names that error once, as
   * in the account portal.
   */
  function revealErrors(errors: object) {
    if (revealTabOf(errors)) void formik.setTouched(touchAll(errors), false);
  }

  /** Opens the first tab with a field in `errors`, if another one, and counts as a submit until it shows (above). */
  function revealTabOf(errors: object): boolean {
    const tab = tabWithError(content, errors);
    const shown = tab && tab.id !== activeTab?.id && access(tab) === 'open' ? tab : activeTab;
    if (!shown) return false;
    formik.setSubmitting(true);
    if (shown !== activeTab) selectTab(shown);
    checkShowing.current = shown.id;
    setErrorsRevealed((count) => count + 1);
    return true;
  }
  // The check ends once its errors are on screen: the tab it opens may come a render later.
  const { setSubmitting } = formik;
  useEffect(() => {
    if (checkShowing.current === undefined || checkShowing.current !== activeTab?.id) return;
    checkShowing.current = undefined;
    setSubmitting(false);
  }, [errorsRevealed, activeTab?.id, setSubmitting]);

  // No resets the form to the account and reminders read again (onNo): the dialog gives the focus back to the element
  // that had it, which the new data may remove (the switch of reminders another tab deleted), the focus falling to
  // the page (QA, WCAG 2.4.3, 2026-11-30). It goes to Save then, as after a save that ends on the page (SubmitButton).
  // Checked as the dialog closes and as each read comes in (the account, then the reminders).
  useEffect(() => {
    if (!refocusAfterNo.current || document.activeElement !== document.body) return;
    refocusAfterNo.current = false;
    form.current?.querySelector<HTMLElement>('[type=submit]')?.focus();
  }, [dialog, initial]);

  // The URL's hash names the tab that is open (spec 001 §2), also when it named an unknown or a closed tab.
  useEffect(() => {
    if (activeTab && wanted !== activeTab.id) selectTab(activeTab);
  });

  const home = content.home;
  const consentGiven = () => formik.values.dataProcessingConsented;

  return (
    <div className="pc-home">
      <div className="pc-home__head">
        <h1>{home ? greetingText(home, account.profile?.firstName) : t('mpp.title', { defaultValue: 'Präferenzcenter' })}</h1>
        {headerActions}
      </div>
      {home?.description ? <p className="pc-home__description">{home.description}</p> : null}
      <div ref={tabList} className="pc-tabs">
        <TabBar
          tabs={content.tabs}
          activeId={activeTab?.id ?? ''}
          access={access}
          onSelect={switchTo}
          onBlocked={(tab, why) => setDialog(why === 'needsConsent' ? { kind: 'optIn', thenOpen: tab } : { kind: 'subscribeInfo' })}
        />
      </div>
      {/* The status line keeps its height, so the banner never pushes the form down (layout shift). */}
      <div role="status" className="pc-home__status">
        {bannerShown ? <SuccessBanner key={saves} onDone={hideBanner} /> : null}
      </div>
      {activeTab ? (
        <FormikProvider value={formik}>
          {/* The tab panel holds the form: a form may not take the tabpanel role itself (ARIA in HTML). */}
          <div id={panelId(activeTab.id)} role="tabpanel" aria-labelledby={tabId(activeTab.id)}>
            <form ref={form} className="pc-panel" noValidate onSubmit={submit} onReset={formik.handleReset}>
              {groupTiles(activeTab.items).map((group) =>
                Array.isArray(group) ? (
                  <div key={group[0]!.id} className="pc-tiles">
                    {group.map((item) => (
                      <BooleanTile key={item.id} item={item} />
                    ))}
                  </div>
                ) : (
                  <Fragment key={group.id}>{renderItem(group)}</Fragment>
                ),
              )}
              <FormError message={connectionLost ? noAnswerMessage() : undefined} />
              <SubmitButton>{t('mpp.button.save', { defaultValue: 'Speichern' })}</SubmitButton>
            </form>
          </div>
        </FormikProvider>
      ) : null}
      <PartnerTiles items={site.components.SsoClientsOverview?.items ?? []} />
      {dialog?.kind === 'subscribeInfo' ? (
        <SubscribeInfoDialog
          onClose={() => setDialog(null)}
          onSubscribe={() => {
            setDialog(null);
            // To the tab with the newsletters, the focus on it: the dialog's close gave it back to the locked tab.
            const newsletters = content.tabs.find((tab) => isNewsletterTab(tab) && access(tab) === 'open');
            if (!newsletters) return;
            if (newsletters.id !== activeTab?.id) switchTo(newsletters);
            requestAnimationFrame(() => document.getElementById(tabId(newsletters.id))?.focus());
          }}
        />
      ) : null}
      {dialog?.kind === 'optIn' ? (
        <OptInDialog
          onConfirm={() => {
            void formik.setFieldValue('dataProcessingConsented', true);
            const { thenOpen } = dialog;
            setDialog(null);
            // Consent given for a tab that forced consent blocked: that tab opens (spec 001 §4, forced consent).
            if (thenOpen && tabAccess(thenOpen, { subscribed, consentPending: false }) === 'open') selectTab(thenOpen);
          }}
          onCancel={() => {
            if (!dialog.thenOpen) void formik.setFieldValue('newsletters', Object.fromEntries(Object.keys(formik.values.newsletters).map((key) => [key, false])));
            setDialog(null);
          }}
        />
      ) : null}
      {dialog?.kind === 'notAllowed' ? (
        <dialog.Dialog
          refused={dialog.refused}
          newsletters={content.newsletters}
          onClose={() => {
            setDialog(null);
            const { then, refused } = dialog;
            if (then) {
              formik.setStatus(then.status);
              revealTabOf(then.errors);
              return;
            }
            // The provider writes nothing of a save it refuses a field of, and the marked reminders go after a save
            // only: the rest of the form (a name, a tile, a reminder to delete) is saved now, the refused newsletter
            // off, and ends as any save (spec 001 §4: the banner, the next tab). Once: see resaving (review, 2026-11-30).
            if (formik.dirty) {
              resaving.current = true;
              return checkAndSave();
            }
            // The focus on the switch now off says what changed; from another tab it goes back to where it was.
            requestAnimationFrame(() => document.getElementsByName(`newsletters.${refused[0]}`)[0]?.focus());
          }}
        />
      ) : null}
      {dialog?.kind === 'unsubscribe' ? (
        <UnsubscribeDialog
          variant={dialog.variant}
          hasLogin={dialog.hasLogin}
          onNo={() => {
            // Declining resets the form (spec 001 §4) to what the service has now, which the save read before asking
            // (current): another tab may have deleted reminders since the page loaded, and the form's start listed
            // them on (QA spec audit, 2026-11-30). Read again, the account and reminders become the form's new start
            // (enableReinitialize); until they are in, the form is back at the start it had.
            formik.resetForm();
            setDialog(null);
            refocusAfterNo.current = true;
            void reload();
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

  function renderItem(item: PreferenceTabItem) {
    switch (item.type) {
      case 'newsletters':
        return (
          <NewsletterList
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
            item={item}
            reminders={reminders.active}
            notActivated={reminders.notActivated}
            failed={remindersFailed}
            individual={showsReminderToggles(account.profile?.country)}
            language={language}
          />
        );
      case 'booleanTile':
        return <BooleanTile item={item} />;
      case 'radioTile':
        return <RadioTile item={item} />;
      case 'profileFields':
        return <ProfileFields item={item} />;
      case 'separator':
        return <hr className="pc-separator" />;
    }
  }
}

/**
 * The link's renewed regToken opens another account than the one on screen: an e-mail change moved the account
 * to another address (the old address's link then gets a new lite account), or the session's new link is another
 * shopper's login. Nothing is saved there (QA: "Erfolgreich!" over an empty ghost account).
 */
class AccountChanged extends Error {}

/**
 * The tab the URL's hash names. A hash that is not valid percent-encoding (`#%`, a link a mail client or a
 * tracker cut short) names no tab: the first open tab shows, as for an unknown one, instead of URIError
 * blanking the page.
 */
export function tabAnchor(hash: string): string {
  const raw = hash.replace(/^#/, '');
  try {
    return decodeURIComponent(raw);
  } catch {
    return '';
  }
}

/** Consecutive boolean tiles form one grid; every other item stands alone. */
function groupTiles(items: PreferenceTabItem[]): (PreferenceTabItem | Extract<PreferenceTabItem, { type: 'booleanTile' }>[])[] {
  const out: (PreferenceTabItem | Extract<PreferenceTabItem, { type: 'booleanTile' }>[])[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (item.type === 'booleanTile') {
      if (Array.isArray(last)) last.push(item);
      else out.push([item]);
    } else out.push(item);
  }
  return out;
}

/** The profile fields behind each form path of the rules (lib/validation) and of the server's errors (formFieldOf). */
const FIELD_OF_PATH: Record<string, ProfileFieldName[]> = {
  'favouriteStore.text': ['favouriteStore'],
  'profile.birthYear': ['birthYear', 'dateOfBirth'],
  // The date input's own error, of a date it holds in part (DateField, BIRTH_DATE_FIELDS.date).
  'profile.birthDate': ['dateOfBirth'],
  'profile.firstName': ['firstName'],
  'profile.lastName': ['lastName'],
  'profile.zip': ['zip'],
  'profile.country': ['zip'],
  salutation: ['salutation'],
  personalisationOptIn: ['personalisationOptIn'],
};

/** The first tab that shows a field with an error: a profile field, or a newsletter's switch or a tile (the server's). */
function tabWithError(content: PreferenceCentreContent, errors: object): PreferenceTab | undefined {
  const failed = Object.entries(FIELD_OF_PATH)
    .filter(([path]) => getIn(errors, path))
    .flatMap(([, fields]) => fields);
  const newsletters = Object.keys(getIn(errors, 'newsletters') ?? {});
  const tiles = Object.keys(getIn(errors, 'preferences') ?? {});
  return content.tabs.find((tab) =>
    tab.items.some(
      (item) =>
        (item.type === 'profileFields' && item.fields.some((field) => failed.includes(field))) ||
        (item.type === 'newsletters' && item.keys.some((key) => newsletters.includes(key))) ||
        ((item.type === 'booleanTile' || item.type === 'radioTile') && tiles.includes(preferenceKey(item.preference))),
    ),
  );
}

/** Marks every field that has an error as touched, so that the errors show. */
function touchAll(errors: object): Record<string, unknown> {
  return Object.fromEntries(Object.entries(errors).map(([key, value]) => [key, value && typeof value === 'object' && !('fallback' in value) ? touchAll(value) : true]));
}
