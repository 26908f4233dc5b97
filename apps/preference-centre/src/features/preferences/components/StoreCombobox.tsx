import { useField, useFormikContext } from 'formik';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FieldFrame, leaveField, message, requestFailedMessage, translateMessage, useFieldFrame } from '@portal/forms';
import { MIN_QUERY_LENGTH, useRetailStoreSearch, type RetailStore } from '../api/retail-stores';
import type { PreferencesValues } from '../lib/form';
import { PRODUCT_NAME } from '../lib/product';
import { centreMessages } from '../lib/validation';

/** A store search that failed with an answer of the service (an error status). */
const SEARCH_FAILED = message('mpp.favouritestore.error.search', 'Die Filialsuche ist gerade nicht erreichbar. Bitte versuchen Sie es später erneut.');

/** The field's status line before any search has answered. */
const NOTHING_SAID = { noneFound: false, announcement: '' };

/** How long typing must pause before the search runs. */
export const STORE_SEARCH_DEBOUNCE_MS = 300;

/** The text after the last keystroke, once typing has paused for `delay`. */
function useDebounced(value: string, delay: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/**
 * 'My {product} store': a search-as-you-type combobox (WAI-ARIA 1.2 combobox pattern with a list box popup) over
 * the store search. Arrow keys move through the suggestions, Enter chooses, Escape closes (and clears when
 * closed); the number of suggestions is announced. Choosing stores the store's id in data.preference.FAVORITE_STORE;
 * typing again clears the choice until a store is picked, so free text never passes as a store. A closed store is
 * listed, marked, so the shopper knows, but is no choice (aria-disabled); the service refuses it as a new favourite.
 */
export function StoreCombobox() {
  const { t } = useTranslation();
  const { values, setFieldValue, setFieldTouched } = useFormikContext<PreferencesValues>();
  const [field, meta] = useField<string>('favouriteStore.text');
  const hint = t('mpp.favouritestore.hint', { defaultValue: 'Ort, Postleitzahl oder Straße eingeben, ab zwei Zeichen.' });
  // The frame every field has (label, hint, error), with its rule for errors: one that changes as the shopper types
  // (text that is no store yet, from the first key after a save that stopped at it) shows at once but is said only as the field is
  // left, if it is still there, rather than cutting into the number of stores found (QA). The field hid it while
  // typing instead, and said it again as it was left.
  const frame = useFieldFrame('favouriteStore.text', { hint });
  const { inputId: id, error } = frame;
  const listId = `${id}-list`;
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const store = values.favouriteStore;
  // Only what the shopper typed is searched, never the text of a store just chosen.
  const typing = open ? store.text.trim() : '';
  const query = useDebounced(typing, STORE_SEARCH_DEBOUNCE_MS);
  const search = useRetailStoreSearch(query);
  const searched = open && query.length >= MIN_QUERY_LENGTH && query === typing;
  const results: RetailStore[] = searched ? (search.data ?? []) : [];
  // A search that failed is not "no store found" (QA: offline the list stayed empty without a word): the field's
  // status says why, the missing connection or the search being unavailable.
  const failure = searched && search.isError ? translateMessage(t, requestFailedMessage(search.error, SEARCH_FAILED)) : '';
  const expanded = results.length > 0;
  const statusId = `${id}-status`;
  // A saved favourite that has closed since (spec 001 §5) is named here from the start, as the field's description.
  // It stops nothing: a save leaves the store as it is, as the service keeps it (a store kept is not a new choice).
  // As a rule of the whole form it stopped every save and tab change of every tab, an unsubscribe too (QA); nor is
  // the field marked invalid, which SubmitButton would take for a refused save. Another store, or none, ends it.
  const closed = store.id !== '' && !store.open;
  const closedId = `${id}-closed`;

  // The highlighted suggestion stays in the list's view as the arrow keys move it (WAI-ARIA combobox): the sixth
  // and later of 20 were highlighted out of sight (QA). The list scrolls, not the page; at once, as keys repeat.
  useEffect(() => {
    const option = expanded && active >= 0 ? document.getElementById(`${id}-option-${active}`) : null;
    const list = option?.parentElement;
    if (!option || !list) return;
    const bottom = option.offsetTop + option.offsetHeight;
    if (option.offsetTop < list.scrollTop) list.scrollTop = option.offsetTop;
    else if (bottom > list.scrollTop + list.clientHeight) list.scrollTop = bottom - list.clientHeight;
  }, [expanded, active, id]);

  const choose = (choice: RetailStore) => {
    if (!choice.open) return;
    setOpen(false);
    setActive(-1);
    // The field is marked touched only once the chosen store's check is done: before it, a field not judged yet showed
    // the typed text's error, "choose a valid store", for a render, and a screen reader announced that alert at the
    // moment of the choice (QA).
    void setFieldValue('favouriteStore', { id: choice.id, text: choice.uiText, open: true }).then(() => void setFieldTouched('favouriteStore.text', true, false));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) {
          // Opens the list on its first suggestion, as soon as the suggestions are there (WAI-ARIA combobox).
          setOpen(true);
          setActive(0);
        } else if (results.length) {
          setActive((index) => (index + 1) % results.length);
        }
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (results.length) setActive((index) => (index <= 0 ? results.length - 1 : index - 1));
        break;
      case 'Enter':
        if (expanded && active >= 0) {
          event.preventDefault();
          choose(results[active]!);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (store.text) {
          event.preventDefault();
          void setFieldValue('favouriteStore', { id: '', text: '', open: true });
        }
        break;
    }
  };

  // What the last answered search said stays while the next one is on its way (typing ahead of the debounce, or the
  // answer loading): emptied between keystrokes, the live region said "Keine Filiale gefunden." again after each
  // pause and the visible text flickered (QA regression round). The same words again are no change, so nothing is
  // said twice; a different count is said as it comes.
  // (React's "information from previous renders": the state is set while rendering, only when it changes.)
  const [settled, setSettled] = useState(NOTHING_SAID);
  let status = settled;
  if (searched && search.isSuccess) {
    const none = results.length === 0;
    status = {
      noneFound: none,
      announcement: none
        ? t('mpp.favouritestore.noresults', { defaultValue: 'Keine Filiale gefunden.' })
        : t('mpp.favouritestore.results', { count: results.length, defaultValue: '{count} Filialen gefunden. Mit den Pfeiltasten auswählen.' }),
    };
  } else if (!open || typing.length < MIN_QUERY_LENGTH || failure) {
    status = NOTHING_SAID;
  }
  if (status.noneFound !== settled.noneFound || status.announcement !== settled.announcement) setSettled(status);
  const { noneFound, announcement } = status;

  return (
    <FieldFrame frame={frame} label={t('mpp.favouritestore.label', { product: PRODUCT_NAME, defaultValue: 'Meine {product}-Filiale' })} hint={hint} className="pc-store">
      <div className="pc-store__box">
        <input
          ref={input}
          id={id}
          name={field.name}
          type="text"
          role="combobox"
          className="form-field__input"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={frame.aria['aria-invalid']}
          aria-describedby={[frame.hintId, closed ? closedId : '', failure ? statusId : '', error ? frame.errorId : ''].filter(Boolean).join(' ')}
          value={store.text}
          onChange={(event) => {
            void setFieldValue('favouriteStore', { id: '', text: event.target.value, open: true });
            setOpen(true);
            setActive(-1);
          }}
          onKeyDown={onKeyDown}
          onBlur={(event) => {
            // Judged as every field is when left (leaveField): once a press that left it has ended, so that the error
            // appearing does not move what the press began on from under it.
            leaveField(field, meta)(event);
            // A click on an option lands before the list closes.
            setTimeout(() => setOpen(false), 150);
          }}
        />
        {/* tabIndex -1: a list long enough to scroll is a Tab stop in Chromium and Firefox, and Tab from the field
            landed on it just before it closed, the focus then dropping to the page (QA). */}
        <ul id={listId} role="listbox" tabIndex={-1} className="pc-store__list" hidden={!expanded} aria-label={t('mpp.favouritestore.listlabel', { defaultValue: 'Gefundene Filialen' })}>
          {results.map((result, index) => (
            <li
              key={result.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              aria-disabled={result.open ? undefined : true}
              className={`pc-store__option${index === active ? ' pc-store__option--active' : ''}${result.open ? '' : ' pc-store__option--closed'}`}
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(result)}
            >
              {result.uiText}
              {result.open ? null : ` (${t('mpp.favouritestore.closedmark', { defaultValue: 'geschlossen' })})`}
            </li>
          ))}
        </ul>
      </div>
      {closed ? (
        <p id={closedId} className="form-field__error">
          {translateMessage(t, centreMessages.storeClosed())}
        </p>
      ) : null}
      {/* The number of stores found is for screen readers (the list shows them); a failure is for everyone, and so is
          that none was found, in the list's place (QA: "xyzxyz" showed nothing until the field was left). One live
          region for all three, so each is said once. */}
      <p id={statusId} className={failure ? 'form-field__error' : noneFound ? 'pc-store__none' : 'visually-hidden'} role="status" aria-live="polite">
        {failure || announcement}
      </p>
    </FieldFrame>
  );
}
