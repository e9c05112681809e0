import lighthouse from 'lighthouse';

/**
 * One Lighthouse run. A run that Lighthouse itself reports as broken (a trace without navigation
 * start, seen now and then on a busy machine: "Please run Lighthouse again") is run again, up to
 * twice; it is Lighthouse's recording that failed, not the page, so the sample is not dropped.
 * Used by bench:pages and bench:scale.
 */
export async function lighthouseRun(port: number, url: string, category: 'performance' | 'accessibility', attempt = 1) {
  const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: [category] });
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`Lighthouse returned nothing for ${url}`);
  if (lhr.runtimeError) {
    if (attempt < 3) {
      console.log(`  (${lhr.runtimeError.code} on ${url}: run again)`);
      return lighthouseRun(port, url, category, attempt + 1);
    }
    throw new Error(`${url}: ${lhr.runtimeError.message}`);
  }
  return lhr;
}
