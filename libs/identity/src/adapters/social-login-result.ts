import type { SocialLoginResponse } from '../types';

/**
 * Reads the answer of a social login from the query the service redirects back with
 * (`?errorCode=403043&regToken=…`); undefined when the query carries no `errorCode`, i.e. this is no return
 * from a social login.
 */
export function readSocialLoginResult(search: string | URLSearchParams): SocialLoginResponse | undefined {
  const query = typeof search === 'string' ? new URLSearchParams(search.startsWith('?') ? search.slice(1) : search) : search;
  const raw = query.get('errorCode');
  if (raw === null || !/^\d+$/.test(raw)) return undefined;
  const errorCode = Number(raw);
  const answer: SocialLoginResponse = { errorCode };
  const regToken = query.get('regToken');
  if (regToken) answer.regToken = regToken;
  const errorMessage = query.get('errorMessage');
  if (errorMessage) answer.errorMessage = errorMessage;
  const errorDetails = query.get('errorDetails');
  if (errorDetails) answer.errorDetails = errorDetails;
  const provider = query.get('provider');
  if (provider) answer.provider = provider;
  const uid = query.get('UID');
  if (uid) answer.UID = uid;
  return answer;
}
