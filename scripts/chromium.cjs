// Debian's Chromium (nothing here may download a browser) and the flags this closed network
// needs; used by the Playwright config and the benchmarks.
module.exports = {
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--headless',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--no-first-run',
    '--disable-sync',
  ],
};
