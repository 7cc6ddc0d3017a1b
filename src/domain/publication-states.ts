/** Where a person has got with reviewing the product (docs/api.md, "Changing, deleting and reviewing"); a new record waits for review. */
export const PUBLICATION_STATES = ['pending_review', 'ready', 'online'] as const;
export type PublicationState = (typeof PUBLICATION_STATES)[number];
