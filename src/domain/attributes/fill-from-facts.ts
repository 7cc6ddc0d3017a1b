// Fills an account's attributes from a product's facts: every value is one the schema allows and
// cites the fact that states it; a value no fact supports stays empty and is listed as missing. Pure.
import type { Fact } from '../facts.ts';
import { booleanNamed, booleanStated } from './boolean-value.ts';
import { conformValue } from './conform-value.ts';
import { factsNaming, namesOf, textFacts } from './fact-match.ts';
import { containsPhrase, fold, phraseOffsets } from './fold.ts';
import { formatNumber, numberValue } from './number-value.ts';
import { type AttributeDef, isSelect, MULTI_VALUE_SEPARATOR } from './schema.ts';
import { optionsMentioned } from './select-value.ts';
import { dimensionOf } from './units.ts';

export interface FilledValue {
  value: string;
  /** The fact ids that state it. */
  factIds: string[];
}

export interface AttributeFill {
  values: Record<string, string>;
  /** `global_attr.<id>` → fact ids, as records cite. */
  sources: Record<string, string[]>;
  /** Attribute ids in scope left empty, in schema order. */
  missing: string[];
}

// Boolean properties under other names in the eight languages, by the attribute's folded name.
const BOOLEAN_PHRASES: Readonly<Record<string, readonly string[]>> = {
  vegan: ['vegan', 'vegano', 'vegana', 'vegane', 'veganer', 'vegetalien', 'weganski', 'veganistisch'],
  'gluten free': ['gluten free', 'no gluten', 'without gluten', 'senza glutine', 'glutenfrei', 'sans gluten', 'sin gluten', 'glutenvrij', 'sem gluten', 'bezglutenowy'],
  organic: ['organic', 'biologico', 'biologica', 'bio', 'biologique', 'ecologico', 'biologisch', 'organico'],
  wireless: ['wireless', 'senza fili', 'kabellos', 'sans fil', 'inalambrico', 'draadloos', 'sem fio', 'bezprzewodowy', 'bluetooth'],
  rechargeable: ['rechargeable', 'ricaricabile', 'wiederaufladbar', 'recargable', 'oplaadbaar', 'recarregavel'],
  waterproof: ['waterproof', 'water resistant', 'impermeabile', 'wasserdicht', 'etanche', 'impermeable', 'waterdicht'],
  dimmable: ['dimmable', 'dimmerabile', 'dimmbar', 'regulable', 'dimbaar'],
  'noise cancelling': ['noise cancelling', 'noise canceling', 'cancellazione del rumore', 'gerauschunterdruckung', 'reduction de bruit'],
};

function booleanPhrases(attribute: AttributeDef): string[] {
  const names = namesOf(attribute);
  return [...new Set(names.flatMap((n) => [n, ...(BOOLEAN_PHRASES[n] ?? [])]))];
}

/** The value one fact that names the attribute gives it; a caller's own content may give a bare number. */
export function valueStatedBy(attribute: AttributeDef, fact: Fact): string | undefined {
  const conformed = conformValue(attribute, fact.value, fact.source === 'caller', fact.language);
  return conformed.ok ? conformed.value : undefined;
}

/** The value a fact of free text gives the attribute, read with the stricter rules of free text. */
export function valueReadFrom(attribute: AttributeDef, fact: Fact, alone: boolean): string | undefined {
  // A colour or material word in prose is often about something else ("IPS Black panel", "tracks
  // on glass", "Green Dot"): outside a name or variant, a fact must also name the attribute.
  if (
    isSelect(attribute.type) &&
    !SELF_NAMING.has(fact.key) &&
    !namesOf(attribute).some((n) => containsPhrase(fold(fact.value), n)) &&
    factsNaming(attribute, [fact]).length === 0
  ) {
    return undefined;
  }
  switch (attribute.type) {
    case 'single-select': {
      const options = optionsMentioned(attribute.options, fact.value);
      return options.length === 1 ? options[0]?.value : undefined;
    }
    case 'multi-select': {
      const options = optionsMentioned(attribute.options, fact.value);
      return options.length === 0 ? undefined : options.map((o) => o.value).join(MULTI_VALUE_SEPARATOR);
    }
    case 'boolean': {
      const stated = booleanStated(fact.value, booleanPhrases(attribute));
      return stated === undefined ? undefined : String(stated);
    }
    case 'number': {
      // An amount in free text is this attribute's only when no other attribute in scope measures
      // the same thing ("9 W" is the power; "500 g" could be a weight or a portion).
      if (attribute.unit === null) return numberAfterName(attribute, fact.value);
      if (!alone) return undefined;
      const value = numberValue(fact.value, attribute.unit, false, fact.language);
      return value === undefined ? undefined : formatNumber(value);
    }
    case 'text':
    case 'rich-text':
      return undefined;
  }
}

/** Facts whose words describe the product itself: a colour in its name is its colour. */
const SELF_NAMING: ReadonlySet<Fact['key']> = new Set(['name', 'variant']);

/** A number without a unit is read only right after the attribute's name: "SPF 50", "LSF 30". */
function numberAfterName(attribute: AttributeDef, text: string): string | undefined {
  const words = fold(text).split(' ');
  const found = new Set<string>();
  for (const name of namesOf(attribute)) {
    for (const at of phraseOffsets(words.join(' '), name)) {
      const next = words[at + name.split(' ').length];
      if (next !== undefined && /^\d+$/.test(next)) found.add(String(Number(next)));
    }
  }
  return found.size === 1 ? [...found][0] : undefined;
}

/** Whether a number attribute is the only one in scope measuring its dimension. */
function measuresAlone(attribute: AttributeDef, inScope: readonly AttributeDef[]): boolean {
  if (attribute.type !== 'number' || attribute.unit === null) return false;
  const dimension = dimensionOf(attribute.unit);
  return inScope.filter((a) => a.type === 'number' && a.unit !== null && dimensionOf(a.unit) === dimension).length === 1;
}

/** The value the facts support for one attribute, with the facts that state it; undefined when none does. */
export function fillOne(attribute: AttributeDef, facts: readonly Fact[], inScope: readonly AttributeDef[]): FilledValue | undefined {
  for (const fact of factsNaming(attribute, facts)) {
    const value = valueStatedBy(attribute, fact) ?? valueReadFrom(attribute, fact, true);
    if (value !== undefined) return { value, factIds: [fact.id] };
  }
  if (attribute.type === 'boolean') {
    // "vegan: sì" in a fact named otherwise is no statement about vegan; the name must be in the text.
    for (const fact of facts.filter((f) => f.key === 'attribute' && booleanNamed(f.value) !== undefined)) {
      if (fact.attribute !== undefined && booleanPhrases(attribute).includes(fold(fact.attribute.replaceAll('_', ' ')))) {
        return { value: String(booleanNamed(fact.value)), factIds: [fact.id] };
      }
    }
  }
  const alone = measuresAlone(attribute, inScope);
  for (const fact of textFacts(facts)) {
    const value = valueReadFrom(attribute, fact, alone);
    if (value !== undefined) return { value, factIds: [fact.id] };
  }
  return undefined;
}

/** Fills every attribute in scope from the facts alone. */
export function fillFromFacts(inScope: readonly AttributeDef[], facts: readonly Fact[]): AttributeFill {
  const fill: AttributeFill = { values: {}, sources: {}, missing: [] };
  for (const attribute of inScope) {
    const filled = fillOne(attribute, facts, inScope);
    if (filled === undefined) {
      fill.missing.push(attribute.attribute_id);
      continue;
    }
    fill.values[attribute.attribute_id] = filled.value;
    fill.sources[`global_attr.${attribute.attribute_id}`] = filled.factIds;
  }
  return fill;
}

/**
 * Whether a value written by an engine (a model, or the template) passes the checks facts pass:
 * in the attribute's stored form, and stated by one of the facts it cites. Returns the stored
 * form and the citing facts that state it.
 */
export function checkWrittenValue(attribute: AttributeDef, written: string, cited: readonly Fact[]): FilledValue | undefined {
  // An engine writes numbers in the attribute's unit, as the schema it was given says.
  const conformed = conformValue(attribute, written, true);
  if (!conformed.ok) return undefined;
  const stating = cited.filter((fact) => {
    if (attribute.type === 'text' || attribute.type === 'rich-text') return fold(fact.value).includes(fold(conformed.value));
    const named = factsNaming(attribute, [fact]).length > 0 ? valueStatedBy(attribute, fact) : undefined;
    // The engine chose which amount of the fact is this attribute's; the fact must still state it.
    const read = named ?? valueReadFrom(attribute, fact, true);
    return (
      read === conformed.value ||
      (attribute.type === 'multi-select' && read !== undefined && conformed.value.split(MULTI_VALUE_SEPARATOR).every((v) => read.split(MULTI_VALUE_SEPARATOR).includes(v)))
    );
  });
  return stating.length === 0 ? undefined : { value: conformed.value, factIds: stating.map((f) => f.id) };
}
