export interface AspectRatioPreset {
  readonly name: string;
  readonly width: number;
  readonly height: number;
  readonly ratio: string;
}

/** The general tools' reading (TOOL-36). */
export const aspectRatios: readonly AspectRatioPreset[] = [
  { name: 'Square', width: 1024, height: 1024, ratio: '1:1' },
  { name: 'Portrait', width: 832, height: 1216, ratio: '2:3' },
  { name: 'Landscape', width: 1216, height: 832, ratio: '3:2' },
  { name: 'Mobile', width: 768, height: 1344, ratio: '9:16' },
  { name: 'Wide', width: 1344, height: 768, ratio: '16:9' },
  { name: 'Classic', width: 1024, height: 768, ratio: '4:3' },
];

/** The advertisement page's reading (TOOL-37); sent after floorTo8, so 1365 becomes 1360. */
export const advertisementAspectRatios: readonly AspectRatioPreset[] = [
  { name: 'Square', width: 1024, height: 1024, ratio: '1:1' },
  { name: 'Portrait', width: 832, height: 1248, ratio: '2:3' },
  { name: 'Landscape', width: 1248, height: 832, ratio: '3:2' },
  { name: 'Mobile', width: 768, height: 1365, ratio: '9:16' },
  { name: 'Wide', width: 1365, height: 768, ratio: '16:9' },
  { name: 'Classic', width: 1024, height: 768, ratio: '4:3' },
];
