/**
 * Generated blocks inside hand-written docs: a block sits between two HTML comments, so the prose around
 * it stays the author's and only the block is rewritten (`npm run docs:api`, `npm run bench`).
 */

const start = (name: string): string => `<!-- generated:${name} -->`;
const end = (name: string): string => `<!-- end generated:${name} -->`;

/** The text between the block's markers, or null when the doc has no such block. */
export function readBlock(doc: string, name: string): string | null {
  const from = doc.indexOf(start(name));
  const to = doc.indexOf(end(name));
  if (from < 0 || to < from) return null;
  return doc
    .slice(from + start(name).length, to)
    .replace(/^\n/, '')
    .replace(/\n$/, '');
}

/** The doc with the block's content replaced; throws when the markers are missing, naming them. */
export function replaceBlock(doc: string, name: string, content: string, docName: string): string {
  const from = doc.indexOf(start(name));
  const to = doc.indexOf(end(name));
  if (from < 0 || to < from)
    throw new Error(`${docName} has no block ${start(name)} … ${end(name)}; put the two markers where the block goes.`);
  return `${doc.slice(0, from)}${start(name)}\n${content}\n${doc.slice(to)}`;
}
