export * from './access.ts';
export * from './manifest.ts';
export * from './roles.ts';
export * from './search-records.ts';
