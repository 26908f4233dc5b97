import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { useSite } from '@portal/cms';
import { isUnanswered, noAnswerMessage, translateMessage } from '@portal/forms';
import { isRegionLookup, useRegion } from '../api/get-region';

/** The states of the postcode check (spec 000 §4). */
export type PostcodeCheckState = 'INCOMPLETE' | 'CHECKING' | 'FAILED' | 'FINISHED';

/** The result for the user: north, south, unknown or failed – or the prompt while the postcode is incomplete. */
export type RegionText = 'prompt' | 'checking' | 'failed' | 'nord' | 'sued' | 'unknown';

export function regionText(state: PostcodeCheckState, regionId: string | undefined): RegionText {
  switch (state) {
    case 'INCOMPLETE':
      return 'prompt';
    case 'CHECKING':
      return 'checking';
    case 'FAILED':
      return 'failed';
    case 'FINISHED':
      return regionId === 'NORD' ? 'nord' : regionId === 'SUED' ? 'sued' : 'unknown';
  }
}

/**
 * Shows the region of the postcode being entered, looked up once it has five characters of a German postcode
 * (Germany only); until then the prompt, beside the field's own message for five characters that are none.
 */
export function PostcodeRegion({ name = 'profile.zip', id }: { name?: string; id?: string }) {
  const { t } = useTranslation();
  const { metadata } = useSite();
  const { values } = useFormikContext<Record<string, unknown>>();
  const zip = String(getIn(values, name) ?? '').trim();
  const lookup = isRegionLookup(zip, metadata.validation.zipCode);
  const region = useRegion(zip, lookup);
  const state: PostcodeCheckState = !lookup ? 'INCOMPLETE' : region.isError ? 'FAILED' : region.isSuccess ? 'FINISHED' : 'CHECKING';
  const text = regionText(state, region.data?.region.id);
  // Without an answer "please check your entry" would blame the postcode: the missing connection, or the service, is named.
  const lost = state === 'FAILED' && isUnanswered(region.error);
  return (
    <p id={id} className={`postcode-region postcode-region--${text}`} role="status" data-state={state}>
      {lost ? translateMessage(t, noAnswerMessage()) : t(`clp.finalize.region.${text}`)}
    </p>
  );
}
