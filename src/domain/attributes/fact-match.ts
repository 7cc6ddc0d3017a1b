// Which facts speak about which attribute: a fact named like the attribute in any of the eight
// languages, or a fact kind that is the attribute ("brand", "ingredients"). Pure.
import type { Fact, FactKey } from '../facts.ts';
import { fold } from './fold.ts';
import type { AttributeDef } from './schema.ts';

// Names, folded, that sources give an attribute, grouped under one of them.
const NAME_GROUPS: readonly (readonly string[])[] = [
  ['colour', 'color', 'colore', 'farbe', 'couleur', 'kleur', 'cor', 'kolor', 'shade', 'product colour', 'product color'],
  ['weight', 'net weight', 'peso', 'peso netto', 'gewicht', 'nettogewicht', 'poids', 'poids net', 'waga'],
  ['volume', 'capacity', 'capacita', 'volumen', 'inhalt', 'contenance', 'inhoud', 'pojemnosc'],
  ['power', 'wattage', 'potenza', 'leistung', 'puissance', 'potencia', 'vermogen', 'moc'],
  ['material', 'materiale', 'materiel', 'matiere', 'materiaal', 'materialy'],
  ['connectivity', 'connection', 'connessione', 'verbindung', 'connectivite', 'conectividad', 'device interface', 'interface', 'connectivity technology'],
  ['luminous flux', 'lumen', 'flusso luminoso', 'lichtstrom', 'flux lumineux'],
  ['socket', 'cap', 'attacco', 'sockel', 'culot', 'casquillo', 'fitting'],
  ['battery life', 'autonomia', 'akkulaufzeit', 'autonomie'],
  ['spf', 'lsf', 'fps', 'fp', 'sun protection factor', 'fattore di protezione', 'lichtschutzfaktor'],
  ['skin type', 'skin', 'hauttyp', 'hauttypen', 'pelle', 'pelli', 'peau', 'peaux', 'piel', 'pieles', 'huid', 'pele', 'skora'],
  ['screen size', 'display diagonal', 'display size', 'diagonale'],
];

// A fact kind that is itself an attribute's value, by the attribute's folded name.
const KEY_NAMES: Readonly<Partial<Record<FactKey, readonly string[]>>> = {
  brand: ['brand', 'marca', 'marke', 'marque', 'merk', 'manufacturer'],
  ingredients: ['ingredients', 'ingredienti', 'zutaten', 'ingredientes'],
  variant: ['variant', 'flavour', 'flavor', 'gusto', 'scent', 'fragrance', 'shade'],
  quantity: ['quantity', 'net quantity', 'net content', 'content', 'size', 'weight', 'net weight', 'volume'],
};

/** Every folded name the attribute goes by: its id, its name, and their group. */
export function namesOf(attribute: AttributeDef): string[] {
  const own = [fold(attribute.attribute_id.replaceAll('_', ' ')), fold(attribute.name)];
  const group = NAME_GROUPS.find((g) => own.some((n) => g.includes(n))) ?? [];
  return [...new Set([...own, ...group])];
}

/** The facts that state this attribute's value outright, best first: named ones, then fact kinds. */
export function factsNaming(attribute: AttributeDef, facts: readonly Fact[]): Fact[] {
  const names = namesOf(attribute);
  const named = facts.filter((f) => f.key === 'attribute' && f.attribute !== undefined && names.includes(fold(f.attribute.replaceAll('_', ' '))));
  const byKind = facts.filter((f) => {
    const kindNames = KEY_NAMES[f.key];
    return kindNames?.some((n) => names.includes(n)) === true;
  });
  return [...named, ...byKind];
}

/** Facts of free text a value may be read from when no fact names the attribute, in order of trust. */
export function textFacts(facts: readonly Fact[]): Fact[] {
  const order: readonly FactKey[] = ['variant', 'name', 'attribute', 'category', 'description'];
  return order.flatMap((key) => facts.filter((f) => f.key === key));
}
