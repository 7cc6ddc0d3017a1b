import type { AttributeDef, AttributeFields, AttributeSchema, FamilyDef } from '../domain/attributes/schema.ts';
import type { SqlRunner } from './database.ts';
import { firstRow } from './rows.ts';

export interface AttributeRow extends AttributeDef {
  created_at: Date;
  updated_at: Date;
}

export type { AttributeFields };

export interface FamilyRow extends FamilyDef {
  created_at: Date;
  updated_at: Date;
}

const ATTRIBUTE_COLUMNS = `a.id, a.attribute_id, a.name, a.type, a.scope, a.is_enabled, a.is_essential, a.description, a.unit, a.options,
  COALESCE((SELECT array_agg(fa.family_id::text ORDER BY f.created_at, f.id) FROM family_attributes fa JOIN families f ON f.id = fa.family_id
    WHERE fa.attribute_id = a.id), '{}') AS family_ids, a.created_at, a.updated_at`;

const FAMILY_COLUMNS = `f.id, f.family_id, f.name, f.description,
  COALESCE((SELECT array_agg(fa.attribute_id::text ORDER BY a.created_at, a.id) FROM family_attributes fa JOIN attributes a ON a.id = fa.attribute_id
    WHERE fa.family_id = f.id), '{}') AS attribute_ids, f.created_at, f.updated_at`;

/** An account's attributes in the order they were defined. */
export async function listAttributes(db: SqlRunner, accountId: string): Promise<AttributeRow[]> {
  return db.query<AttributeRow>(`SELECT ${ATTRIBUTE_COLUMNS} FROM attributes a WHERE a.account_id = $1 ORDER BY a.created_at, a.id`, [accountId]);
}

export async function listFamilies(db: SqlRunner, accountId: string): Promise<FamilyRow[]> {
  return db.query<FamilyRow>(`SELECT ${FAMILY_COLUMNS} FROM families f WHERE f.account_id = $1 ORDER BY f.created_at, f.id`, [accountId]);
}

/** The whole schema generation and the product reads work from. */
export async function loadSchema(db: SqlRunner, accountId: string): Promise<AttributeSchema> {
  const attributes = await listAttributes(db, accountId);
  // Without attributes, families fill nothing: one statement for every account that has none.
  if (attributes.length === 0) return { attributes, families: [] };
  return { attributes, families: await listFamilies(db, accountId) };
}

/** Returns undefined when the account already has an attribute of that attribute_id (the unique index). */
export async function insertAttribute(db: SqlRunner, accountId: string, fields: AttributeFields): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO attributes (account_id, attribute_id, name, type, scope, is_enabled, is_essential, description, unit, options)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (account_id, attribute_id) DO NOTHING RETURNING id`,
    [
      accountId,
      fields.attribute_id,
      fields.name,
      fields.type,
      fields.scope,
      fields.is_enabled,
      fields.is_essential,
      fields.description,
      fields.unit,
      JSON.stringify(fields.options),
    ],
  );
  return rows[0]?.id;
}

/** Returns false when another attribute of the account already has the new attribute_id. */
export async function updateAttribute(db: SqlRunner, id: string, fields: AttributeFields): Promise<boolean> {
  const rows = await db.query(
    `UPDATE attributes SET attribute_id = $2, name = $3, type = $4, scope = $5, is_enabled = $6, is_essential = $7, description = $8,
       unit = $9, options = $10, updated_at = now()
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM attributes o WHERE o.account_id = attributes.account_id AND o.attribute_id = $2 AND o.id <> $1)
     RETURNING id`,
    [id, fields.attribute_id, fields.name, fields.type, fields.scope, fields.is_enabled, fields.is_essential, fields.description, fields.unit, JSON.stringify(fields.options)],
  );
  return rows.length > 0;
}

/** Locks the attribute row for a change: two concurrent option edits must not both read the old list. */
export async function lockAttribute(db: SqlRunner, accountId: string, id: string): Promise<void> {
  await db.query('SELECT id FROM attributes WHERE account_id = $1 AND id = $2 FOR UPDATE', [accountId, id]);
}

/** Deletes a non-essential attribute; the guard is in the statement, so a concurrent edit to essential wins. */
export async function deleteAttribute(db: SqlRunner, id: string): Promise<boolean> {
  const rows = await db.query('DELETE FROM attributes WHERE id = $1 AND NOT is_essential RETURNING id', [id]);
  return rows.length > 0;
}

/** Removes an attribute's values, and their sources, from every record of the account's products. */
export async function removeAttributeValues(db: SqlRunner, accountId: string, attributeId: string): Promise<number> {
  const rows = await db.query(
    `UPDATE product_content c SET global_attr = c.global_attr - $2::text, sources = c.sources - ('global_attr.' || $2::text), updated_at = now()
     FROM products p WHERE p.id = c.product_id AND p.account_id = $1 AND c.global_attr ? $2::text RETURNING c.product_id`,
    [accountId, attributeId],
  );
  return rows.length;
}

/**
 * Rewrites one option's value in every record of the account's products: renamed, or removed
 * (`to` null), also as one part of a multi-select's "A | B". A record left with no value loses
 * the attribute and its sources.
 */
export async function rewriteAttributeValue(db: SqlRunner, accountId: string, attributeId: string, from: string, to: string | null): Promise<void> {
  const next = `array_to_string(array_replace(string_to_array(c.global_attr ->> $2::text, ' | '), $3::text, $4::text), ' | ')`;
  await db.query(
    `UPDATE product_content c SET
       global_attr = CASE WHEN coalesce(${next}, '') = '' THEN c.global_attr - $2::text ELSE jsonb_set(c.global_attr, ARRAY[$2::text], to_jsonb(${next})) END,
       sources = CASE WHEN coalesce(${next}, '') = '' THEN c.sources - ('global_attr.' || $2::text) ELSE c.sources END,
       updated_at = now()
     FROM products p
     WHERE p.id = c.product_id AND p.account_id = $1 AND $3::text = ANY (string_to_array(c.global_attr ->> $2::text, ' | '))`,
    [accountId, attributeId, from, to],
  );
}

/** Moves an attribute's values, and their sources, to its new attribute_id in every record of the account. */
export async function renameAttributeKey(db: SqlRunner, accountId: string, from: string, to: string): Promise<void> {
  await db.query(
    `UPDATE product_content c SET
       global_attr = (c.global_attr - $2::text) || jsonb_build_object($3::text, c.global_attr -> $2::text),
       sources = CASE WHEN c.sources ? ('global_attr.' || $2::text)
         THEN (c.sources - ('global_attr.' || $2::text)) || jsonb_build_object('global_attr.' || $3::text, c.sources -> ('global_attr.' || $2::text))
         ELSE c.sources END,
       updated_at = now()
     FROM products p WHERE p.id = c.product_id AND p.account_id = $1 AND c.global_attr ? $2::text`,
    [accountId, from, to],
  );
}

export async function setAttributeFamilies(db: SqlRunner, attributeUuid: string, familyUuids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM family_attributes WHERE attribute_id = $1 AND NOT (family_id = ANY($2::uuid[]))', [attributeUuid, familyUuids]);
  await db.query('INSERT INTO family_attributes (family_id, attribute_id) SELECT unnest($2::uuid[]), $1 ON CONFLICT DO NOTHING', [attributeUuid, familyUuids]);
}

export async function setFamilyAttributes(db: SqlRunner, familyUuid: string, attributeUuids: readonly string[]): Promise<void> {
  await db.query('DELETE FROM family_attributes WHERE family_id = $1 AND NOT (attribute_id = ANY($2::uuid[]))', [familyUuid, attributeUuids]);
  await db.query('INSERT INTO family_attributes (family_id, attribute_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING', [familyUuid, attributeUuids]);
}

export interface FamilyFields {
  family_id: string;
  name: string;
  description: string | null;
}

export async function insertFamily(db: SqlRunner, accountId: string, fields: FamilyFields): Promise<string | undefined> {
  const rows = await db.query<{ id: string }>(
    `INSERT INTO families (account_id, family_id, name, description) VALUES ($1, $2, $3, $4)
     ON CONFLICT (account_id, family_id) DO NOTHING RETURNING id`,
    [accountId, fields.family_id, fields.name, fields.description],
  );
  return rows[0]?.id;
}

export async function updateFamily(db: SqlRunner, id: string, fields: FamilyFields): Promise<boolean> {
  const rows = await db.query(
    `UPDATE families SET family_id = $2, name = $3, description = $4, updated_at = now()
     WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM families o WHERE o.account_id = families.account_id AND o.family_id = $2 AND o.id <> $1)
     RETURNING id`,
    [id, fields.family_id, fields.name, fields.description],
  );
  return rows.length > 0;
}

/** Products of the family are left without one (ON DELETE SET NULL), which also recomputes their completeness. */
export async function deleteFamily(db: SqlRunner, id: string): Promise<void> {
  await db.query('DELETE FROM families WHERE id = $1', [id]);
}

/** After a schema change: every product's completeness from the schema as it now is. */
export async function refreshCompleteness(db: SqlRunner, accountId: string): Promise<void> {
  await db.query(
    `UPDATE products SET completeness = product_completeness(id, account_id, family_id)
     WHERE account_id = $1 AND deleted_at IS NULL AND completeness IS DISTINCT FROM product_completeness(id, account_id, family_id)`,
    [accountId],
  );
}

export async function findAttributeRow(db: SqlRunner, accountId: string, id: string): Promise<AttributeRow> {
  const rows = await db.query<AttributeRow>(`SELECT ${ATTRIBUTE_COLUMNS} FROM attributes a WHERE a.account_id = $1 AND a.id = $2`, [accountId, id]);
  return firstRow(rows, 'find attribute');
}

export async function findFamilyRow(db: SqlRunner, accountId: string, id: string): Promise<FamilyRow> {
  const rows = await db.query<FamilyRow>(`SELECT ${FAMILY_COLUMNS} FROM families f WHERE f.account_id = $1 AND f.id = $2`, [accountId, id]);
  return firstRow(rows, 'find family');
}
