import { h } from 'preact';
import htm from 'htm';

/** JSX-like templates without a build step: htm turns tagged templates into Preact elements. */
export const html = htm.bind(h);
