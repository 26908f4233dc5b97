/**
 * A window `width` pixels wide, as far as CSS media queries go (jsdom has no layout): the passkey widget shows from
 * PASSWORDLESS_MIN_WIDTH. The caller gives window.matchMedia back after the test.
 */
export function windowWidth(width: number) {
  window.matchMedia = ((query: string) => {
    const min = Number(/min-width:\s*(\d+)px/.exec(query)?.[1] ?? 0);
    return { matches: width >= min, media: query, addEventListener: () => undefined, removeEventListener: () => undefined } as unknown as MediaQueryList;
  }) as typeof window.matchMedia;
}
