// Playwright drives Debian's Chromium, never a downloaded browser. Install it when it is missing.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { CHROMIUM_PATH as CHROMIUM } from './chromium.mjs';

if (!existsSync(CHROMIUM)) {
  if (process.getuid?.() !== 0) {
    console.error(`${CHROMIUM} is missing: install it with "sudo apt-get install -y chromium" and run again.`);
    process.exit(1);
  }
  console.warn(`${CHROMIUM} is missing: installing Debian's chromium package.`);
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}
