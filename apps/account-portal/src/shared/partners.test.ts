import { fetchPartners, isPartnerLogoutAddress } from './partners';

describe('partners', () => {
  const partners = [{ id: 'a', name: 'A', postLogoutRedirectUris: ['https://a.example/bye'] }];
  it('accepts only exactly registered logout addresses', () => {
    expect(isPartnerLogoutAddress('https://a.example/bye', partners)).toBe(true);
    expect(isPartnerLogoutAddress('https://a.example/bye?x=1', partners)).toBe(false);
    expect(isPartnerLogoutAddress('https://evil.example/', partners)).toBe(false);
  });
  it("accepts a registered address with the partner's logout state, and nothing else added", () => {
    expect(isPartnerLogoutAddress('https://a.example/bye?state=s3', partners)).toBe(true);
    expect(isPartnerLogoutAddress('https://a.example/bye?state=s3&next=https://evil.example/', partners)).toBe(false);
    expect(isPartnerLogoutAddress('https://evil.example/bye?state=s3', partners)).toBe(false);
    expect(isPartnerLogoutAddress('not a url?state=1', partners)).toBe(false);
  });
  it('loads the registry, and none when it fails', async () => {
    const ok = jest.fn(async () => ({ ok: true, json: async () => partners }));
    expect(await fetchPartners(ok as unknown as typeof fetch)).toEqual(partners);
    const failing = jest.fn(async () => {
      throw new Error('offline');
    });
    expect(await fetchPartners(failing as unknown as typeof fetch)).toEqual([]);
  });
});
