import type { DataName, PostBuildData, PostBuildStep } from './step';

/** The data there before the first step. */
export type InitialData = Pick<PostBuildData, 'docusaurus' | 'content'>;
const INITIAL: readonly DataName[] = ['docusaurus', 'content'];

/**
 * What is wrong with the order of the steps: a step that reads data no earlier step wrote, or data
 * written twice. Checked before the first step runs, so that a reordering fails at once, not after
 * minutes of work.
 */
export function orderProblems(steps: readonly PostBuildStep[]): string[] {
  const written = new Map<DataName, string>(INITIAL.map((name) => [name, 'Docusaurus']));
  const problems: string[] = [];
  for (const step of steps) {
    for (const name of step.reads.data) {
      if (!written.has(name)) problems.push(`${step.name} reads ${name}, which no earlier step writes`);
    }
    for (const name of step.writes.data) {
      const by = written.get(name);
      if (by) problems.push(`${step.name} writes ${name}, already written by ${by}`);
      written.set(name, step.name);
    }
  }
  return problems;
}

/**
 * Runs the steps in order, each given only the data it declares, and logs one line per step with
 * what it did and how long it took (bench/scale follows how the steps grow with the docs).
 */
export async function runPipeline(
  steps: readonly PostBuildStep[],
  initial: InitialData,
  log: (line: string) => void = console.log,
): Promise<void> {
  const problems = orderProblems(steps);
  if (problems.length > 0) {
    throw new Error(`The post-build steps are out of order:\n  - ${problems.join('\n  - ')}`);
  }
  const data: Partial<PostBuildData> = { ...initial };
  const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;
  const started = performance.now();
  for (const [index, step] of steps.entries()) {
    const stepStarted = performance.now();
    // Checked above: every name a step reads is written before it runs.
    const input = Object.fromEntries(step.reads.data.map((name) => [name, data[name]])) as unknown as PostBuildData;
    const result = await step.run(input);
    const returned = Object.keys(result.data).sort();
    if (returned.join() !== [...step.writes.data].sort().join()) {
      throw new Error(
        `The post-build step ${step.name} returned ${returned.join(', ') || 'no data'}, not what it declares`,
      );
    }
    Object.assign(data, result.data);
    log(`[tala] post-build ${index + 1}/${steps.length} ${step.name}: ${result.summary} in ${seconds(stepStarted)}`);
  }
  log(`[tala] post-build: ${steps.length} steps in ${seconds(started)}`);
}
