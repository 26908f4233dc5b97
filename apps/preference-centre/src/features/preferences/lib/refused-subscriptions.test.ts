import { ErrorCode } from '@portal/identity';
import { refusedSubscriptions } from './refused-subscriptions';

const on = { email: { isSubscribed: true } };
const off = { email: { isSubscribed: false } };
const error = (fieldName: string, errorCode: number = ErrorCode.INVALID_PARAMETER) => ({ fieldName, errorCode, message: 'refused' });

describe('refusedSubscriptions', () => {
  it('takes a refusal of a subscription the save switched on, on the key or below it', () => {
    const errors = [error('subscriptions.NLT_A'), error('subscriptions.NLT_B.email.isSubscribed', ErrorCode.READ_ONLY_FIELD), error('subscriptions.NLT_A.email')];
    expect(refusedSubscriptions(errors, { NLT_A: on, NLT_B: on })).toEqual({ keys: ['NLT_A', 'NLT_B'], rest: [] });
  });

  // The embedded provider's and the fake's "Unknown subscription" (400006), the vendor's refusals to let the client
  // write (400020, 403007); any other code says something else about the value and stays on its switch (review,
  // 2026-11-30: every code on a switched-on newsletter opened the dialog).
  it("refuses by the provider's refusal codes only", () => {
    const refusals = [ErrorCode.INVALID_PARAMETER, ErrorCode.READ_ONLY_FIELD, ErrorCode.PERMISSION_DENIED];
    for (const code of refusals) expect(refusedSubscriptions([error('subscriptions.NLT_A', code)], { NLT_A: on })).toEqual({ keys: ['NLT_A'], rest: [] });
    const others = [ErrorCode.INVALID_FORMAT, ErrorCode.MISSING_REQUIRED_VALUE, ErrorCode.GENERAL_SERVER_ERROR, ErrorCode.VALIDATION];
    for (const code of others) {
      const answer = [error('subscriptions.NLT_A.email.isSubscribed', code)];
      expect(refusedSubscriptions(answer, { NLT_A: on })).toEqual({ keys: [], rest: answer });
    }
  });

  it('leaves every other error to the form: a subscription switched off, one the save did not write, other fields', () => {
    const errors = [error('subscriptions.NLT_OFF'), error('subscriptions.NLT_OTHER'), error('subscriptions'), error('data.preference.ORGANIC'), error('profile.birthYear')];
    expect(refusedSubscriptions(errors, { NLT_OFF: off, NLT_ON: on })).toEqual({ keys: [], rest: errors });
  });

  it('splits an answer with both', () => {
    expect(refusedSubscriptions([error('profile.birthYear'), error('subscriptions.NLT_ON')], { NLT_ON: on })).toEqual({ keys: ['NLT_ON'], rest: [error('profile.birthYear')] });
    expect(refusedSubscriptions(undefined, { NLT_ON: on })).toEqual({ keys: [], rest: [] });
  });
});
