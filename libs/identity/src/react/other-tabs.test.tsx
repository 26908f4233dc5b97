import { act, renderHook } from '@testing-library/react';
import { useOtherTabs } from './other-tabs';
import { restoreTabChannels, TabChannel, withTabChannels } from '../testing';
import { SESSION_CHANNEL, type SessionChannelMessage } from './account-store';

afterEach(restoreTabChannels);

/** Another tab of the browser says `messages` on the session's channel, and the page has heard them. */
async function anotherTabSays(...messages: SessionChannelMessage[]) {
  const otherTab = new TabChannel(SESSION_CHANNEL);
  await act(async () => {
    for (const message of messages) otherTab.postMessage(message);
    await new Promise((resolve) => setTimeout(resolve));
  });
  otherTab.close();
}

describe('useOtherTabs', () => {
  it("runs the check when another tab says that the browser's session changed, not at its word that the shopper logs out", async () => {
    withTabChannels(true);
    const onSessionChanged = jest.fn();
    renderHook(() => useOtherTabs(onSessionChanged));
    await anotherTabSays('logout');
    expect(onSessionChanged).not.toHaveBeenCalled();
    await anotherTabSays(0);
    expect(onSessionChanged).toHaveBeenCalledTimes(1);
  });

  it("tells that the shopper logs out in another tab until that tab's logout failed", async () => {
    withTabChannels(true);
    const { result } = renderHook(() => useOtherTabs(jest.fn()));
    expect(result.current).toBe(false);
    await anotherTabSays('logout');
    expect(result.current).toBe(true);
    // The account store's word that the session changed leaves it as it is.
    await anotherTabSays(0);
    expect(result.current).toBe(true);
    await anotherTabSays('logoutFailed');
    expect(result.current).toBe(false);
  });

  it('stops listening when the page goes', async () => {
    withTabChannels(true);
    const onSessionChanged = jest.fn();
    const { unmount } = renderHook(() => useOtherTabs(onSessionChanged));
    unmount();
    expect([...TabChannel.open].filter((channel) => channel.name === SESSION_CHANNEL)).toEqual([]);
    await anotherTabSays(0);
    expect(onSessionChanged).not.toHaveBeenCalled();
  });

  it('hears nothing, and fails nothing, in a browser without BroadcastChannel', () => {
    withTabChannels(false);
    const { result } = renderHook(() => useOtherTabs(jest.fn()));
    expect(result.current).toBe(false);
  });
});
