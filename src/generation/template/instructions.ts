// A regeneration value is either new content or an instruction. The template engine follows a
// few instructions (shorter, at most N characters, upper/lower/title case, remove a word) in the
// languages it writes; any other instruction is reported as not applied. A value is content unless
// it is clearly an instruction: an imperative first word opens a sentence ("Add the EAN code"),
// not a name ("Keep Cup Original 340 ml", "Use Bio Oil"). A model is given the value with this
// reading and decides itself. Pure.

export type Action = { kind: 'shorter' } | { kind: 'max'; characters: number } | { kind: 'case'; style: 'upper' | 'lower' | 'title' } | { kind: 'remove'; word: string };

export type FieldValue =
  | { type: 'empty' }
  /** `imperativeFirst`: it opens with an imperative verb yet reads as a name, so it was taken as content. */
  | { type: 'content'; text: string; imperativeFirst?: true }
  | { type: 'instruction'; text: string; action: Action | null };

const PLEASE = /^(?:please|pls|per\s+favore|perfavore|bitte|s'il\s+(?:te|vous)\s+pla[iî]t|por\s+favor|alsjeblieft|alstublieft|proszę)[,:]?\s+/iu;
// The same courtesy after the request: "Shorter please", "kürzer, bitte".
const PLEASE_AFTER = /[,\s]+(?:please|pls|per\s+favore|perfavore|bitte|s'il\s+(?:te|vous)\s+pla[iî]t|por\s+favor|alsjeblieft|alstublieft|proszę)$/iu;
const SHORTER =
  /^(?:(?:make\s+(?:it|this|the\s+\w+)\s+)?shorter|shorten(?:\s+it)?|(?:rendi(?:lo|la)?\s+)?più\s+(?:breve|corto|corta|sintetico|sintetica)|accorcia(?:lo|la)?|(?:mach(?:e)?\s+(?:es|ihn|sie|den\s+\w+)?\s*)?kürzer|kürzen|kürze(?:\s+(?:es|ihn|sie))?|(?:rends?(?:-le|-la)?\s+)?plus\s+court(?:e)?|raccourcis(?:-le|-la)?|(?:hazlo\s+|hazla\s+)?más\s+cort[oa]|acórtalo|acorta(?:lo|la)?|(?:maak\s+(?:het\s+)?)?korter|verkort|(?:torna(?:-o|-a)?\s+)?mais\s+curt[oa]|encurta(?:r)?|krócej|skróć|krótsz[ya])$/iu;
const MAX =
  /^(?:(?:make\s+it\s+|keep\s+it\s+|use\s+)?(?:max(?:imum)?|at\s+most|up\s+to|no\s+more\s+than|massimo|al\s+massimo|non\s+più\s+di|höchstens|maximal|au\s+plus|pas\s+plus\s+de|máximo|como\s+máximo|hoogstens|maximaal|no\s+máximo|maksymalnie)\.?\s*(\d{1,4})\s*(?:characters?|chars?|caratteri|zeichen|caractères|caracteres|tekens|znaków)?|(\d{1,4})\s*(?:characters?|chars?|caratteri|zeichen|caractères|caracteres|tekens|znaków)\s*(?:max(?:imum)?|massimo|maximal|maximum|máximo|maks\.?)?)$/iu;
const UPPER =
  /^(?:(?:make\s+it\s+|write\s+it\s+in\s+|use\s+)?(?:upper\s*case|all\s+caps|capitals|capital\s+letters)|(?:in\s+|tutto\s+)?maiuscol[oae]|(?:in\s+)?großbuchstaben|(?:en\s+)?majuscules?|(?:en\s+)?mayúsculas|(?:in\s+)?hoofdletters|(?:em\s+)?maiúsculas|wielkimi\s+literami|wielkie\s+litery)$/iu;
const LOWER =
  /^(?:(?:make\s+it\s+|write\s+it\s+in\s+|use\s+)?lower\s*case|(?:in\s+|tutto\s+)?minuscol[oae]|(?:in\s+)?kleinbuchstaben|(?:en\s+)?minuscules?|(?:en\s+)?minúsculas|(?:in\s+)?kleine\s+letters|małymi\s+literami|małe\s+litery)$/iu;
const TITLE_CASE = /^(?:(?:make\s+it\s+|use\s+)?title\s*case|capitali[sz]e\s+(?:each|every)\s+word|iniziali\s+maiuscole|(?:ogni\s+parola\s+)?con\s+l'iniziale\s+maiuscola)$/iu;
const REMOVE =
  /^(?:remove|delete|drop|rimuovi|togli|elimina|cancella|entferne|lösche|streiche|supprime|enlève|retire|quita|borra|verwijder|schrap|retira|apaga|usuń|wykreśl)\s+(?:the\s+word\s+|la\s+parola\s+|das\s+wort\s+|le\s+mot\s+|la\s+palabra\s+|het\s+woord\s+|a\s+palavra\s+|słowo\s+)?["'“«‘]?(.+?)["'”»’]?$/iu;

// First words that make a value an instruction, though not one the template engine can follow.
const IMPERATIVES = new Set(
  `make write rewrite add mention include use avoid keep change translate put focus emphasise emphasize highlight describe explain improve say list
  rendi scrivi riscrivi aggiungi menziona includi usa evita mantieni cambia traduci metti concentrati evidenzia descrivi spiega migliora elenca
  mach mache schreibe schreib füge erwähne nenne verwende benutze vermeide behalte ändere übersetze betone beschreibe verbessere
  rends écris réécris ajoute mentionne inclus utilise évite garde change traduis mets souligne décris améliore
  haz escribe reescribe añade agrega menciona incluye usa evita mantén cambia traduce pon destaca describe mejora
  maak schrijf herschrijf voeg vermeld noem gebruik vermijd houd verander vertaal zet benadruk beschrijf verbeter
  torna escreve reescreve adiciona acrescenta menciona inclui usa evita mantém muda traduz põe destaca descreve melhora
  zrób napisz przepisz dodaj wspomnij uwzględnij użyj unikaj zachowaj zmień przetłumacz podkreśl opisz popraw
  shorten remove delete drop replace fix correct rephrase summarise summarize expand
  accorcia rimuovi togli elimina cancella sostituisci correggi riassumi
  kürze entferne lösche streiche ersetze korrigiere
  raccourcis supprime enlève retire remplace corrige résume
  acorta quita borra elimina reemplaza sustituye corrige resume
  verkort verwijder schrap vervang corrigeer
  encurta remove apaga retira substitui corrige resume
  skróć usuń wykreśl zamień`.split(/\s+/),
);

/** Reads one regeneration value. */
export function classifyValue(raw: string): FieldValue {
  const text = raw.trim().replace(/\s+/g, ' ');
  if (text === '') return { type: 'empty' };
  const unpunctuated = text.replace(/[.!]+$/, '');
  const polite = PLEASE.test(text) || PLEASE_AFTER.test(unpunctuated);
  const bare = unpunctuated.replace(PLEASE, '').replace(PLEASE_AFTER, '').trim();
  if (SHORTER.test(bare)) return { type: 'instruction', text, action: { kind: 'shorter' } };
  const max = MAX.exec(bare);
  const characters = Number(max?.[1] ?? max?.[2]);
  if (max !== null && characters > 0) return { type: 'instruction', text, action: { kind: 'max', characters } };
  if (UPPER.test(bare)) return { type: 'instruction', text, action: { kind: 'case', style: 'upper' } };
  if (LOWER.test(bare)) return { type: 'instruction', text, action: { kind: 'case', style: 'lower' } };
  if (TITLE_CASE.test(bare)) return { type: 'instruction', text, action: { kind: 'case', style: 'title' } };
  const remove = REMOVE.exec(bare);
  if (remove?.[1] !== undefined && remove[1].split(/\s+/).length <= 3) return { type: 'instruction', text, action: { kind: 'remove', word: remove[1] } };
  const first = bare.split(/[\s,:]+/)[0]?.toLowerCase() ?? '';
  // Italian negative imperative: "non" + infinitive ("non usare …").
  const negative = /^(?:(?:non|no)\s+\p{L}+(?:are|ere|ire)|(?:do\s+not|don't|never)\s+\p{L}+|ne\s+\p{L}+\s+pas)(?![\p{L}])/iu.test(bare);
  if (negative || polite) return { type: 'instruction', text, action: null };
  if (IMPERATIVES.has(first)) return readsAsName(bare) ? { type: 'content', text: raw, imperativeFirst: true } : { type: 'instruction', text, action: null };
  return { type: 'content', text: raw };
}

/**
 * Whether the words after an imperative-looking first word are a name: each word with letters
 * capitalised (a unit after a number aside: "340 ml"), and a number or at least two such words.
 * "Keep Cup Original 340 ml" and "Use Bio Oil" are names; "Add the EAN code", "Erwähne die
 * Garantie" and "Mention Bluetooth" are instructions.
 */
function readsAsName(text: string): boolean {
  const rest = text.split(/\s+/).slice(1);
  let capitalised = 0;
  let number = false;
  for (const [i, word] of rest.entries()) {
    if (/\d/u.test(word)) {
      number = true;
      continue;
    }
    if (!/\p{L}/u.test(word) || (i > 0 && /\d/u.test(rest[i - 1] ?? '') && word.length <= 3)) continue;
    if (!/^\p{Lu}/u.test(word)) return false;
    capitalised += 1;
  }
  return number || capitalised >= 2;
}
