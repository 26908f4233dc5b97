// The logged-in account pages need a session: `make bench` registers an account, confirms it through the
// development outbox (/dev/outbox, as the e2e journeys do) and logs in through the identity API, as the browser
// client would. Used by lighthouse.mjs and page-weight.mjs.
const PASSWORD = 'Geheim12!x';

/** A call of the identity API as the browser client makes it; answers the JSON and the Set-Cookie headers. */
async function identityCall(base, method, body) {
  const response = await fetch(`${base}/identity/accounts.${method}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: base },
    body: JSON.stringify(body),
  });
  return { answer: await response.json(), cookies: response.headers.getSetCookie() };
}

/** A confirmed account with a session: answers its session cookies as { name, value }. */
export async function benchSession(base) {
  const email = `bench-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const init = await identityCall(base, 'initRegistration', {});
  const registered = await identityCall(base, 'register', {
    email,
    password: PASSWORD,
    regToken: init.answer.regToken,
    profile: { firstName: 'Erika', lastName: 'Muster' },
    preferences: { terms: { customeraccount: { isConsentGranted: true } } },
    finalizeRegistration: true,
    lang: 'de',
  });
  if (registered.answer.errorCode !== 206002) throw new Error(`bench account: register answered ${registered.answer.errorCode}`);
  let link;
  for (let attempt = 0; attempt < 50 && !link; attempt++) {
    const mails = await (await fetch(`${base}/dev/outbox?to=${encodeURIComponent(email)}`)).json();
    link = mails.find((mail) => mail.kind === 'verification')?.links[0];
    if (!link) await new Promise((resolve) => setTimeout(resolve, 200));
  }
  if (!link) throw new Error('bench account: no verification mail in /dev/outbox');
  // A mail link's GET only lands on its page with the token in the fragment; the page's POST confirms (maillink).
  const verified = new URL(link);
  const landed = await fetch(`${base}${verified.pathname}${verified.search}`, { redirect: 'manual' });
  const fragment = new URLSearchParams((landed.headers.get('location') ?? '').split('#')[1] ?? '');
  const [token] = [...fragment.values()];
  if (!token) throw new Error(`bench account: the verification link landed on ${landed.headers.get('location')}`);
  const confirmed = await fetch(`${base}${verified.pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: base },
    body: new URLSearchParams({ token }),
  });
  if (!confirmed.ok) throw new Error(`bench account: confirming answered ${confirmed.status}`);
  const login = await identityCall(base, 'login', { loginID: email, password: PASSWORD });
  if (login.answer.errorCode !== 0) throw new Error(`bench account: login answered ${login.answer.errorCode}`);
  return login.cookies.map((cookie) => {
    const pair = cookie.split(';')[0];
    return { name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) };
  });
}


/** A session's cookies as a browser's cookie jar takes them: for the service's origin, HttpOnly as it sets them. */
export const browserCookies = (session, base) => session.map((cookie) => ({ ...cookie, url: base, httpOnly: true }));
