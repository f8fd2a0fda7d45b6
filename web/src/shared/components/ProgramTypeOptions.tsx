import { PROGRAM_TYPES } from '#contract/programs';
import { PROGRAM_TYPE_LABEL } from '../lib/programs';

/** The program types as the <option>s of a native select, in the contract's order and the spec's labels. */
export function ProgramTypeOptions() {
  return PROGRAM_TYPES.map((type) => (
    <option key={type} value={type}>
      {PROGRAM_TYPE_LABEL[type]}
    </option>
  ));
}
