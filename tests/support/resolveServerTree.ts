import { createElement, isValidElement, type ReactElement, type ReactNode } from 'react';

/**
 * Awaits the async (server) components of a tree, so renderToString can render the rest: how
 * the unit tests render server pages without Next.
 */
export async function resolveServerTree(node: ReactNode): Promise<ReactNode> {
  if (Array.isArray(node)) return Promise.all(node.map(resolveServerTree));
  if (!isValidElement(node)) return node;
  const element = node as ReactElement<{ children?: ReactNode }>;
  if (typeof element.type === 'function' && element.type.constructor.name === 'AsyncFunction') {
    const render = element.type as (props: unknown) => Promise<ReactNode>;
    return resolveServerTree(await render(element.props));
  }
  const { children } = element.props;
  if (children === undefined) return element;
  const props = { ...element.props, key: element.key };
  // Spread, so that JSX's fixed lists of children stay fixed (no key warnings for them).
  if (Array.isArray(children)) return createElement(element.type, props, ...(await Promise.all(children.map(resolveServerTree))));
  return createElement(element.type, props, await resolveServerTree(children));
}
