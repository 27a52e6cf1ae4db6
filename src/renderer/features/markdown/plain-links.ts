import type { Nodes, Parent, Root, RootContent } from 'mdast';

/** The text of a node, as it reads. */
function textOf(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child)).join('') : '';
}

/** A mail address written out in the text, which GFM turned into a mailto link. */
const isWrittenAddress = (node: RootContent): boolean =>
  node.type === 'link' && node.url.startsWith('mailto:') && node.url.slice('mailto:'.length) === textOf(node);

/** Replaces, under `parent`, each link that `unlink` picks by its own children; `inHeading` says where the walk is. */
function walk(parent: Parent, inHeading: boolean): void {
  parent.children = parent.children.flatMap((child): RootContent[] => {
    if (child.type === 'link' && (inHeading || isWrittenAddress(child))) {
      walk(child, inHeading);
      return child.children;
    }
    if ('children' in child) walk(child, inHeading || child.type === 'heading');
    return [child];
  });
}

/**
 * A remark plugin: headings never hold links, and a mail address in the text (the user's own, in the
 * guide; one read on screen, in a reply) stays text rather than becoming a mailto link that would open
 * a mail program at a click. Links written as links stay links.
 */
export function remarkPlainLinks() {
  return (tree: Root): void => walk(tree, false);
}
