/** Length limits of the record's fields (characters), and of the lists the engine writes. */
export const LIMITS = {
  title: 150,
  shortDescription: 250,
  titleTag: 60,
  metaDescription: 160,
  keyFeaturesMin: 3,
  keyFeatures: 7,
  keyFeatureLength: 200,
  keywords: 10,
} as const;
