// Prompt caching. Providers cache the start of a prompt: OpenAI by itself once 1,024 tokens of a
// prompt match one it has seen (then in steps of 128), Anthropic up to a breakpoint the request
// marks, when that start is long enough for the model (1,024 tokens for Sonnet 4.5). So every call
// runs from what changes least to what changes most: the output schema and the step's instructions
// (the same for every product of every account; an account's attribute_ids narrow the draft schema,
// the same for all its products), then the <task> block (the same for every product sent to the
// same countries), then the product's own data. A breakpoint ends each of the first two.
import type { SystemModelMessage, UserModelMessage } from 'ai';

/** Marks the end of a part as a cache breakpoint (Anthropic; other providers ignore it). */
export const CACHE_BREAKPOINT = { anthropic: { cacheControl: { type: 'ephemeral' } } } satisfies NonNullable<SystemModelMessage['providerOptions']>;

const TASK_END = '</task>\n';

/**
 * The user message of a step: a text that starts with its <task> block is sent as two parts, the
 * task ending a cache breakpoint, then the product's own data. Joined they are the text as given.
 * Block contents are escaped JSON (prompt-data.ts), so the first `</task>` ends the task block.
 */
export function userMessage(text: string): UserModelMessage {
  const end = text.startsWith('<task>') ? text.indexOf(TASK_END) : -1;
  if (end < 0) return { role: 'user', content: text };
  const cut = end + TASK_END.length;
  return {
    role: 'user',
    content: [
      { type: 'text', text: text.slice(0, cut), providerOptions: CACHE_BREAKPOINT },
      { type: 'text', text: text.slice(cut) },
    ],
  };
}
