export * from './access.ts';
export * from './defaults.ts';
export * from './manifest.ts';
export * from './paths.ts';
export * from './roles.ts';
export * from './routes.ts';
export * from './search-records.ts';
