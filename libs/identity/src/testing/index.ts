// Test and demo doubles of @portal/identity; never imported by production code paths.
export { createClock, DAY, HOUR, MINUTE, type FakeClock } from './clock';
export { COMMON_PASSWORDS_SIZE, commonPasswordsFrom, type CommonPasswords } from './common-passwords';
export { defaultConsent, defaultPolicies, defaultPostcodeRules, defaultSchema } from './defaults';
export {
  createFakeProvider,
  type FakeAccountSeed,
  type FakeIdentityProvider,
  type FakeMailKind,
  type FakeProviderOptions,
  type FakeSocialIdentity,
  type FakeTokenSeed,
  type ForcedAnswer,
  type SentMail,
} from './fake-provider';
export { createFakeProviderFromScenario, parseScenario, type IdentityScenario, type ScenarioAccount } from './scenario';
export { storeAreasFrom, storeAreasOfService, type StoreAreas } from './store-areas';
export { createScriptedGigya, type ScriptedGigya } from './scripted-gigya';
export { restoreTabChannels, TabChannel, withTabChannels } from './tab-channel';
