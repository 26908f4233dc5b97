import { getIn, useFormikContext } from 'formik';
import { useTranslation } from 'react-i18next';
import { POSTCODE_LOOKUP_LENGTH, useRegion } from '../api/get-region';

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

/** Shows the region of the postcode being entered, looked up once it has five characters (Germany only). */
export function PostcodeRegion({ name = 'profile.zip', id }: { name?: string; id?: string }) {
  const { t } = useTranslation();
  const { values } = useFormikContext<Record<string, unknown>>();
  const zip = String(getIn(values, name) ?? '').trim();
  const region = useRegion(zip);
  const state: PostcodeCheckState =
    zip.length !== POSTCODE_LOOKUP_LENGTH ? 'INCOMPLETE' : region.isError ? 'FAILED' : region.isSuccess ? 'FINISHED' : 'CHECKING';
  const text = regionText(state, region.data?.region.id);
  return (
    <p id={id} className={`postcode-region postcode-region--${text}`} role="status" data-state={state}>
      {t(`clp.finalize.region.${text}`)}
    </p>
  );
}
