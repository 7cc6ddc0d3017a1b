// What the docs link test reads out of a Markdown file: its headings' anchors and its links, with
// fenced code blocks and inline code left out (a `[x](y)` or `# comment` there is not Markdown).

/**
 * GitHub's heading anchor: lowercase, every character dropped that is not a letter, mark,
 * number, connector (`_`), hyphen or space, then each space a hyphen. Hand-written because
 * `github-slugger` (the library GitHub's rule is published as) is not among the installed
 * packages; this is the same expression it applies.
 */
export function githubSlug(headingText: string): string {
  return headingText
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The text a heading renders to: inline code, emphasis, links and HTML tags reduced to their words. */
function renderedText(markdown: string): string {
  return markdown
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/\*+([^*]+)\*+/g, '$1')
    .trim();
}

export interface MarkdownLink {
  line: number;
  target: string;
}

export interface MarkdownOutline {
  anchors: Set<string>;
  links: MarkdownLink[];
  /** The lines outside fenced code blocks, with inline code removed. */
  proseLines: { line: number; text: string }[];
  /** The line of a code fence never closed (the rest of the file would render as code), or null. */
  unclosedFence: number | null;
}

const FENCE = /^\s{0,3}(`{3,}|~{3,})/;
const HEADING = /^\s{0,3}(#{1,6})\s+(.*?)\s*#*\s*$/;
const LINK = /!?\[(?:[^\][]|\[[^\]]*\])*\]\(\s*<?([^\s)>]+)>?(?:\s+"[^"]*")?\s*\)/g;
const REFERENCE_DEFINITION = /^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+".*")?\s*$/;

export function outlineOf(markdown: string): MarkdownOutline {
  const anchors = new Set<string>();
  const links: MarkdownLink[] = [];
  const proseLines: { line: number; text: string }[] = [];
  let openFence: string | null = null;
  let openedAt = 0;
  markdown.split('\n').forEach((raw, index) => {
    const line = index + 1;
    const fence = FENCE.exec(raw);
    if (openFence !== null) {
      if (fence !== null && fence[1]?.[0] === openFence[0] && (fence[1]?.length ?? 0) >= openFence.length) openFence = null;
      return;
    }
    if (fence?.[1] !== undefined) {
      openFence = fence[1];
      openedAt = line;
      return;
    }
    const heading = HEADING.exec(raw);
    if (heading?.[2] !== undefined) {
      // GitHub numbers a repeated anchor -1, -2 …, skipping any number another heading already took.
      const slug = githubSlug(renderedText(heading[2]));
      let unique = slug;
      for (let n = 1; anchors.has(unique); n++) unique = `${slug}-${n}`;
      anchors.add(unique);
    }
    const text = raw.replace(/`[^`]*`/g, '');
    proseLines.push({ line, text });
    const definition = REFERENCE_DEFINITION.exec(text);
    if (definition?.[1] !== undefined) links.push({ line, target: definition[1] });
    for (const match of text.matchAll(LINK)) if (match[1] !== undefined) links.push({ line, target: match[1] });
  });
  return { anchors, links, proseLines, unclosedFence: openFence === null ? null : openedAt };
}
