// Refusals, chat talk and placeholders in a record: text the model wrote to its reader or left
// unfilled, instead of product copy. Every pattern is a phrase no product text needs, in the
// eight languages we write: single words such as "sure" or "certainly" are product prose
// ("Sure-grip handle", "certainly the lightest"), so a courtesy word counts only as the opening
// of a field or line, where the model puts it ("Certainly! Here is…"), and refusal words only
// in the first person ("I cannot provide"), which product copy does not use. Pure.
import { anyPhrase, firstMatch, openingPhrase } from './phrases.ts';
import { quote, readableText, textFields, type CheckedFields, type RecordProblem } from './problem.ts';

// Verbs a refusal says the model cannot do, per language (stems where the language inflects).
const EN_TASK = '(?:help|assist|provide|create|write|generate|fulfil|fulfill|comply|complete|produce|access|browse|verify|find|give)';
const IT_TASK = String.raw`(?:aiutar\p{L}*|fornir\p{L}*|crear\p{L}*|scriver\p{L}*|generar\p{L}*|assister\p{L}*|accedere|completar\p{L}*|soddisfar\p{L}*|verificar\p{L}*|trovare|redigere|elaborare)`;
const DE_TASK = '(?:helfen|erstellen|schreiben|bereitstellen|generieren|liefern|erfüllen|verfassen|zugreifen|unterstützen|finden|geben|machen)';
const FR_TASK = '(?:aider|fournir|créer|rédiger|générer|écrire|accéder|répondre|trouver|compléter)';
const ES_TASK = String.raw`(?:ayudar\p{L}*|proporcionar\p{L}*|crear|escribir|generar|acceder|completar|cumplir|redactar|encontrar|facilitar\p{L}*|ofrecer\p{L}*)`;
const NL_TASK = '(?:helpen|maken|schrijven|geven|leveren|genereren|vinden|verstrekken|bieden|opstellen)';
const PT_TASK = '(?:ajudar|fornecer|criar|escrever|gerar|aceder|acessar|completar|cumprir|redigir|encontrar)';
const PL_TASK = '(?:pomóc|podać|stworzyć|napisać|wygenerować|udzielić|uzyskać|znaleźć|zapewnić|dostarczyć|przygotować)';

/** The model speaking as itself: refusals, "as an AI", "here is the description", sign-offs. */
const CHAT_TALK = anyPhrase([
  // English
  'as an? (?:AI )?(?:large )?language model',
  'as an? (?:AI|artificial intelligence)(?: (?:assistant|model|chatbot))?,? I',
  "I(?:'m| am) sorry,? (?:but )?I",
  'I apologi[sz]e,? but',
  "sorry,? (?:but )?I(?:'m| am)? (?:unable|not able|can't|cannot|can not|don't|do not|won't)",
  `I (?:can't|cannot|can not|won't be able to) ${EN_TASK}`,
  "I(?:'m| am) (?:unable|not able) to",
  "I (?:don't|do not) have (?:access|enough|sufficient|any|specific|detailed|real-time|information|details|data)",
  "I (?:could not|couldn't) find",
  'I hope this helps',
  'let me know if you',
  'feel free to (?:ask|adjust|modify|tweak|let me know)',
  'would you like me to',
  "here(?: is|'s| are) (?:the |a |an |your |my )?(?:(?:updated|revised|rewritten|improved|requested|corrected|new|complete|final|translated|optimi[sz]ed|SEO-optimi[sz]ed|suggested|proposed) )?(?:product )?(?:descriptions?|text|translation|listing|titles?|JSON|bullet points|meta description)",
  "sure,? here(?:'s| is| are| you go)",
  // Our prompt calls the inputs facts; product copy never does.
  '(?:the )?(?:provided|given|supplied) facts',
  '(?:the )?facts (?:provided|given|supplied)',
  '(?:the )?(?:provided|given) (?:data|information) (?:does|do) not',
  // Italian
  'come (?:un )?(?:grande )?modello (?:di )?(?:linguaggio|linguistico)',
  'in quanto (?:modello (?:di )?(?:linguaggio|linguistico)|IA|intelligenza artificiale)',
  "come (?:un'|una |un )?(?:IA|intelligenza artificiale|assistente (?:virtuale|IA|AI)),? (?:non|io)",
  'mi dispiace,? (?:ma )?(?:non|io)',
  'spiacente,? (?:ma )?non',
  `non (?:posso|sono in grado di|riesco a) ${IT_TASK}`,
  'non ho (?:accesso|informazioni|abbastanza informazioni|dati sufficienti|sufficienti informazioni|dettagli)',
  "ecco (?:la |il |una |un |l')?(?:(?:nuova|nuovo|aggiornata|aggiornato|riscritta|riscritto|migliorata|migliorato|richiesta|richiesto|proposta di) )?(?:descrizione|testo|traduzione|titolo|bozza)",
  '(?:i )?fatti forniti',
  'fammi sapere se',
  'spero che (?:questo|questa|ciò) (?:ti |le )?(?:sia utile|aiuti|possa aiutar)',
  // German
  'als (?:eine? )?(?:KI-)?Sprachmodell',
  'als (?:eine? )?(?:KI|künstliche Intelligenz|KI-Assistent(?:in)?|KI-Modell),? (?:kann|habe|bin|darf|möchte|werde) ich',
  'es tut mir leid,? (?:aber|ich|doch|da)',
  'leider (?:kann|darf) ich',
  String.raw`ich kann (?:Ihnen |dir )?(?:dabei |hierbei |hier )?(?:leider )?(?:nicht|keine\p{L}*) (?:\p{L}+ ){0,3}?${DE_TASK}`,
  'ich habe keine[n]? (?:Zugriff|Zugang|Informationen|Angaben|Daten|ausreichenden|genauen|spezifischen)',
  String.raw`mir liegen keine (?:\p{L}+ )?(?:Informationen|Daten|Angaben)`,
  String.raw`hier (?:ist|sind) (?:die |eine |der |ein |Ihre |deine )?(?:(?:überarbeitete|aktualisierte|neue|gewünschte|verbesserte|übersetzte|optimierte)\p{L}* )?(?:Produktbeschreibung\p{L}*|Beschreibung\p{L}*|Übersetzung\p{L}*|Text|Titel|Entwurf)`,
  'den (?:bereitgestellten|gegebenen|gelieferten) Fakten',
  'lassen Sie (?:mich|es mich) wissen',
  'ich hoffe,? (?:das|dies) hilft',
  // French
  'en tant que (?:grand )?modèle (?:de langage|linguistique)',
  "en tant qu(?:e |')(?:IA|intelligence artificielle|assistante? (?:IA|virtuel(?:le)?)),? (?:je|j'\\p{L}+)",
  "(?:je suis )?désolée?,? (?:mais )?(?:je|j'\\p{L}+)",
  `je ne (?:peux pas|suis pas en mesure de) (?:vous )?${FR_TASK}`,
  `je ne suis pas en mesure d'${FR_TASK}`,
  "je n'ai pas (?:accès|d'informations?|assez d'informations?|suffisamment d'informations?|les informations|de données)",
  "voici (?:la |le |une |un |l')?(?:(?:nouvelle|nouveau|proposition de) )?(?:description|texte|traduction|titre)",
  'les faits fournis',
  "n'hésitez pas à me",
  "j'espère que (?:cela|ceci|ça) (?:vous |t')?(?:aide|convient|sera utile)",
  'faites-moi savoir',
  // Spanish
  'como (?:un )?(?:gran )?modelo de (?:lenguaje|idioma)',
  'como (?:una |un )?(?:IA|inteligencia artificial|asistente (?:virtual|de IA)),? (?:no|yo)',
  'lo siento,? (?:pero )?(?:no|yo)',
  'lamentablemente,? no puedo',
  `no (?:puedo|soy capaz de|me es posible) ${ES_TASK}`,
  'no tengo (?:acceso|información|suficiente información|datos|detalles)',
  'aquí (?:está|tienes|tiene|te dejo|le dejo|va) (?:la |el |una |un )?(?:(?:nueva|nuevo|propuesta de) )?(?:descripción|texto|traducción|título)',
  'a continuación,? (?:te |le )?(?:presento|encontrarás|se presenta|tienes) (?:la |el |una |un )?(?:descripción|texto|traducción)',
  'los hechos proporcionados',
  'espero que (?:esto|esta) (?:te |le )?(?:ayude|sirva|sea útil)',
  'no dudes en (?:pedirme|decirme)',
  // Dutch
  'als (?:een )?(?:AI-|KI-)?taalmodel',
  'als (?:een )?(?:AI|KI|kunstmatige intelligentie|AI-assistent),? (?:kan|heb|ben|mag|zal) ik',
  'het spijt me,? (?:maar )?(?:ik|dat)',
  'sorry,? maar ik',
  String.raw`ik kan (?:je |u )?(?:hier |daar |hierbij |daarbij )?(?:helaas )?(?:niet|geen) (?:\p{L}+ ){0,3}?${NL_TASK}`,
  'ik heb geen (?:toegang|informatie|gegevens|details|specifieke)',
  'hier is (?:de |een |het |je |uw )?(?:(?:nieuwe|bijgewerkte|herschreven|aangepaste|vertaalde|verbeterde) )?(?:productbeschrijving|beschrijving|vertaling|tekst|titel)',
  'de (?:verstrekte|aangeleverde|gegeven) feiten',
  'laat (?:het )?me (?:even )?weten',
  'ik hoop dat (?:dit|dat) (?:je |u )?helpt',
  // Portuguese
  'como (?:um )?(?:grande )?modelo de linguagem',
  'como (?:uma |um )?(?:IA|inteligência artificial|assistente (?:virtual|de IA)),? (?:não|eu)',
  '(?:desculpe|lamento|sinto muito),? (?:mas )?(?:não|eu)',
  `não (?:posso|consigo|sou capaz de) ${PT_TASK}`,
  'não tenho (?:acesso|informações|informação|dados|detalhes)',
  'aqui (?:está|estão|tem|tens|vai|segue) (?:a |o |uma |um )?(?:(?:nova|novo|proposta de) )?(?:descrição|texto|tradução|título)',
  'os (?:factos|fatos) fornecidos',
  'espero que (?:isto|isso) (?:ajude|seja útil)',
  'não hesite em (?:me )?(?:pedir|dizer)',
  // Polish
  'jako (?:duży )?model (?:językowy|języka)',
  'jako (?:AI|SI|sztuczna inteligencja|asystent AI|model AI),? nie',
  'przepraszam,? (?:ale )?(?:nie|ja)',
  'niestety,? nie (?:mogę|jestem w stanie)',
  `nie (?:mogę|jestem w stanie) ${PL_TASK}`,
  'nie mam (?:dostępu|informacji|wystarczających|danych|szczegółowych)',
  String.raw`oto (?:\p{L}+ )?(?:opis|tekst|tłumaczenie|tytuł)`,
  '(?:podanych|dostarczonych) faktów',
  'mam nadzieję,? że (?:to|ten|ta) (?:pomoże|się przyda)',
  'daj mi znać',
]);

/** A courtesy word that opens the answer rather than the product text. */
const OPENERS = [
  // Said alone with "!", these only open a chat reply. "Natürlich!" and "Natuurlijk!" are left
  // out: they also mean "natural!", a slogan on organic food.
  openingPhrase([
    String.raw`(?:Certainly|Sure|Certo|Certamente|Gerne?|Selbstverständlich|Bien sûr|Certainement|Avec plaisir|Claro|Por supuesto|Con gusto|Zeker|Uiteraard|Com certeza|Com prazer|Oczywiście|Jasne|Z przyjemnością)\s*!`,
  ]),
  // Followed by the hand-over ("Of course, here is…").
  openingPhrase([
    String.raw`(?:Certainly|Sure|Of course|Absolutely|Okay|OK|Great)\s*[,.!] (?:here|I|let me|below)`,
    String.raw`(?:Certo|Certamente|Senz'altro|Va bene)\s*[,.!] (?:ecco|posso|io)`,
    String.raw`(?:Gerne?|Selbstverständlich|Klar|Sicher|Natürlich)\s*[,.!] (?:hier|ich)`,
    String.raw`(?:Bien sûr|Certainement|Avec plaisir|Absolument)\s*[,.!] (?:voici|je)`,
    String.raw`(?:Claro|Por supuesto|Desde luego|Con gusto)\s*[,.!] (?:aquí|yo|a continuación)`,
    String.raw`(?:Natuurlijk|Zeker|Uiteraard|Graag|Tuurlijk)\s*[,.!] (?:hier|ik)`,
    String.raw`(?:Claro|Com certeza|Certamente|Com prazer)\s*[,.!] (?:aqui|eu|segue)`,
    String.raw`(?:Oczywiście|Jasne|Pewnie|Z przyjemnością)\s*[,.!] (?:oto|ja|poniżej)`,
  ]),
];

/** Text left to be filled in: template slots, dummy text, "TBD", "[insert brand]". */
const PLACEHOLDERS = [
  anyPhrase(['lorem ipsum']),
  // Upper case only: "tba" and "todo" are words in some languages.
  anyPhrase(['TBD', 'TBA', 'TODO', 'FIXME'], { caseSensitive: true }),
  /\{\{?\s*[\p{L}_][\p{L}\p{N}_ .-]{0,40}\}\}?/u,
  /\[\s*(?:insert|add|enter|your|inserire|inserisci|aggiungere|einfügen|hier|insérer|insertar|inserir|invoegen|wstaw|placeholder)(?![\p{L}-])[^\]\n]{0,60}\]/iu,
  /\[[^\]\n]{0,40}(?<![\p{L}])(?:name|nome|nom|nombre|naam|nazwa|brand|marca|marke|marque|merk|marka|produktname|productnaam)(?![\p{L}])[^\]\n]{0,40}\]/iu,
  // "XX mg": a number the model did not have.
  // A one-letter unit needs its space, or the size "xxl" would be one.
  /(?<![\p{L}\p{N}_])[Xx]{2,}(?:\s?(?:mg|kg|ml|cl|cm|mm|mAh|%)|\s(?:g|l|W|V))(?![\p{L}\p{N}_])/u,
];

// A whole field that says there is nothing to say: the field should have been left out.
const EMPTY_WORDS = new RegExp(
  String.raw`^(?:n/a|n\.\s?[ad]\.?|tbd|unknown|not (?:available|specified|applicable|stated|known)|null|undefined|-+|—|–|\?+|` +
    String.raw`non disponibile|non specificato|nicht verfügbar|nicht angegeben|unbekannt|non disponible|non spécifié|inconnu|` +
    String.raw`no disponible|no especificado|desconocido|niet beschikbaar|niet gespecificeerd|onbekend|não disponível|não especificado|desconhecido|` +
    String.raw`niedostępn\p{L}*|brak danych|nieznany)[.!]?$`,
  'iu',
);

// Tags are gone from readable text, so "<insert brand>" is looked for in the text as written.
const TAG_PLACEHOLDER = /<\s*(?:insert|inserire|einfügen|insérer|insertar|inserir|invoegen|wstaw|your|product name|brand)(?![\p{L}])[^<>\n]{0,60}>/iu;

function problemIn(field: string, written: string): RecordProblem | null {
  const text = readableText(written);
  const said = firstMatch(text, [CHAT_TALK, ...OPENERS]);
  if (said !== null) {
    return { field, check: 'refusal', message: `contains the model talking to its reader ("${quote(said)}") instead of product text` };
  }
  if (text.includes('```')) {
    return { field, check: 'refusal', message: 'contains a Markdown code fence (```) instead of plain product text' };
  }
  const slot = firstMatch(text, PLACEHOLDERS) ?? firstMatch(written, [TAG_PLACEHOLDER]) ?? (EMPTY_WORDS.test(text.trim()) ? text.trim() : null);
  if (slot !== null) {
    return { field, check: 'refusal', message: `contains a placeholder ("${quote(slot)}") where product text should be` };
  }
  return null;
}

/** A problem for each field holding a refusal, chat talk or placeholder, in any field of the record. */
export function checkMetaText(record: Partial<CheckedFields>): RecordProblem[] {
  const problems: RecordProblem[] = [];
  for (const [field, written] of textFields(record)) {
    const problem = problemIn(field, written);
    if (problem !== null) problems.push(problem);
  }
  return problems;
}
