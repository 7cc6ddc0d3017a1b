// The record checks' phrase patterns are large case-insensitive Unicode alternations, which V8
// compiles at their first use, to bytecode and then to machine code at their second. In a fresh
// process the first record of each kind took 90–100 ms to check against 1–2 ms afterwards
// (bench/results/agents.md), on the event loop that is meanwhile starting other products' model
// calls. A worker checks a sample record of every kind when it starts instead.
import { deterministicChecks } from './deterministic-checks.ts';
import type { ClaimKind } from './health-claim-check.ts';
import type { CheckedFields } from './problem.ts';

const KINDS: readonly ClaimKind[] = ['food', 'other', 'medicine'];

/** A clean Italian record of the kind the engines write: every check runs and none finds a problem. */
export const SAMPLE_RECORD: CheckedFields = {
  title: 'Biscotti al burro Molino Rossi 500 g',
  short_description: 'Biscotti friabili al burro, preparati con farina di frumento e uova.',
  description: '<p>Biscotti friabili al burro, preparati con farina di frumento, burro e uova. Confezione da 500 g, da gustare a colazione o a merenda.</p>',
  key_features: ['Con burro', 'Confezione da 500 g', 'Farina di frumento'],
  global_attr: {},
  title_tag: 'Biscotti al burro Molino Rossi 500 g',
  meta_description: 'Biscotti friabili al burro Molino Rossi, preparati con farina di frumento e uova, in confezione da 500 g.',
  meta_keywords: 'biscotti, burro, colazione',
};

/** Checks the sample record twice for each kind, so every pattern is compiled before a real record needs it; resolves to the problems found (none). */
export async function warmRecordChecks(): Promise<number> {
  let problems = 0;
  for (let round = 0; round < 2; round++) {
    for (const kind of KINDS) {
      problems += (
        await deterministicChecks(SAMPLE_RECORD, { language: 'it', kind, factTexts: ['Farina di frumento, burro, uova.'], names: ['Biscotti al burro', 'Molino Rossi'] })
      ).length;
    }
  }
  return problems;
}
