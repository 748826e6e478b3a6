export * from './map-names';
export * from './rating';
export * from './validation';
export * from './faceit';
export * from './totals';
export * from './map-pool';
