// Words that name the same option in the eight languages (en it de fr es nl pt pl), grouped under
// their English form. A closed list: an option matches a value through it only when both fall in
// one group, so "giallo", "gelb" and "yellow" are the option "Yellow" (or "Giallo"). Pure.

const GROUPS: Readonly<Record<string, readonly string[]>> = {
  black: ['nero', 'nera', 'neri', 'nere', 'schwarz', 'noir', 'noire', 'negro', 'negra', 'zwart', 'preto', 'preta', 'czarny', 'czarna'],
  white: ['bianco', 'bianca', 'bianchi', 'weiss', 'blanc', 'blanche', 'blanco', 'blanca', 'wit', 'branco', 'branca', 'bialy', 'biala'],
  grey: ['gray', 'grigio', 'grigia', 'grau', 'gris', 'grise', 'grijs', 'cinza', 'cinzento', 'szary', 'szara'],
  silver: ['argento', 'argentato', 'silber', 'argent', 'argente', 'plata', 'plateado', 'zilver', 'prata', 'prateado', 'srebrny', 'srebrna'],
  gold: ['oro', 'dorato', 'dorata', 'golden', 'dore', 'doree', 'dorado', 'goud', 'ouro', 'dourado', 'zloty', 'zlota'],
  blue: ['blu', 'azzurro', 'azzurra', 'blau', 'bleu', 'bleue', 'azul', 'blauw', 'niebieski', 'niebieska'],
  red: ['rosso', 'rossa', 'rot', 'rouge', 'rojo', 'roja', 'rood', 'vermelho', 'vermelha', 'czerwony', 'czerwona'],
  green: ['verde', 'gruen', 'grun', 'vert', 'verte', 'groen', 'zielony', 'zielona'],
  yellow: ['giallo', 'gialla', 'gelb', 'jaune', 'amarillo', 'amarilla', 'geel', 'amarelo', 'amarela', 'zolty', 'zolta'],
  pink: ['rosa', 'rose', 'roze', 'rozowy', 'rozowa'],
  purple: ['violet', 'viola', 'lila', 'morado', 'paars', 'roxo', 'fioletowy', 'fioletowa'],
  orange: ['arancione', 'arancio', 'naranja', 'oranje', 'laranja', 'pomaranczowy'],
  brown: ['marrone', 'braun', 'marron', 'bruin', 'castanho', 'marrom', 'brazowy'],
  beige: ['bege', 'bezowy'],
  transparent: ['trasparente', 'transparente', 'transparant', 'przezroczysty', 'clear'],
  wireless: ['senza fili', 'kabellos', 'sans fil', 'inalambrico', 'inalambrica', 'draadloos', 'sem fio', 'bezprzewodowy', 'bezprzewodowa'],
  wired: ['cablato', 'con filo', 'kabelgebunden', 'filaire', 'con cable', 'bedraad', 'com fio', 'przewodowy'],
  sensitive: ['sensibile', 'sensibili', 'empfindlich', 'empfindliche', 'sensible', 'sensibles', 'gevoelig', 'gevoelige', 'sensivel', 'sensiveis', 'wrazliwa'],
  dry: ['secca', 'secche', 'trocken', 'trockene', 'seche', 'seches', 'seca', 'secas', 'droog', 'droge', 'sucha'],
  oily: ['grassa', 'grasse', 'fettig', 'fettige', 'grasa', 'grasas', 'vet', 'vette', 'oleosa', 'tlusta'],
  plastic: ['plastica', 'kunststoff', 'plastique', 'plastico', 'kunststof', 'plastik'],
  metal: ['metallo', 'metall', 'metal', 'metaal'],
  glass: ['vetro', 'glas', 'verre', 'vidrio', 'vidro', 'szklo'],
  wood: ['legno', 'holz', 'bois', 'madera', 'hout', 'madeira', 'drewno'],
  cotton: ['cotone', 'baumwolle', 'coton', 'algodon', 'katoen', 'algodao', 'bawelna'],
};

const GROUP_OF: ReadonlyMap<string, string> = new Map(
  Object.entries(GROUPS).flatMap(([english, words]) => [[english, english] as const, ...words.map((w) => [w, english] as const)]),
);

/** The English form of a folded word or phrase, when it is in a group; the word itself otherwise. */
export function canonicalWord(folded: string): string {
  return GROUP_OF.get(folded) ?? folded;
}

/** Every folded spelling of the group `folded` belongs to (itself alone when it is in none). */
export function spellingsOf(folded: string): string[] {
  const english = GROUP_OF.get(folded);
  if (english === undefined) return [folded];
  return [english, ...(GROUPS[english] ?? [])];
}
