export * from './query-params';
export * from './paging';
export * from './public';
