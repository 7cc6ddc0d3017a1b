import type { ProductKind } from '../../domain/facts.ts';
import type { Attributes } from './attributes.ts';
import type { CleanFact, FactView } from './fact-view.ts';
import type { LanguagePack } from './language-pack.ts';
import type { NoteRules } from './notes.ts';
import type { NameChoice, TitleParts } from './title.ts';

/** What every field builder of one country's record reads. */
export interface RecordContext {
  view: FactView;
  /** The target language (also when the pack is the English fallback). */
  target: string;
  pack: LanguagePack;
  kind: ProductKind;
  notes: NoteRules;
  name: NameChoice;
  parts: TitleParts;
  attributes: Attributes;
  /** The description facts in the best available language. */
  descriptions: readonly CleanFact[];
}

/** A piece of text and the fact ids it was built from. */
export interface Sourced {
  text: string;
  ids: readonly string[];
}
