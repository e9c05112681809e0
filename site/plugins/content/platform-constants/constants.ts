import { readFileSync } from 'node:fs';
import { parse as parseYaml } from 'yaml';

/**
 * The platform's numbers that pages state — limits, defaults, intervals — each in one place
 * (site/config/platform-constants.yaml). Pages write `:const[name]`; the remark plugin puts the
 * value in, and the examples check refuses the same fact written out by hand (`restated`).
 */
export interface PlatformConstant {
  /** As pages show it: "15 minutes", "1,000 characters". */
  text: string;
  /** What it is, for writers and for the reference table. */
  description: string;
  /**
   * Phrasings that state this fact with a literal number (regular expressions, case-insensitive):
   * a page that matches one must use `:const[name]` instead, so the number cannot drift.
   */
  restated?: string[];
}

export const CONSTANTS_FILE = new URL('../../../config/platform-constants.yaml', import.meta.url);

export function loadConstants(file: URL | string = CONSTANTS_FILE): Record<string, PlatformConstant> {
  return parseYaml(readFileSync(file, 'utf8')) as Record<string, PlatformConstant>;
}
