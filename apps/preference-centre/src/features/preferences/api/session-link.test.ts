import { ErrorCode, type GetJWTResponse } from '@portal/identity';
import { issueSessionLink } from './session-link';

function answering(status: number, body: unknown) {
  const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => ({ ok: status < 300, status, json: async () => body }) as Response);
  globalThis.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

const link = { jwt: 'link-jwt', expiresAt: '2030-01-01T00:00:00Z' };

describe('the logged-in entry', () => {
  it('with the embedded provider relies on the session cookie the browser sends', async () => {
    const fetchMock = answering(200, link);
    await expect(issueSessionLink('/api', {})).resolves.toEqual(link);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/rest/v1/subscriber/jwt');
    expect(init?.headers).not.toHaveProperty('Authorization');
  });

  it("with SAP CDC shows the service the SDK's id_token", async () => {
    const fetchMock = answering(200, link);
    const getJWT = jest.fn(async (): Promise<GetJWTResponse> => ({ errorCode: ErrorCode.OK, id_token: 'vendor.id.token' }));
    await expect(issueSessionLink('/api', { getJWT })).resolves.toEqual(link);
    expect(fetchMock.mock.calls[0]![1]?.headers).toMatchObject({ Authorization: 'Bearer vendor.id.token' });
  });

  it('with SAP CDC and nobody logged in asks the service nothing', async () => {
    const fetchMock = answering(200, link);
    const getJWT = async (): Promise<GetJWTResponse> => ({ errorCode: ErrorCode.UNAUTHORIZED, errorMessage: 'Unauthorized user' });
    await expect(issueSessionLink('/api', { getJWT })).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('a session the service refuses is no login', async () => {
    answering(401, { error: { code: 'not_logged_in', message: 'Please log in first.' } });
    const getJWT = async (): Promise<GetJWTResponse> => ({ errorCode: ErrorCode.OK, id_token: 'expired.id.token' });
    await expect(issueSessionLink('/api', { getJWT })).resolves.toBeUndefined();
  });
});
