import { createFakeProvider } from '../testing';
import { loadCommonPasswords } from '../testing/common-passwords.node';
import { loadStoreAreas } from '../testing/store-areas.node';
import { describeIdentityContract } from './contract-suite';

describeIdentityContract(
  'in-memory fake',
  async () => {
    // The service's own lists: its common passwords and its postcode table (the store areas).
    const fake = createFakeProvider({ commonPasswords: loadCommonPasswords(), storeAreas: loadStoreAreas() });
    return {
      provider: fake,
      helpers: {
        async lastMail(to, kind) {
          const mail = fake.lastMail(to, kind);
          return mail && { link: mail.link, token: mail.token };
        },
        openLink: async (link) => fake.openLink(link),
        disableAccount: async (email) => fake.disableAccount(email),
        advanceTime: async (ms) => fake.clock.advance(ms),
        setSocialIdentity: async (provider, identity) => fake.setSocialIdentity(provider, identity),
        subscriberRegToken: async (email) => fake.issueSubscriberRegToken(email).regToken,
        relyingParty: () => ({ rpId: 'localhost', origin: 'http://localhost' }),
      },
    };
  },
  { timeTravel: true, social: true, liteAccounts: true, passkeys: true },
);
