import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useIdentity, type PasskeyInfo } from '@portal/identity';
import { Loader } from '@portal/ui';
import { FORM_BANNER_MS, useSuccessBanner } from '../../../shared/SuccessBanner';
import { useAddPasskey, usePasskeys, useRemovePasskey } from '../api/passkeys';

function PasskeyRow({ passkey, onRemove, busy }: { passkey: PasskeyInfo; onRemove: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language, { year: 'numeric', month: 'long', day: 'numeric' });
  return (
    <li className="passkeys__item">
      <div>
        <p className="passkeys__name">{passkey.name}</p>
        <p className="passkeys__meta">
          {t('ap.accessdata.passkeys.created', { date: date(passkey.created) })}
          {' · '}
          {passkey.lastUsed ? t('ap.accessdata.passkeys.lastUsed', { date: date(passkey.lastUsed) }) : t('ap.accessdata.passkeys.neverUsed')}
        </p>
      </div>
      <button type="button" className="button button--secondary" disabled={busy} aria-label={t('ap.accessdata.passkeys.remove.label', { name: passkey.name })} onClick={onRemove}>
        {t('ap.accessdata.passkeys.remove')}
      </button>
    </li>
  );
}

/** Passkeys of the account: list (name, created, last used), add one, remove one. Only where the provider has them. */
export function PasskeysSection() {
  const { provider } = useIdentity();
  if (!provider.getPasskeys) return null;
  return <PasskeysPanel />;
}

function PasskeysPanel() {
  const { t } = useTranslation();
  const list = usePasskeys();
  const add = useAddPasskey();
  const remove = useRemovePasskey();
  const success = useSuccessBanner(FORM_BANNER_MS);
  const [error, setError] = useState<string>();
  const [name, setName] = useState('');
  const nameId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    try {
      const outcome = await add.mutateAsync(name);
      if (outcome.kind === 'done') {
        setName('');
        success.show(t('ap.accessdata.passkeys.added'));
      } else if (outcome.kind === 'ceremony') {
        setError(t(outcome.failure === 'cancelled' ? 'ap.accessdata.passkeys.error.cancelled' : 'clp.passwordless.error.unsupported'));
      } else setError(t('ap.accessdata.passkeys.error.failed'));
    } catch {
      setError(t('clp.error.unexpected', { code: 'network' }));
    }
  };

  const drop = async (id: string) => {
    setError(undefined);
    try {
      const outcome = await remove.mutateAsync(id);
      if (outcome.kind === 'done') success.show(t('ap.accessdata.passkeys.removed'));
      else setError(t(outcome.kind === 'last' ? 'ap.accessdata.passkeys.error.last' : 'ap.accessdata.passkeys.error.failed'));
    } catch {
      setError(t('clp.error.unexpected', { code: 'network' }));
    }
  };

  return (
    <section className="panel access-section" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">{t('ap.accessdata.passkeys.headline')}</h2>
      <p>{t('ap.accessdata.passkeys.intro')}</p>
      {success.banner}
      {list.isPending ? (
        <Loader />
      ) : list.data?.passkeys.length ? (
        <ul className="passkeys" aria-label={t('ap.accessdata.passkeys.headline')}>
          {list.data.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} busy={remove.isPending} onRemove={() => void drop(passkey.id)} />
          ))}
        </ul>
      ) : (
        <p>{t('ap.accessdata.passkeys.none')}</p>
      )}
      <form className="form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="form-field">
          <label className="form-field__label" htmlFor={nameId}>
            {t('ap.accessdata.passkeys.name')}
          </label>
          <input id={nameId} className="form-field__input" value={name} maxLength={100} autoComplete="off" onChange={(event) => setName(event.target.value)} />
        </div>
        <div className="form-error" role="alert">
          {error ? <p className="form-error__text">{error}</p> : null}
        </div>
        <button type="submit" className="button" disabled={add.isPending} aria-busy={add.isPending || undefined}>
          {t('ap.accessdata.passkeys.add')}
        </button>
      </form>
    </section>
  );
}
