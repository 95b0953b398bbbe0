import { launchChromium } from '../tests/chromium';
const port = Number(process.argv[2]);
const n = Number(process.argv[3] ?? 6);
const browser = await launchChromium('/usr/bin/chromium');
type V = 'blocked' | 'current' | 'preload' | 'none';
async function one(v: V) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  if (v === 'blocked') await page.route(/\.m?js(\?.*)?$/, (r) => r.abort());
  if (v === 'preload' || v === 'none') {
    await page.route(`http://127.0.0.1:${port}/`, async (route) => {
      const res = await route.fetch();
      let html = await res.text();
      html = v === 'preload'
        ? html.replace(/<link rel="modulepreload" crossorigin href="(\/assets\/index-[^"]+)">/, '<link rel="preload" as="script" crossorigin href="$1">')
        : html.replace(/<link rel="modulepreload"[^>]*>/g, '');
      await route.fulfill({ response: res, body: html, headers: { ...res.headers(), 'content-encoding': '', 'content-length': String(Buffer.byteLength(html)) } });
    });
  }
  await page.addInitScript(() => {
    const w = window as any; w.__lcp = -1;
    new PerformanceObserver((l) => { const e = l.getEntries().at(-1); if (e) w.__lcp = e.startTime; }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await page.goto(`http://127.0.0.1:${port}/`, { waitUntil: 'load' });
  await page.waitForTimeout(2000);
  const r = await page.evaluate(() => ({ lcp: (window as any).__lcp as number, hydrated: !document.querySelector('[aria-disabled="true"]') }));
  await context.close();
  return r;
}
const out: Record<V, number[]> = { blocked: [], current: [], preload: [], none: [] };
let notHydrated = 0;
for (let i = 0; i < n; i++) for (const v of ['blocked', 'current', 'preload', 'none'] as V[]) { const r = await one(v); out[v].push(Math.round(r.lcp)); if (v !== 'blocked' && !r.hydrated) notHydrated++; }
const med = (a: number[]) => { const s = [...a].sort((x, y) => x - y); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
for (const [k, a] of Object.entries(out)) console.log(k, med(a), a.join(' '));
console.log('not hydrated', notHydrated);
await browser.close();
