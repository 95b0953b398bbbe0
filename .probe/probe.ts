import { launchChromium } from '../tests/chromium';
const port = Number(process.argv[2]);
const n = Number(process.argv[3] ?? 6);
const browser = await launchChromium('/usr/bin/chromium');
async function one(scripts: boolean) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (!scripts) await page.route(/\.m?js(\?.*)?$/, (r) => r.abort());
  await page.addInitScript(() => {
    const w = window as any;
    w.__e = [];
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__e.push([e.entryType, e.name, Math.round(e.startTime), Math.round(e.duration), (e as any).size ?? '', (e as any).element?.tagName ?? '']); }).observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__e.push([e.entryType, e.name, Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) w.__e.push([e.entryType, e.name, Math.round(e.startTime), Math.round(e.duration)]); }).observe({ type: 'longtask', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const e = await page.evaluate(() => {
    const w = window as any;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const res = performance.getEntriesByType('resource').filter((r) => /index-.*\.js|\.css/.test(r.name)).map((r) => [r.name.split('/').pop(), Math.round(r.startTime), Math.round((r as PerformanceResourceTiming).responseEnd)]);
    return { e: w.__e, dcl: Math.round(nav.domContentLoadedEventEnd), resp: Math.round(nav.responseEnd), res };
  });
  await context.close();
  return e;
}
for (let i = 0; i < n; i++) {
  for (const s of [true, false]) {
    const r = await one(s);
    console.log(s ? 'SCRIPTS' : 'BLOCKED', JSON.stringify(r));
  }
}
await browser.close();
