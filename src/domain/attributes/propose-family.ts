// The family a generation proposes for a product without one, from its categories and facts:
// the family whose name its categories or kind state, else the one whose attributes the facts
// fill best. A proposal only; a person confirms it. Pure.
import type { Fact } from '../facts.ts';
import { fillOne } from './fill-from-facts.ts';
import { containsPhrase, fold } from './fold.ts';
import { type AttributeSchema, attributesInScope, type FamilyDef } from './schema.ts';

// Words for the usual kinds of product in the eight languages, so a family named "Cosmetics"
// is found in a category "Beauté" or a kind "beauty".
const KIND_WORDS: readonly (readonly string[])[] = [
  ['electronics', 'electronic', 'elettronica', 'elektronik', 'electronique', 'electronica', 'elektronica', 'eletronicos', 'elektronika', 'computer', 'audio'],
  ['food', 'foods', 'alimentari', 'alimenti', 'lebensmittel', 'alimentation', 'alimentos', 'voeding', 'alimentos', 'zywnosc', 'groceries', 'grocery'],
  ['cosmetics', 'cosmetic', 'beauty', 'cosmetici', 'kosmetik', 'cosmetiques', 'beaute', 'cosmeticos', 'cosmetica', 'kosmetyki', 'personal care', 'hygiene'],
  ['medicine', 'medicines', 'farmaci', 'farmaco', 'arzneimittel', 'medicaments', 'medicamentos', 'geneesmiddelen', 'leki', 'pharmacy'],
  ['household', 'casa', 'haushalt', 'maison', 'hogar', 'huishouden', 'dom'],
];

function wordsOf(family: FamilyDef): string[] {
  const own = [fold(family.family_id.replaceAll('_', ' ')), fold(family.name)];
  const kind = KIND_WORDS.find((group) => own.some((w) => group.includes(w))) ?? [];
  return [...new Set([...own, ...kind])].filter((w) => w !== '');
}

export interface FamilyProposal {
  familyId: string;
  /** The facts that led to it. */
  factIds: string[];
}

export function proposeFamily(schema: AttributeSchema, facts: readonly Fact[]): FamilyProposal | undefined {
  const naming = facts.filter((f) => f.key === 'category' || f.key === 'kind');
  const scored = schema.families.map((family) => {
    const words = wordsOf(family);
    const stating = naming.filter((f) => words.some((w) => containsPhrase(fold(f.value), w)));
    const own = attributesInScope(schema, family.id).filter((a) => a.scope === 'family');
    const filled = own.filter((a) => fillOne(a, facts, own) !== undefined).length;
    // A category naming the family outweighs any count of filled attributes.
    return { family, factIds: stating.map((f) => f.id), score: (stating.length > 0 ? 1000 : 0) + filled };
  });
  const best = scored.toSorted((a, b) => b.score - a.score)[0];
  if (best === undefined || best.score === 0) return undefined;
  if (scored.filter((s) => s.score === best.score).length > 1) return undefined;
  return { familyId: best.family.id, factIds: best.factIds };
}

// Column names a shop's catalogue gives the family in (a `family` column becomes a fact so named).
const FAMILY_COLUMNS: ReadonlySet<string> = new Set(['family', 'product_family', 'famiglia', 'familie', 'famille', 'familia', 'rodzina']);

/** The family a catalogue's `family` column names (by family_id, `_id` or name), with its fact. */
export function catalogueFamily(schema: AttributeSchema, facts: readonly Fact[]): FamilyProposal | undefined {
  for (const fact of facts) {
    if (fact.source !== 'catalogue' || fact.key !== 'attribute' || fact.attribute === undefined || !FAMILY_COLUMNS.has(fact.attribute)) continue;
    const named = fold(fact.value);
    const family = schema.families.find(
      (f) => f.family_id === fact.value.trim() || f.id === fact.value.trim() || fold(f.name) === named || fold(f.family_id.replaceAll('_', ' ')) === named,
    );
    if (family !== undefined) return { familyId: family.id, factIds: [fact.id] };
  }
  return undefined;
}
