// Registered under this path in docusaurus.config.ts; the plugin is the post-build pipeline's.
export { default } from '../post-build';
