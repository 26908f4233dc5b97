import { IdentityTransportError } from '../errors';
import { loginEventFrom, withLoginSections, type IdentityEvents } from '../events';
import type { GetAccountInfoResponse, SocialLoginParams, SocialLoginResponse } from '../types';
import { readSocialLoginResult } from './social-login-result';

/**
 * The browser's part of a social login driven by `HttpProviderOptions.followSocialLogin` (tests against the real
 * service). Loaded only when that option is set, so the apps' first load does not carry it.
 */
export async function followSocialLogin(
  follow: (startUrl: string) => Promise<string>,
  startUrl: string,
  params: SocialLoginParams,
  getAccountInfo: (include: string) => Promise<GetAccountInfoResponse>,
  events: IdentityEvents,
): Promise<SocialLoginResponse> {
  let landed: URL;
  try {
    landed = new URL(await follow(startUrl), 'http://localhost');
  } catch (cause) {
    throw new IdentityTransportError('network', `socialLogin: the ${params.provider} login could not be completed`, { cause });
  }
  const answer = readSocialLoginResult(landed.search);
  if (!answer) {
    throw new IdentityTransportError('invalid-response', `socialLogin: the service returned to ${landed.pathname} without an errorCode`);
  }
  if (answer.errorCode !== 0) return answer;
  // The session cookie is set; the login event carries the account like the other logins' answers do.
  const info = await getAccountInfo(withLoginSections(params.include));
  if (info.errorCode !== 0) return answer;
  const result: SocialLoginResponse = { ...info, ...answer, provider: answer.provider ?? params.provider };
  events.emitLogin(loginEventFrom(result, params.provider, false));
  return result;
}
