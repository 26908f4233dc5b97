/**
 * The browser's BroadcastChannel between the tabs of one origin, which jsdom lacks: a message goes to every other
 * open channel of its name, as a task (not at once), to its listeners and its onmessage; a closed channel gets none.
 * `withTabChannels(true)` puts it in place of the global one for a test, `false` takes the channel away (a browser
 * without it), and `restoreTabChannels()` puts back what was there (afterEach).
 */
export class TabChannel extends EventTarget {
  static readonly open = new Set<TabChannel>();
  onmessage: ((event: MessageEvent) => unknown) | null = null;
  constructor(readonly name: string) {
    super();
    TabChannel.open.add(this);
    this.addEventListener('message', (event) => this.onmessage?.(event as MessageEvent));
  }
  postMessage(data: unknown) {
    for (const other of TabChannel.open) {
      if (other === this || other.name !== this.name) continue;
      setTimeout(() => TabChannel.open.has(other) && other.dispatchEvent(new MessageEvent('message', { data })));
    }
  }
  close() {
    TabChannel.open.delete(this);
  }
}

const browserChannel = Object.getOwnPropertyDescriptor(globalThis, 'BroadcastChannel');

/** The tabs' channel for a test: TabChannel (true) or none at all (false). */
export function withTabChannels(on: boolean) {
  if (on) Object.defineProperty(globalThis, 'BroadcastChannel', { value: TabChannel, configurable: true, writable: true });
  else Reflect.deleteProperty(globalThis, 'BroadcastChannel');
}

/** Puts back the global BroadcastChannel as it was, and forgets the test's channels. */
export function restoreTabChannels() {
  if (browserChannel) Object.defineProperty(globalThis, 'BroadcastChannel', browserChannel);
  else Reflect.deleteProperty(globalThis, 'BroadcastChannel');
  TabChannel.open.clear();
}
