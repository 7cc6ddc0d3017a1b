import { loadSchema } from '../db/attributes.ts';
import type { SqlRunner } from '../db/database.ts';
import type { ProductRow } from '../db/products.ts';
import { disabledAttributeIds, keepDisabledAsBefore, withoutDisabled } from '../domain/attributes/disabled-values.ts';
import { checkWrittenValue, fillOne } from '../domain/attributes/fill-from-facts.ts';
import { catalogueFamily, proposeFamily } from '../domain/attributes/propose-family.ts';
import { type AttributeDef, type AttributeSchema, attributesInScope, hasSchema } from '../domain/attributes/schema.ts';
import type { CountryContent } from '../domain/content.ts';
import type { Fact } from '../domain/facts.ts';
import type { FieldRequest } from '../domain/regenerate-fields.ts';
import { validationIssue } from '../domain/validation-issue.ts';

/** A caller's new content for `global_attr.<id>`, which an engine cites as `caller.fields.global_attr.<id>`. */
function callerFacts(record: CountryContent, facts: readonly Fact[], attributes: readonly AttributeDef[]): Fact[] {
  const known = new Set(facts.map((f) => f.id));
  const extra: Fact[] = [];
  for (const attribute of attributes) {
    const id = `caller.fields.global_attr.${attribute.attribute_id}`;
    const value = record.global_attr[attribute.attribute_id];
    if (known.has(id) || value === undefined || !(record.sources[`global_attr.${attribute.attribute_id}`] ?? []).includes(id)) continue;
    extra.push({ id, key: 'attribute', attribute: attribute.attribute_id, value, language: null, source: 'caller', licence: null, fetchedAt: new Date().toISOString() });
  }
  return extra;
}

/**
 * One attribute of one record: the engine's value when a fact it cites states it, else the value
 * the facts state, else empty. Says why an engine's value was not kept.
 */
function settle(record: CountryContent, attribute: AttributeDef, facts: readonly Fact[], inScope: readonly AttributeDef[]): void {
  const key = attribute.attribute_id;
  const field = `global_attr.${key}`;
  const written = record.global_attr[key];
  const cited = (record.sources[field] ?? []).flatMap((id) => facts.filter((f) => f.id === id));
  const kept = written === undefined ? undefined : checkWrittenValue(attribute, written, cited);
  const filled = kept ?? fillOne(attribute, facts, inScope);
  if (written !== undefined && kept === undefined) {
    const outcome = filled === undefined ? 'left empty' : 'filled from the facts instead';
    record.validation_issues.push(
      validationIssue(field, 'attribute_value', `${field}: "${written.slice(0, 80)}" is not a value of the schema that a cited fact states; ${outcome}.`),
    );
  }
  if (filled === undefined) {
    delete record.global_attr[key];
    delete record.sources[field];
  } else {
    record.global_attr[key] = filled.value;
    record.sources[field] = filled.factIds;
  }
}

/** The attributes a generation settles: all in scope, or only those a regeneration names. */
function targets(inScope: readonly AttributeDef[], fields: readonly FieldRequest[] | null): AttributeDef[] {
  if (fields === null) return [...inScope];
  const named = new Set(fields.flatMap((f) => (f.kind === 'attribute' ? [f.attribute] : [])));
  return inScope.filter((a) => named.has(a.attribute_id));
}

export function shapeRecords(
  schema: AttributeSchema,
  familyId: string | null,
  records: readonly CountryContent[],
  facts: readonly Fact[],
  fields: readonly FieldRequest[] | null,
  previous: readonly CountryContent[],
): CountryContent[] {
  const inScope = attributesInScope(schema, familyId);
  const schemaKeys = new Set(schema.attributes.map((a) => a.attribute_id));
  const disabled = disabledAttributeIds(schema);
  return records.map((original) => {
    const record = structuredClone(original);
    const allFacts = [...facts, ...callerFacts(record, facts, inScope)];
    if (fields === null) {
      // Once an account has attributes, global_attr keys are its attribute_ids: the engine's own go.
      for (const key of Object.keys(record.global_attr)) {
        if (schemaKeys.has(key)) continue;
        delete record.global_attr[key];
        delete record.sources[`global_attr.${key}`];
      }
    }
    for (const attribute of targets(inScope, fields)) settle(record, attribute, allFacts, inScope);
    // Whatever an engine wrote for a disabled attribute ("Materiale: metallo") goes; the value the
    // record held stays, out of sight until the attribute is enabled again.
    keepDisabledAsBefore(
      disabled,
      record,
      previous.find((p) => p.country === record.country),
    );
    return record;
  });
}

/** What a generation works to: the schema, the product's family (or the one proposed) and the attributes in scope. */
export interface AttributePlan {
  schema: AttributeSchema;
  familyId: string | null;
  /** A family to record on the product: one the catalogue names, or one proposed from the facts. */
  newFamily: { id: string; proposed: boolean } | null;
  inScope: AttributeDef[];
}

/**
 * Read before the engine writes, so the engine is given the attributes to fill; null for an
 * account without attributes, whose records then stay exactly as its engine writes them.
 */
export async function planAttributes(db: SqlRunner, product: ProductRow, facts: readonly Fact[]): Promise<AttributePlan | null> {
  return planAttributesWith(await loadSchema(db, product.account_id), product, facts);
}

/** planAttributes with the account's schema already read (a batch reads it once per account). */
export function planAttributesWith(schema: AttributeSchema, product: ProductRow, facts: readonly Fact[]): AttributePlan | null {
  if (!hasSchema(schema)) return null;
  // The shop's catalogue column is the shop's word: it replaces a proposal, never a person's choice.
  const listed = product.family_id === null || product.family_proposed ? catalogueFamily(schema, facts) : undefined;
  const proposal = listed === undefined && product.family_id === null ? proposeFamily(schema, facts) : undefined;
  const newFamily = listed !== undefined ? { id: listed.familyId, proposed: false } : proposal !== undefined ? { id: proposal.familyId, proposed: true } : null;
  const familyId = newFamily?.id ?? product.family_id;
  return { schema, familyId, newFamily, inScope: attributesInScope(schema, familyId) };
}

/** The records an engine rewrites, as it is shown them: a disabled attribute's kept values are not for it to read or repeat. */
export function recordsForEngine(plan: AttributePlan | null, existing: readonly CountryContent[]): readonly CountryContent[] {
  return plan === null ? existing : existing.map((record) => withoutDisabled(plan.schema, record));
}

/**
 * Puts a generation's records in the account's schema: every enabled attribute of the product's
 * scope filled from the facts or left empty, every disabled one as `previous` (the records being
 * replaced) held it, nothing outside the schema.
 */
export function fillAttributes(
  plan: AttributePlan | null,
  records: CountryContent[],
  facts: readonly Fact[],
  fields: readonly FieldRequest[] | null,
  previous: readonly CountryContent[],
): CountryContent[] {
  return plan === null ? records : shapeRecords(plan.schema, plan.familyId, records, facts, fields, previous);
}
