// A Vitest sequencer that starts the named files first, in the order given (the longest, as
// measured in CI), and the rest after them in Vitest's order: started last, as Vitest's order
// by size put them, a long file ran alone at the end while a core waited.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** `names`: file names without `.test.ts`, longest first. */
export function longestFirst(names: string[]) {
  return class LongestFirst extends BaseSequencer {
    override async sort(files: TestSpecification[]) {
      const sorted = await super.sort(files);
      const rank = (file: TestSpecification) => {
        const name =
          file.moduleId
            .split('/')
            .at(-1)
            ?.replace(/\.test\.ts$/, '') ?? '';
        const index = names.indexOf(name);
        return index < 0 ? names.length : index;
      };
      // Stable: files of equal rank keep Vitest's order.
      return sorted
        .map((file, index) => ({ file, index }))
        .sort((a, b) => rank(a.file) - rank(b.file) || a.index - b.index)
        .map(({ file }) => file);
    }
  };
}
