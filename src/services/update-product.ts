import { findAccountById } from '../db/accounts.ts';
import { insertHistory } from '../db/content-history.ts';
import { listContent, upsertContent } from '../db/content.ts';
import type { Database } from '../db/database.ts';
import { loadSchema } from '../db/attributes.ts';
import { lockProduct, setProductBrand, setProductCategories, setProductFamily, touchProduct } from '../db/products.ts';
import { clearCategoryRemovedIssues, customCategoryExists } from '../db/custom-categories.ts';
import type { SqlRunner } from '../db/database.ts';
import { googleTaxonomy } from '../reference-data/google-taxonomy-files.ts';
import { conformValue } from '../domain/attributes/conform-value.ts';
import { disabledMessage } from '../domain/attributes/disabled-values.ts';
import { type AttributeSchema, findAttribute, findFamily, hasSchema } from '../domain/attributes/schema.ts';
import { addError, type FieldErrors } from '../domain/validation.ts';
import { type CountryContent, emptyContent } from '../domain/content.ts';
import { changedFields } from '../domain/content-changes.ts';
import { languageOf, normaliseCountry } from '../domain/countries.ts';
import { findOwnProduct, refForMessage } from './find-own-product.ts';
import { type ProductView, readProduct } from './read-product.ts';

type PlainField = 'title' | 'short_description' | 'description' | 'title_tag' | 'meta_description' | 'meta_keywords';

/** A person's edit of one country's record: only the fields given change. Values are already checked (plain text, lengths). */
export interface ManualEdit {
  ref: string;
  country: string;
  text: Partial<Record<PlainField, string>>;
  keyFeatures?: string[];
  productHandle?: string;
  /** The product's brand, in every country (null: none); kept by later generations. */
  brand?: string | null;
  /** A null value removes the attribute. */
  attributes?: Record<string, string | null>;
  /** A family's `_id` or family_id, null for none: a person's choice, confirming any proposal. */
  family?: string | null;
  /** A Google category by path (any shipped language) or by id; null for none. Kept by later generations. */
  categoryPath?: string | null;
  googleCategoryId?: string | null;
  /** An id of the account's own tree, null for none: a person's choice, confirming any proposal. */
  categoryId?: string | null;
  tags?: string[];
}

export type UpdateOutcome =
  | { kind: 'updated'; product: ProductView; fields: string[] }
  | { kind: 'product_not_found'; message: string }
  | { kind: 'product_busy'; message: string }
  | { kind: 'validation_failed'; errors: FieldErrors };

function applyEdit(current: CountryContent, edit: ManualEdit): CountryContent {
  const next = structuredClone(current);
  for (const [field, value] of Object.entries(edit.text)) if (value !== undefined) next[field as PlainField] = value;
  if (edit.keyFeatures !== undefined) next.key_features = edit.keyFeatures;
  for (const [name, value] of Object.entries(edit.attributes ?? {})) {
    if (value === null) delete next.global_attr[name];
    else next.global_attr[name] = value;
  }
  return next;
}

/**
 * Once an account has attributes, `global_attr` keys are its attribute_ids and values take the
 * attribute's stored form ("giallo" → "Yellow", "1,2 kg" → "1200" for grams); a family is named
 * by `_id` or family_id. Returns the edit with values in stored form and the family's `_id`.
 */
function checkAgainstSchema(
  schema: AttributeSchema,
  edit: ManualEdit,
): { kind: 'checked'; edit: ManualEdit; familyId?: string | null; schemaAttributes: boolean } | { kind: 'validation_failed'; errors: FieldErrors } {
  const errors: FieldErrors = {};
  let familyId: string | null | undefined;
  if (edit.family === null) familyId = null;
  else if (edit.family !== undefined && !hasSchema(schema)) {
    // Families take effect with attributes (the schema is read without them until then).
    addError(errors, 'family', 'A family applies once the account has attributes; define them first (POST /api/v1/attributes/create).');
  } else if (edit.family !== undefined) {
    familyId = findFamily(schema, edit.family)?.id;
    if (familyId === undefined) addError(errors, 'family', `No family "${edit.family.slice(0, 80)}" in this account; see GET /api/v1/families.`);
  }
  if (edit.attributes === undefined || !hasSchema(schema)) {
    return Object.keys(errors).length > 0
      ? { kind: 'validation_failed', errors }
      : { kind: 'checked', edit, schemaAttributes: false, ...(familyId === undefined ? {} : { familyId }) };
  }
  const attributes: Record<string, string | null> = {};
  for (const [key, value] of Object.entries(edit.attributes)) {
    const attribute = findAttribute(schema, key);
    if (attribute === undefined || attribute.attribute_id !== key) {
      addError(errors, `global_attr.${key}`, `No attribute "${key}" in this account's schema; see GET /api/v1/attributes.`);
      continue;
    }
    const disabled = disabledMessage(schema, key);
    if (disabled !== undefined) {
      addError(errors, `global_attr.${key}`, disabled);
      continue;
    }
    if (value === null) {
      attributes[key] = null;
      continue;
    }
    const conformed = conformValue(attribute, value, true);
    if (conformed.ok) attributes[key] = conformed.value;
    else addError(errors, `global_attr.${key}`, conformed.message);
  }
  if (Object.keys(errors).length > 0) return { kind: 'validation_failed', errors };
  return { kind: 'checked', edit: { ...edit, attributes }, schemaAttributes: true, ...(familyId === undefined ? {} : { familyId }) };
}

type CategorySet = { googleCategoryId?: string | null; categoryId?: string | null; tags?: string[] };

/** The Google category a path or an id names, the account's own category and the tags, each checked. */
async function checkCategories(
  db: SqlRunner,
  accountId: string,
  edit: ManualEdit,
): Promise<{ kind: 'checked'; set: CategorySet } | { kind: 'validation_failed'; errors: FieldErrors }> {
  const errors: FieldErrors = {};
  const set: CategorySet = {};
  const taxonomy = googleTaxonomy();
  let fromPath: string | null | undefined;
  if (edit.categoryPath === null) fromPath = null;
  else if (edit.categoryPath !== undefined) {
    fromPath = taxonomy.idOfPath(edit.categoryPath);
    if (fromPath === undefined)
      addError(
        errors,
        'category',
        `No category "${edit.categoryPath.slice(0, 120)}" in Google's product taxonomy; send its full path joined with " > " ("Home & Garden > Lighting").`,
      );
  }
  let fromId: string | null | undefined;
  if (edit.googleCategoryId === null) fromId = null;
  else if (edit.googleCategoryId !== undefined) {
    fromId = taxonomy.get(edit.googleCategoryId.trim())?.id;
    if (fromId === undefined) addError(errors, 'google_category_id', `No category with id "${edit.googleCategoryId.slice(0, 16)}" in Google's product taxonomy.`);
  }
  if (fromPath !== undefined && fromId !== undefined && fromPath !== fromId)
    addError(errors, 'category', 'The category and google_category_id name different categories; send one of them.');
  const google = fromId ?? fromPath;
  if (google !== undefined) set.googleCategoryId = google;
  if (edit.categoryId === null) set.categoryId = null;
  else if (edit.categoryId !== undefined) {
    if (await customCategoryExists(db, accountId, edit.categoryId)) set.categoryId = edit.categoryId;
    else addError(errors, 'category_id', `No category "${edit.categoryId.slice(0, 128)}" in this account's category tree; see GET /api/v1/custom-category.`);
  }
  if (edit.tags !== undefined) set.tags = edit.tags;
  return Object.keys(errors).length > 0 ? { kind: 'validation_failed', errors } : { kind: 'checked', set };
}

/**
 * Changes fields of one country's record (and the product's handle and brand) by hand: free, kept
 * in the history as a `manual` change (so restore undoes it), and refused while a generation is
 * queued or running, which would overwrite it. The publication state stays as it is: the person
 * editing is the reviewer.
 */
export async function updateProduct(db: Database, accountId: string, request: ManualEdit): Promise<UpdateOutcome> {
  let edit = request;
  const found = await findOwnProduct(db, accountId, edit.ref);
  const notFound = { kind: 'product_not_found', message: `No product matches "${refForMessage(edit.ref)}".` } as const;
  if (found === undefined) return notFound;
  const normalised = normaliseCountry(edit.country);
  if (!normalised.ok || !found.countries.includes(normalised.country)) {
    return { kind: 'product_not_found', message: `Product ${found.id} has no content for country "${edit.country}"; it has ${found.countries.join(', ')}.` };
  }
  const country = normalised.country;
  const checked = checkAgainstSchema(await loadSchema(db, accountId), edit);
  const categories = await checkCategories(db, accountId, edit);
  if (checked.kind === 'validation_failed' || categories.kind === 'validation_failed') {
    return {
      kind: 'validation_failed',
      errors: { ...(checked.kind === 'validation_failed' ? checked.errors : {}), ...(categories.kind === 'validation_failed' ? categories.errors : {}) },
    };
  }
  edit = checked.edit;

  const written = await db.transaction(async (tx): Promise<UpdateOutcome | { kind: 'written'; fields: string[] }> => {
    const product = await lockProduct(tx, found.id);
    if (product === undefined) return notFound;
    if (product.state === 'queued' || product.state === 'processing') {
      return { kind: 'product_busy', message: `Product ${product.id} is ${product.state}; update it once its generation has finished.` };
    }
    // Checked again before anything is written: a tree replaced since the first check has no such id.
    const ownId = categories.set.categoryId;
    if (typeof ownId === 'string' && !(await customCategoryExists(tx, accountId, ownId, true))) {
      return { kind: 'validation_failed', errors: { category_id: [`No category "${ownId.slice(0, 128)}" in this account's category tree; see GET /api/v1/custom-category.`] } };
    }
    const stored = (await listContent(tx, product.id)).find((c) => c.country === country);
    // A product whose generation failed has no record yet: the edit starts one.
    const generationId = stored?.generation_id ?? product.latest_generation_id;
    if (generationId === null) throw new Error(`product ${product.id} has neither content nor a generation`);
    const current = stored ?? emptyContent(country, languageOf(country, (await findAccountById(tx, accountId))?.country_languages));
    const next = applyEdit(current, edit);
    // With a schema every value cites the fact that states it: a person's value states itself, so
    // the fact cited for the value it replaces no longer applies.
    if (checked.schemaAttributes) {
      for (const name of Object.keys(edit.attributes ?? {})) if (next.global_attr[name] !== current.global_attr[name]) delete next.sources[`global_attr.${name}`];
    }
    const change = changedFields(current, next) ?? { before: {}, after: {} };
    const handle = edit.productHandle ?? product.product_handle;
    if (handle !== product.product_handle) {
      change.before.product_handle = product.product_handle;
      change.after.product_handle = handle;
    }
    // The brand belongs to the product, like the handle: recorded with this country's change, so restore undoes it.
    const brandChanged = edit.brand !== undefined && edit.brand !== product.brand;
    if (brandChanged) {
      change.before.brand = product.brand;
      change.after.brand = edit.brand ?? null;
      await setProductBrand(tx, product.id, edit.brand ?? null, 'person');
    }
    const fields = Object.keys(change.before);
    if (checked.familyId !== undefined && (checked.familyId !== product.family_id || product.family_proposed)) {
      await setProductFamily(tx, product.id, checked.familyId);
      fields.push('family');
    }
    const set = categories.set;
    const categoryChanges = {
      ...(set.googleCategoryId !== undefined && (set.googleCategoryId !== product.google_category_id || product.google_category_by !== 'merchant')
        ? { googleCategoryId: set.googleCategoryId }
        : {}),
      ...(set.categoryId !== undefined && (set.categoryId !== product.category_id || product.category_id_proposed) ? { categoryId: set.categoryId } : {}),
      ...(set.tags !== undefined && set.tags.join('\n') !== product.tags.join('\n') ? { tags: set.tags } : {}),
    };
    await setProductCategories(tx, product.id, categoryChanges);
    if (categoryChanges.categoryId !== undefined) await clearCategoryRemovedIssues(tx, product.id);
    if (categoryChanges.googleCategoryId !== undefined) fields.push('google_category_id');
    if (categoryChanges.categoryId !== undefined) fields.push('category_id');
    if (categoryChanges.tags !== undefined) fields.push('tags');
    if (Object.keys(change.before).length > 0) {
      await insertHistory(tx, product.id, null, [{ country, change: 'manual', ...change }]);
      await upsertContent(tx, product.id, generationId, [next]);
      await touchProduct(tx, product.id, handle);
    }
    return { kind: 'written', fields };
  });
  if (written.kind !== 'written') return written;

  const read = await readProduct(db, accountId, found.id, country);
  // Deleted, or requeued, between the edit and this read: the edit stands, the answer says what is there now.
  if (read.kind === 'product_not_found') return read;
  if (read.kind === 'pending') return { kind: 'product_busy', message: `Product ${found.id} was queued again right after the update.` };
  return { kind: 'updated', product: read.product, fields: written.fields };
}
