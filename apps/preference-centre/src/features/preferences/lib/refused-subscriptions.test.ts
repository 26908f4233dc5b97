import { ErrorCode } from '@portal/identity';
import { refusedSubscriptions } from './refused-subscriptions';

const on = { email: { isSubscribed: true } };
const off = { email: { isSubscribed: false } };
const error = (fieldName: string, errorCode: number = ErrorCode.INVALID_PARAMETER) => ({ fieldName, errorCode, message: 'refused' });

describe('refusedSubscriptions', () => {
  it("takes an error on a subscription the save switched on, on the key or below it, whatever the provider's code", () => {
    const errors = [error('subscriptions.NLT_A'), error('subscriptions.NLT_B.email.isSubscribed', ErrorCode.READ_ONLY_FIELD), error('subscriptions.NLT_A.email')];
    expect(refusedSubscriptions(errors, { NLT_A: on, NLT_B: on })).toEqual({ keys: ['NLT_A', 'NLT_B'], rest: [] });
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
