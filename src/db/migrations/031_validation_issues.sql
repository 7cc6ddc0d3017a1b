-- A record's validation messages become issues: each finding names the field it is about and the
-- check that made it, beside the sentence a person reads, so no client reads the sentence to place
-- it (the API still lists the sentences as `validation_messages`).
-- Findings stored before this were sentences only. Each is named here once, from its wording: the
-- field path a check's sentence starts with ("title: …", "Regeneration: global_attr.colour: …",
-- "Grounding check: title states …"), the field the template engine's and the image notes speak
-- of, else the longest field name the sentence mentions. The check is named where the wording is
-- one check's alone, else `unclassified`.
ALTER TABLE product_content RENAME COLUMN validation_messages TO validation_issues;

UPDATE product_content c
SET validation_issues = (
  SELECT coalesce(jsonb_agg(jsonb_build_object('field', named.field, 'check', named.check_name, 'message', e.message) ORDER BY e.n), '[]'::jsonb)
  FROM jsonb_array_elements_text(c.validation_issues) WITH ORDINALITY AS e(message, n)
  CROSS JOIN LATERAL (SELECT lower(e.message) AS m) l
  CROSS JOIN LATERAL (
    SELECT
      coalesce(
        substring(l.m FROM '^(?:regeneration: )?(?:grounding check: )?(global_attr\.[a-z0-9_]+|title_tag|title|short_description|description|key_features|meta_description|meta_keywords)(?:\.[0-9]+)?(?::| states )'),
        substring(l.m FROM '^markup was removed from the (global_attr\.[a-z0-9_]+|title_tag|title|short_description|description|key_features|meta_description|meta_keywords)(?: \(|\.$)'),
        CASE
          WHEN l.m LIKE 'markup was removed from the data of source %' OR l.m LIKE 'source %' THEN NULL
          WHEN l.m LIKE 'the picture %' OR l.m LIKE 'image %' OR l.m LIKE 'the model could not read the product pictures%' THEN 'images'
          WHEN l.m LIKE 'the product name is in %' OR l.m LIKE 'the facts give no product name%' THEN 'title'
          WHEN l.m LIKE 'the ingredients list is in %' THEN 'global_attr.ingredients'
          WHEN l.m LIKE 'the allergens are in %' THEN 'global_attr.allergens'
          WHEN l.m LIKE 'these attribute values %' THEN 'global_attr'
          WHEN l.m LIKE 'the facts say nothing beyond %' OR l.m LIKE '% promotional sentence(s) %' THEN 'description'
          WHEN l.m LIKE 'the template engine has no language pack %' OR l.m LIKE 'note not applied %' THEN NULL
          ELSE (
            SELECT f.name
            FROM unnest(ARRAY['short_description', 'meta_description', 'meta_keywords', 'key_features', 'description', 'title_tag', 'title']) AS f(name)
            WHERE strpos(l.m, f.name) > 0 OR strpos(l.m, replace(regexp_replace(f.name, 's$', ''), '_', ' ')) > 0
            ORDER BY length(f.name) DESC
            LIMIT 1
          )
        END
      ) AS field,
      CASE
        WHEN l.m ~ '^(regeneration: )?grounding check: ' THEN 'ungrounded'
        WHEN l.m LIKE 'markup was removed from %' THEN 'markup'
        WHEN l.m LIKE 'source %' THEN 'source'
        WHEN l.m LIKE 'the picture %' OR l.m LIKE 'image %' OR l.m LIKE 'the model could not read the product pictures%' THEN 'images'
        WHEN l.m LIKE '% is not a value of the schema that a cited fact states;%' THEN 'attribute_value'
        WHEN l.m LIKE 'the template engine has no language pack %' THEN 'language_pack'
        WHEN l.m LIKE '%; the template engine does not translate, %' OR l.m LIKE 'these attribute values are in another language %' THEN 'untranslated'
        WHEN l.m LIKE 'these attribute values state no language %' THEN 'unknown_language'
        WHEN l.m LIKE 'the facts give no product name%' THEN 'title_from_description'
        WHEN l.m LIKE 'the facts say nothing beyond %' THEN 'no_description'
        WHEN l.m LIKE 'only % key feature(s)%' THEN 'few_key_features'
        WHEN l.m LIKE '% promotional sentence(s) %' THEN 'promotional'
        WHEN l.m LIKE 'note not applied %' THEN 'note_not_applied'
        WHEN l.m LIKE 'regeneration: instruction for %' OR l.m LIKE 'regeneration: % was used as the new %' OR l.m LIKE 'regeneration: % has no fact to rebuild it from %' THEN 'instruction'
        WHEN l.m LIKE 'regeneration: % was cut to % characters.' THEN 'length'
        ELSE 'unclassified'
      END AS check_name
  ) named
)
WHERE jsonb_typeof(c.validation_issues) = 'array' AND c.validation_issues <> '[]'::jsonb;
