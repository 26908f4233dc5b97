import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { subscriberTokenQueryOptions } from './exchange-subscriber-token';

describe('the regToken exchange', () => {
  afterEach(() => jest.useRealTimers());

  it.each([
    [60_000, 50_000],
    [15_000, 10_000],
  ])('with a lifetime of %i ms exchanges the link again after %i ms', async (lifetime, delay) => {
    jest.useFakeTimers();
    let issued = 0;
    const fetchMock = jest.fn(async (_url: string, _init?: RequestInit) => {
      issued += 1;
      const now = Date.now();
      const body = { regToken: `rt${issued}`, createdAt: new Date(now).toISOString(), expiresAt: new Date(now + lifetime).toISOString() };
      return { ok: true, status: 200, json: async () => body } as Response;
    });
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
    const { result, unmount } = renderHook(() => useQuery(subscriberTokenQueryOptions('/api', 'link-jwt')), { wrapper });

    await waitFor(() => expect(result.current.data?.regToken).toBe('rt1'));
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/rest/v1/subscriber/regToken/jwt');
    expect(init?.method).toBe('POST');
    expect(String(init?.body)).toBe('jwt=link-jwt');

    await act(() => jest.advanceTimersByTimeAsync(delay - 1_000));
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await act(() => jest.advanceTimersByTimeAsync(1_000));
    expect(fetchMock).toHaveBeenCalledTimes(2);
    await waitFor(() => expect(result.current.data?.regToken).toBe('rt2'));
    unmount();
    client.clear();
  });
});
