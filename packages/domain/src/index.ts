// Pure domain rules shared by the server and the web app: no I/O, no dependencies.
export * from './elo';
export * from './star-rating';
export * from './team-elo';
export * from './replay';
export * from './elo-eligibility';
export * from './status';
export * from './excerpt';
export * from './images';
export * from './upcoming';
export * from './match-url';
export * from './merge';
export * from './semester';
export * from './season-end';
export * from './preview';
export * from './random';
export * from './events';
export * from './match-stats';
