import { confirmMailLink, mailLinkToken } from './mail-link';

describe('mail links', () => {
  it('reads the token from the fragment the link landed with', () => {
    expect(mailLinkToken('#verify=abc%2Bdef', 'verify')).toBe('abc+def');
    expect(mailLinkToken('#reminder=x', 'verify')).toBeUndefined();
    expect(mailLinkToken('', 'verify')).toBeUndefined();
  });

  it('posts the token as a form and follows only a path of this site', async () => {
    const calls: [string, RequestInit | undefined][] = [];
    const answer = (next: unknown, status = 200) =>
      (async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push([String(input), init]);
        return { ok: status >= 200 && status < 300, status, json: async () => ({ next }) } as Response;
      }) as typeof fetch;
    await expect(confirmMailLink('/identity/verify', 'tok en', answer('/double-opt-in-done?errorCode=0'))).resolves.toBe('/double-opt-in-done?errorCode=0');
    expect(calls[0]![0]).toBe('/identity/verify');
    expect(calls[0]![1]).toMatchObject({ method: 'POST', body: 'token=tok+en' });
    await expect(confirmMailLink('/identity/verify', 't', answer('https://evil.example/'))).rejects.toThrow();
    await expect(confirmMailLink('/identity/verify', 't', answer('//evil.example/'))).rejects.toThrow();
    await expect(confirmMailLink('/identity/verify', 't', answer('/x', 403))).rejects.toThrow('403');
  });
});
