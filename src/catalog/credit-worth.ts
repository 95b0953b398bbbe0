/**
 * BILL-7: what a number of credits buys, counted in runs of three everyday tools at their own cost
 * (src/catalog/tools.ts), so the figures follow the catalogue when a price changes.
 */
import { toolByKey, type ToolKey } from './tools';

const yardsticks: ReadonlyArray<{ key: ToolKey; one: string; many: string }> = [
  { key: 'text-to-image', one: 'image', many: 'images' },
  { key: 'text-to-video', one: 'video clip', many: 'video clips' },
  { key: 'text-to-text', one: 'text generation', many: 'text generations' },
];

/** Whole runs of each yardstick tool that `credits` pays for. */
export function runsFor(credits: number): Array<{ key: ToolKey; runs: number; noun: string }> {
  return yardsticks.map(({ key, one, many }) => {
    const runs = Math.floor(credits / toolByKey(key).cost);
    return { key, runs, noun: runs === 1 ? one : many };
  });
}

/** 'About 125 images, 50 video clips or 200 text generations' for 1,000 credits. */
export function creditsBuy(credits: number): string {
  const [first, second, third] = runsFor(credits).map(({ runs, noun }) => `${runs.toLocaleString('en-US')} ${noun}`);
  return `About ${first}, ${second} or ${third}`;
}
