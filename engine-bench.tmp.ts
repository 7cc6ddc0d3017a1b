import { createTemplateEngine } from '/work/wt/pipeline/src/generation/template/engine.ts';
import { cleanFacts } from '/work/wt/pipeline/src/generation/plain-facts.ts';
import { tagFactLanguages } from '/work/wt/pipeline/src/generation/fact-languages.ts';
import { codes, factsFor } from '/work/wt/pipeline/bench/pipeline-products.ts';
const engine = createTemplateEngine();
const all = codes(2000);
const inputs = [];
for (let i = 0; i < all.length; i++) {
  const facts = await tagFactLanguages(cleanFacts(factsFor(all[i]!, i, new Date().toISOString())).facts);
  inputs.push({ generationId: 'g', product: { id: 'p', code: all[i]!, codeType: 'ean', sku: null, productHandle: null, title: null, brand: null, description: null, images: [] }, facts, notes: null, agentModel: 'v1', targets: [{ country: 'it', language: 'it' }, { country: 'de', language: 'de' }], fields: null, existing: [] });
}
for (let round = 0; round < 3; round++) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  for (const input of inputs) await engine.generate(input as never);
  const c = process.cpuUsage(c0);
  console.log(`round ${round}: ${((performance.now() - t0) / inputs.length).toFixed(3)} ms wall, ${((c.user + c.system) / 1000 / inputs.length).toFixed(3)} ms cpu per product`);
}
