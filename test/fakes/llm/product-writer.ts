// A scripted "model" for the fake providers: it reads the blocks Vetrina's prompts carry (task,
// product_data, draft, problems, merchant_requests), works out which step is asking, and answers
// like a careful copywriter would: grounded in the facts, in the target language. Tests wrap it
// to misbehave on cue (a German draft for Italy, an invented number, a refusal …).
import type { FakeLlmReply, FakeLlmRequest, FakeLlmScript } from './fake-llm.ts';

export interface SeenFact {
  id: string;
  key: string;
  value: string;
  language: string | null;
  source: string;
}

export interface Target {
  country: string;
  language: string;
}

export type Step = 'generate' | 'draft' | 'repair' | 'critic' | 'images' | 'regenerate' | 'regenerate_repair';

export interface ParsedCall {
  step: Step;
  targets: Target[];
  facts: SeenFact[];
  notes: string | null;
  /** The draft the model is asked to check or repair; for a regeneration, the current records. */
  draft: unknown;
  problems: Array<{ field: string; problem: string; country?: string }>;
  requests: Array<{ field: string; kind: 'content' | 'instruction' | 'none'; text?: string; fact_id?: string }>;
  fields: string[];
  /** Text of every user message, for assertions on what was sent. */
  userText: string;
  /** Set when the model was shown its own invalid answer and asked again. */
  reAsked: boolean;
  /** The Google categories the product data offers to pick from (`google_category_candidates`), best first. */
  categoryCandidates: Array<{ id: string; path: string }>;
}

const BLOCK = /<(task|product_data|draft|problems|merchant_requests)>\n([\s\S]*?)\n<\/\1>/g;

export function parseCall(request: FakeLlmRequest): ParsedCall {
  const userText = request.messages
    .filter((m) => m.role === 'user')
    .map((m) => m.text)
    .join('\n');
  const blocks = new Map<string, unknown>();
  for (const match of userText.matchAll(BLOCK)) {
    const [, name = '', json = ''] = match;
    blocks.set(name, JSON.parse(json));
  }
  const task = (blocks.get('task') ?? {}) as { targets?: Target[]; fields?: string[] };
  const data = (blocks.get('product_data') ?? {}) as { facts?: SeenFact[]; merchant_notes?: string | null; google_category_candidates?: Array<{ id: string; path: string }> };
  // Without structured output (AGENT_V*_JSON_SCHEMA=off) the schema travels in the instructions.
  const properties = schemaProperties(request.schema ?? schemaInInstructions(request.system));
  const hasProblems = blocks.has('problems');
  let step: Step;
  if (properties.includes('observations')) step = 'images';
  else if (properties.includes('issues')) step = 'critic';
  else if (properties.includes('records') && blocks.has('merchant_requests')) step = hasProblems ? 'regenerate_repair' : 'regenerate';
  else if (properties.includes('records')) step = 'generate';
  else step = hasProblems ? 'repair' : 'draft';
  return {
    step,
    targets: task.targets ?? [],
    facts: data.facts ?? [],
    notes: data.merchant_notes ?? null,
    draft: blocks.get('draft') ?? null,
    problems: (blocks.get('problems') ?? []) as ParsedCall['problems'],
    requests: (blocks.get('merchant_requests') ?? []) as ParsedCall['requests'],
    fields: task.fields ?? [],
    userText,
    reAsked: request.messages.some((m) => m.role === 'assistant'),
    categoryCandidates: data.google_category_candidates ?? [],
  };
}

function schemaInInstructions(system: string): unknown {
  const spelt = /follows this JSON schema:\n(\{.*\})\s*$/s.exec(system);
  return spelt?.[1] === undefined ? null : JSON.parse(spelt[1]);
}

function schemaProperties(schema: unknown): string[] {
  if (typeof schema !== 'object' || schema === null) return [];
  const props = (schema as { properties?: unknown }).properties;
  return typeof props === 'object' && props !== null ? Object.keys(props) : [];
}

/** Sentences with no numbers and plenty of function words, so a language detector is sure. */
const PROSE: Record<string, { intro: (name: string) => string; body: string; short: (name: string) => string }> = {
  it: {
    intro: (name) => `${name} è pensato per chi cerca qualità e praticità ogni giorno.`,
    body: 'La confezione riporta tutte le informazioni utili per scegliere con consapevolezza, e il prodotto si distingue per la cura con cui è stato realizzato.',
    short: (name) => `${name}: qualità e praticità per tutti i giorni.`,
  },
  de: {
    intro: (name) => `${name} ist für alle gedacht, die jeden Tag Wert auf Qualität und einfache Handhabung legen.`,
    body: 'Auf der Verpackung stehen alle wichtigen Angaben, damit Sie eine bewusste Wahl treffen können, und das Produkt zeichnet sich durch sorgfältige Verarbeitung aus.',
    short: (name) => `${name}: Qualität und einfache Handhabung für jeden Tag.`,
  },
  fr: {
    intro: (name) => `${name} est conçu pour ceux qui recherchent la qualité et la simplicité au quotidien.`,
    body: "L'emballage indique toutes les informations utiles pour faire un choix éclairé, et le produit se distingue par le soin apporté à sa fabrication.",
    short: (name) => `${name} : qualité et simplicité au quotidien.`,
  },
  es: {
    intro: (name) => `${name} está pensado para quienes buscan calidad y comodidad todos los días.`,
    body: 'El envase indica toda la información útil para elegir con conciencia, y el producto destaca por el cuidado con el que se ha elaborado.',
    short: (name) => `${name}: calidad y comodidad para todos los días.`,
  },
  en: {
    intro: (name) => `${name} is made for people who want quality and convenience every day.`,
    body: 'The pack gives all the information you need to choose with confidence, and the product stands out for the care that went into making it.',
    short: (name) => `${name}: quality and convenience for every day.`,
  },
};

export function prose(language: string) {
  const found = PROSE[language] ?? PROSE.en;
  if (found === undefined) throw new Error('no English prose');
  return found;
}

const sourced = (text: string, ids: string[]) => ({ text, fact_ids: ids });

/**
 * A complete, grounded record for one target, citing the facts it uses. Its category pick is the
 * first candidate shown, or none: the careful writer trusts the classifier's order.
 */
export function writeRecord(call: Pick<ParsedCall, 'facts'> & Partial<Pick<ParsedCall, 'categoryCandidates'>>, target: Target) {
  const first = (key: string) => call.facts.find((f) => f.key === key);
  const brand = first('brand');
  const name = first('name') ?? first('description');
  const quantity = first('quantity');
  const title = [brand?.value, name?.value, quantity?.value]
    .filter((v) => v !== undefined)
    .join(' ')
    .slice(0, 150);
  const titleIds = [brand, name, quantity].flatMap((f) => (f === undefined ? [] : [f.id]));
  const shown = name?.value ?? 'Product';
  const text = prose(target.language);
  const features = call.facts
    .filter((f) => f.key !== 'image' && f.key !== 'description' && f.key !== 'kind')
    .slice(0, 5)
    .map((f) => sourced(f.value, [f.id]));
  while (features.length < 3 && name !== undefined) features.push(sourced(`${shown}`, [name.id]));
  const attributes = call.facts
    .filter((f) => f.key === 'quantity' || f.key.startsWith('attribute:'))
    .map((f) => ({ name: f.key === 'quantity' ? 'net_quantity' : f.key.slice('attribute:'.length), value: f.value, fact_ids: [f.id] }));
  return {
    country: target.country,
    title: sourced(title, titleIds),
    short_description: sourced(text.short(shown), titleIds),
    description: sourced(`${text.intro(shown)} ${text.body}`, titleIds),
    key_features: features,
    attributes,
    title_tag: sourced(title.slice(0, 60), titleIds),
    meta_description: sourced(text.short(shown).slice(0, 160), titleIds),
    meta_keywords: sourced([brand?.value, shown].filter((v) => v !== undefined).join(', '), titleIds),
    google_category_id: call.categoryCandidates?.[0]?.id ?? null,
  };
}

/** The careful draft for the call's (first) target with some fields replaced: how tests make the model misbehave. */
export function draftWith(call: ParsedCall, patch: Record<string, unknown>): FakeLlmReply {
  return { kind: 'json', value: { ...writeRecord(call, call.targets[0] ?? { country: 'it', language: 'it' }), ...patch } };
}

/** The regenerated fields, for every target: new content used as given, else a fresh text. */
export function regenerateFields(call: ParsedCall) {
  return {
    google_category_id: call.categoryCandidates[0]?.id ?? null,
    records: call.targets.map((target) => {
      const fresh = writeRecord(call, target);
      return {
        country: target.country,
        fields: call.fields.map((field) => {
          const asked = call.requests.find((r) => r.field === field);
          const request = asked?.kind === 'content' ? (asked.text ?? '') : '';
          if (field === 'key_features') {
            return { field, text: '', items: fresh.key_features.map((f) => f.text), fact_ids: fresh.key_features.flatMap((f) => f.fact_ids) };
          }
          const own = field.startsWith('global_attr.') ? undefined : (fresh as unknown as Record<string, { text: string; fact_ids: string[] } | undefined>)[field];
          const text = request !== '' ? `${request} (${target.language})` : (own?.text ?? fresh.title.text);
          return { field, text, items: [], fact_ids: request !== '' ? [`caller.fields.${field}`] : (own?.fact_ids ?? []) };
        }),
      };
    }),
  };
}

/** What a careful model answers at each step. */
export function carefulAnswer(call: ParsedCall): FakeLlmReply {
  switch (call.step) {
    case 'generate':
      return { kind: 'json', value: { records: call.targets.map((t) => writeRecord(call, t)) } };
    case 'draft':
    case 'repair': {
      const target = call.targets[0];
      if (target === undefined) return { kind: 'error', status: 400, message: 'no target' };
      return { kind: 'json', value: writeRecord(call, target) };
    }
    case 'critic':
      return { kind: 'json', value: { issues: [] } };
    case 'images':
      return { kind: 'json', value: { observations: [] } };
    case 'regenerate':
    case 'regenerate_repair':
      return { kind: 'json', value: regenerateFields(call) };
  }
}

/** The careful writer as a script, with a hook to misbehave: return a reply to override. */
export function productWriter(override?: (call: ParsedCall, index: number, request: FakeLlmRequest) => FakeLlmReply | undefined): FakeLlmScript {
  return (request, index) => {
    const call = parseCall(request);
    return override?.(call, index, request) ?? carefulAnswer(call);
  };
}
