// Debian's Chromium, the only browser the tests and benchmarks drive (none is ever downloaded). On these
// machines' closed network its background services would retry connections endlessly, so they are off.
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
