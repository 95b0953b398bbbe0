export * from './cost';
export * from './tools';
export * from './plans';
export * from './packs';
export * from './aspect-ratios';
