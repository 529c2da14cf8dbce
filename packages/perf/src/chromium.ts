/**
 * How this project starts Chromium: Debian's package, never a downloaded
 * browser, with the flags that keep it off the network. Shared by the
 * end-to-end tests and the benchmark.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const chromiumArgs: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
