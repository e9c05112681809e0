// Runs before prism-core (imported first by prism.ts): Prism's browser build highlights every
// `code[class*=language-]` on DOMContentLoaded unless `Prism.manual` is set beforehand, which would
// rewrite the server-rendered code blocks under React before hydration.
(globalThis as { Prism?: unknown }).Prism = { manual: true, disableWorkerMessageHandler: true };
