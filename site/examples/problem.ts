/** A mistake an example checker found: where in the example (lines and columns from 1), and what. */
export interface ExampleProblem {
  line: number;
  column: number;
  message: string;
}
